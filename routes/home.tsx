import { Hono } from "hono";
import { Dashboard } from "../components/Dashboard.tsx";
import { SetupChecklist } from "../components/SetupChecklist.tsx";
import { setupSteps } from "../lib/settings/setup.ts";
import type { AppEnv } from "../lib/http/env.ts";
import { hospitalDay } from "../lib/hospital_time.ts";
import { renderPage } from "./_render.tsx";
import { medicalRecordInfo, reportStays } from "../lib/report/report.ts";
import {
  currentMonth,
  lastMonth,
  parsePeriod,
  type Period,
  PeriodError,
} from "../lib/report/period.ts";
import type { Registry } from "../lib/resource/refs.ts";
import { readinessCounts } from "../lib/claim/list.ts";
import { claimDashboard } from "../lib/claim/figures.ts";
import type { ClaimSummary } from "../components/claim/ClaimDashboard.tsx";
import type { Store } from "../lib/db/store.ts";
import { badRequest } from "../lib/errors.ts";
import { auditWithChanges, can } from "../lib/http/request.ts";
import { trackJob } from "../lib/http/progress.ts";
import { readFields } from "../lib/http/http.ts";
import { loadOfficialRegions, OFFICIAL_REGIONS_NAME } from "../lib/settings/official_regions.ts";

/** The list `POST /api/setup/official-regions` loads, named by the request (`list`). */
export const OFFICIAL_REGIONS_LIST = "kepmendagri-2025";

/** The claims' counters and figures of the period (the figures by month of discharge). */
async function claimSummary(store: Store, registry: Registry, p: Period): Promise<ClaimSummary> {
  const [counts, figures] = await Promise.all([
    readinessCounts(store, registry, { from: p.startDate, to: p.endDate }),
    claimDashboard(store, { from: p.startDate.slice(0, 7), to: p.endDate.slice(0, 7) }),
  ]);
  return { ...counts, figures };
}

/** `fn`'s result, or null when it fails (logged as `what`): the page shows without it. */
async function orNull<T>(what: string, fn: () => Promise<T>): Promise<T | null> {
  try {
    return await fn();
  } catch (e) {
    console.error(`${what} gagal dihitung:`, e);
    return null;
  }
}

/** The start page: the dashboard for a period (malformed: 400, with this month). */
export function homeRoutes(registry: Registry) {
  const r = new Hono<AppEnv>();
  r.get("/", async (c) => {
    const now = c.get("now")();
    let period: Period, error = "";
    try {
      period = parsePeriod(c.req.query(), now);
    } catch (e) {
      if (!(e instanceof PeriodError)) throw e;
      period = currentMonth(now);
      error = `${e.message} Menampilkan bulan ini.`;
    }
    const store = c.get("store");
    const info = await orNull(
      "Ringkasan dasbor",
      async () => medicalRecordInfo(await reportStays(store), period, now),
    );
    const claims = await orNull(
      "Ringkasan klaim dasbor",
      () => claimSummary(store, registry, period),
    );
    const steps = await setupSteps(store, registry);
    const canLoad = can(c, "POST", "/api/setup/official-regions");
    return renderPage(c, {
      title: "Beranda",
      status: error ? 400 : 200,
      body: (
        <>
          <SetupChecklist steps={steps} regions={canLoad ? OFFICIAL_REGIONS_LIST : null} />
          <Dashboard
            info={info}
            period={period}
            previous={lastMonth(now)}
            today={hospitalDay(now)}
            error={error}
            claims={claims}
          />
        </>
      ),
    });
  });
  // the checklist's 'Muat data wilayah resmi': the shipped list, once, with its progress
  r.post("/api/setup/official-regions", async (c) => {
    const { list } = await readFields(c);
    if (list !== OFFICIAL_REGIONS_LIST) {
      throw badRequest(`Daftar wilayah tidak dikenal; yang tersedia: ${OFFICIAL_REGIONS_LIST}.`);
    }
    const progress = trackJob(c, "Muat data wilayah resmi");
    const res = await loadOfficialRegions(c.get("store"), registry, progress, (def, result) => {
      const { created, updated, unchanged, skipped } = result;
      const after = { file: OFFICIAL_REGIONS_NAME, created, updated, unchanged, skipped };
      return auditWithChanges(c, { action: "import", entity: def.name, after });
    }, c.get("config").regionList);
    return c.json({ success: true, message: res.message, levels: res.levels });
  });
  return r;
}
