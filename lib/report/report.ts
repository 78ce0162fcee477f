// The dashboard's figures, from the in-memory indexes of the stays and ICD codes, never a KV scan.
import type { Visit } from "../ipd/model.ts";
import type { IcdKind } from "../ipd/icd_pattern.ts";
import type { Doc, MemIndex } from "../index/index.ts";
import { joinStayColumns, stayColumns } from "./columns.ts";
import { codeCounts, codeSums, periodSlice } from "./column_query.ts";
import type { Store } from "../db/store.ts";
import { visitsOf } from "../ipd/stay.ts";
import { type Period, periodInstants, todayPeriod } from "./period.ts";

/** The stays' index with its report columns ready (the warm-up's build under way awaited). */
export async function reportStays(store: Store): Promise<MemIndex<Visit>> {
  const visits = await visitsOf(store).index();
  await joinStayColumns(visits);
  return visits;
}

/** `GET /api/report/medical-record-info`: the five counters. */
export interface MedicalRecordInfo {
  /** Stays admitted today. */
  pasien_baru: { count: number };
  /** Stays not discharged (status "dirawat"). */
  pasien_sedang_dirawat: { count: number };
  /** Stays discharged today. */
  pasien_pulang_hari_ini: { count: number };
  /** Readmissions admitted in the period. */
  pasien_readmisi_count: { count: number };
  /** Stays not discharged below 0 %, and the sum of their hospital tariffs over their packages. */
  negativePercentage: { count: number; rupiah: number };
}

/** The counters; "today" and "now" ignore the period, readmissions are counted in it. */
export function medicalRecordInfo(
  visits: MemIndex<Visit>,
  period: Period,
  now = new Date(),
): MedicalRecordInfo {
  const { from, to } = periodInstants(todayPeriod(now));
  const discharged = visits.range("tanggal_pulang", from, to)
    .filter((r) => r.value.status === "pulang").length;
  const open = visits.where("status", "dirawat");
  let negative = 0, rupiah = 0;
  for (const r of open) {
    const p = r.value.percentageTotal;
    if (p != null && p < 0) {
      negative++;
      rupiah += (r.value.tarifRsTotal ?? 0) - (r.value.tarifInaTotal ?? 0);
    }
  }
  const cols = stayColumns(visits);
  const [start, end] = periodSlice(cols, period);
  let readmisi = 0;
  for (let i = start; i < end; i++) readmisi += cols.readmisi[i];
  return {
    pasien_baru: { count: visits.range("visitDate", from, to).length },
    pasien_sedang_dirawat: { count: open.length },
    pasien_pulang_hari_ini: { count: discharged },
    pasien_readmisi_count: { count: readmisi },
    negativePercentage: { count: negative, rupiah },
  };
}

/** One code of a top list: in how many stays it was found, and their packages' rupiah. */
export interface IcdCount {
  code: string;
  count: number;
  /** The sum of `tarifInaTotal` over those stays. */
  rupiah: number;
  /** Its Indonesian name where the code set has one, else its English one. */
  desc: string;
  /** Its English name, when `desc` is the Indonesian one; else ''. */
  descEn: string;
}

/** What a top list ranks by: patients (stays) or their packages' rupiah. */
export type TopBy = "pasien" | "rupiah";

/**
 * `GET /api/report/top-icd-10` / `top-icd-9`: the 10 codes of the most stays admitted in the
 * period (or `by` "rupiah", package sum; ties by code), named from the code set.
 */
export function topIcd(
  visits: MemIndex<Visit>,
  icd: MemIndex<Doc>,
  kind: IcdKind,
  period: Period,
  by: TopBy,
): IcdCount[] {
  const cols = stayColumns(visits);
  const [start, end] = periodSlice(cols, period);
  const col = kind === "icd10" ? cols.codes10 : cols.codes9;
  const counts = codeCounts(col, start, end, cols.names.length);
  const sums = codeSums(col, cols.ina, start, end, cols.names.length);
  const found: number[] = [];
  for (let id = 0; id < counts.length; id++) if (counts[id]) found.push(id);
  const { names } = cols;
  const rank = by === "rupiah" ? sums : counts;
  found.sort((a, b) => rank[b] - rank[a] || (names[a] < names[b] ? -1 : 1));
  return found.slice(0, 10).map((id) => {
    const code = names[id];
    const hit = icd.where("code", code).find((r) => r.value.kind === kind);
    const en = String(hit?.value.desc ?? "").trim();
    const indo = String(hit?.value.desc_indo ?? "").trim();
    return {
      code,
      count: counts[id],
      rupiah: sums[id],
      desc: indo || en,
      descEn: indo ? en : "",
    };
  });
}

/** One side of the tariff analysis: how many stays and their rupiah difference. */
export interface TariffSide {
  label: string;
  /** Number of stays. */
  data: number;
  /** Sum of INA-CBG total minus hospital total over those stays, in rupiah. */
  sum: number;
}

/** `GET /api/report/analysis-tarif-info`. */
export interface TariffAnalysis {
  positivePercentage: TariffSide;
  negativePercentage: TariffSide;
}

/** Stays admitted in the period at or above 0 %, and below, with their INA − RS sums. */
export function tariffAnalysis(visits: MemIndex<Visit>, period: Period): TariffAnalysis {
  const pos = { label: "Positif (≥ 0%)", data: 0, sum: 0 };
  const neg = { label: "Negatif (< 0%)", data: 0, sum: 0 };
  const cols = stayColumns(visits);
  const [start, end] = periodSlice(cols, period);
  for (let i = start; i < end; i++) {
    const p = cols.pct[i];
    if (Number.isNaN(p)) continue;
    const side = p < 0 ? neg : pos;
    side.data++;
    side.sum += cols.diff[i];
  }
  return { positivePercentage: pos, negativePercentage: neg };
}

/** One DPJP with patients now admitted. */
export interface DpjpCount {
  doctorInfo: { _id: string; fullname: string };
  patientCount: number;
}

/** `GET /api/report/dpjp-info`: each DPJP with stays now admitted, how many, most first. */
export function dpjpInfo(visits: MemIndex<Visit>): DpjpCount[] {
  const by = new Map<string, DpjpCount>();
  for (const { value: v } of visits.where("status", "dirawat")) {
    if (!v.dpjp?._id) continue;
    const { _id, fullname } = v.dpjp;
    const d = by.get(_id);
    if (d) d.patientCount++;
    else by.set(_id, { doctorInfo: { _id, fullname }, patientCount: 1 });
  }
  return [...by.values()].sort((a, b) =>
    b.patientCount - a.patientCount ||
    a.doctorInfo.fullname.localeCompare(b.doctorInfo.fullname, "id")
  );
}
