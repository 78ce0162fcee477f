import { type Context, Hono } from "hono";
import type { AppEnv } from "../lib/http/env.ts";
import { badRequest } from "../lib/errors.ts";
import type { Registry } from "../lib/resource/refs.ts";
import {
  dpjpInfo,
  medicalRecordInfo,
  reportStays,
  tariffAnalysis,
  type TopBy,
  topIcd,
} from "../lib/report/report.ts";
import type { IcdKind } from "../lib/ipd/icd_pattern.ts";
import { parsePeriod, type Period, PeriodError } from "../lib/report/period.ts";
import { collectionOf } from "../lib/resource/resource.ts";

/** The period of a report call (`startDate`/`endDate` or `dateRange`); 400 when malformed. */
export function periodOf(c: Context<AppEnv>): Period {
  try {
    return parsePeriod({
      startDate: c.req.query("startDate"),
      endDate: c.req.query("endDate"),
      dateRange: c.req.query("dateRange"),
    }, c.get("now")());
  } catch (e) {
    if (e instanceof PeriodError) throw badRequest(e.message);
    throw e;
  }
}

/** The dashboard API (`/api/report/...`), over the in-memory index of the stays. */
export function reportApi(registry: Registry) {
  const r = new Hono<AppEnv>();
  const visits = (c: Context<AppEnv>) => reportStays(c.get("store"));

  r.get("/api/report/medical-record-info", async (c) => {
    const period = periodOf(c);
    return c.json(medicalRecordInfo(await visits(c), period, c.get("now")()));
  });
  const top = (kind: IcdKind) => async (c: Context<AppEnv>) => {
    const period = periodOf(c);
    const by = c.req.query("by") || "pasien";
    if (by !== "pasien" && by !== "rupiah") {
      throw badRequest(`Urutan "${by}" tidak dikenal; gunakan by=pasien atau by=rupiah.`);
    }
    const icd = await collectionOf(c.get("store"), registry.get("icd")!).index();
    return c.json(topIcd(await visits(c), icd, kind, period, by as TopBy));
  };
  r.get("/api/report/top-icd-10", top("icd10"));
  r.get("/api/report/top-icd-9", top("icd9"));
  r.get("/api/report/analysis-tarif-info", async (c) => {
    const period = periodOf(c);
    return c.json(tariffAnalysis(await visits(c), period));
  });
  r.get("/api/report/dpjp-info", async (c) => c.json(dpjpInfo(await visits(c))));
  return r;
}
