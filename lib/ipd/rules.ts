import {
  daysBetween,
  hospitalDay,
  hospitalDayNumber,
  utcHour,
  zoneLabel,
} from "../hospital_time.ts";
import { formatDateTime } from "../format.ts";

// The rules of an inpatient stay, free of storage; days are the hospital's calendar days.

/** A stay is a readmission when the previous one ended less than this many days before. */
export const READMISSION_DAYS = 30;

/** (ina - rs) / ina x 100, unrounded (`roundPercent` where shown); null without an INA tariff. */
export function percentage(ina: number | null | undefined, rs: number): number | null {
  if (!ina || !Number.isFinite(ina) || !Number.isFinite(rs)) return null;
  return (ina - rs) / ina * 100;
}

/**
 * The one rounding of percentages: two decimals, half away from zero on the decimal digits
 * (1.005 → 1.01 though stored as 1.00499…); a loss too small to show keeps its sign (-0).
 */
export function roundPercent(p: number): number {
  const r = Math.round(Number((Math.abs(p) * 100).toPrecision(12))) / 100;
  return p < 0 ? -r : r;
}

/** What the totals need of an examination. */
export interface TariffDay {
  _id: string;
  examinationDate: string;
  tarif_ina: number;
  tarif_rs: number;
  /** The chosen INA-CBG grouping; null when none was chosen (the stay's package is kept). */
  grouping?: { kode_inacbg: string } | null;
  /** The treatment class of the chosen tariff (first|second|third). */
  tarifinacbgSelect?: string;
}

/** Whether an examination chose a grouping (without the field: whether it has an INA tariff). */
const graded = (d: TariffDay) => d.grouping === undefined ? d.tarif_ina > 0 : d.grouping != null;

/** A stay's totals and each examination's own percentage. */
export interface StayTotals {
  /** Examination ids in order: by date, then by id (creation order). */
  order: string[];
  /** Each examination's `tarif_ina` against the hospital charges up to and including it. */
  percentages: Map<string, number | null>;
  tarifRsTotal: number;
  tarifInaTotal: number;
  percentageTotal: number | null;
  latestTarifIna: number | null;
  latestTarifRs: number | null;
  latestPercentage: number | null;
  /** The INA-CBG code of the package in force (the latest grouping chosen); null when none. */
  inacbg: string | null;
  /** The treatment class (first|second|third) of that package's tariff; '' when none. */
  inacbgKelas: string;
}

const cmp = (x: string, y: string) => x < y ? -1 : x > y ? 1 : 0;

/** Orders examinations by date, then id. */
export function examOrder<T extends { _id: string; examinationDate: string }>(list: T[]): T[] {
  return [...list].sort((a, b) => cmp(a.examinationDate, b.examinationDate) || cmp(a._id, b._id));
}

/** A stay's totals: the hospital's summed, INA-CBG's the latest grouping's (none kept in force). */
export function stayTotals(days: TariffDay[]): StayTotals {
  const sorted = examOrder(days);
  const percentages = new Map<string, number | null>();
  let rs = 0;
  let ina = 0;
  let inacbg: string | null = null;
  let inacbgKelas = "";
  for (const d of sorted) {
    rs += d.tarif_rs;
    if (graded(d)) {
      ina = d.tarif_ina;
      inacbg = d.grouping?.kode_inacbg ?? null;
      inacbgKelas = d.tarifinacbgSelect ?? "";
    }
    percentages.set(d._id, percentage(ina, rs));
  }
  const last = sorted.at(-1);
  return {
    order: sorted.map((d) => d._id),
    percentages,
    tarifRsTotal: rs,
    tarifInaTotal: ina,
    percentageTotal: last ? percentage(ina, rs) : null,
    latestTarifIna: last ? ina : null,
    latestTarifRs: last ? last.tarif_rs : null,
    latestPercentage: last ? percentages.get(last._id)! : null,
    inacbg,
    inacbgKelas,
  };
}

/** Length of stay: calendar days from admission to discharge (or `now`), at least 1. */
export function lengthOfStay(visitDate: string, discharge: string | null, now = new Date()) {
  return Math.max(1, hospitalDayNumber(discharge ?? now) - hospitalDayNumber(visitDate));
}

/** Positions of a stay's numbers kept by the in-memory index (see `stayNumbers`). */
export const STAY_NUMBER = { admitHour: 0, dischargeHour: 1, percentage: 2, readmisi: 3 } as const;

/** The numbers the lists filter on: admission, discharge UTC hour (NaN: none), %, readmission. */
export function stayNumbers(v: {
  visitDate: string;
  tanggal_pulang: string | null;
  percentageTotal: number | null;
  readmisi: boolean;
}): number[] {
  return [
    utcHour(v.visitDate),
    v.tanggal_pulang ? utcHour(v.tanggal_pulang) : NaN,
    v.percentageTotal ?? NaN,
    v.readmisi ? 1 : 0,
  ];
}

/** A readmission: the previous stay was discharged less than 30 calendar days before. */
export function isReadmission(previousDischarge: string | null, admission: string): boolean {
  if (!previousDischarge) return false;
  const days = daysBetween(hospitalDay(previousDischarge), hospitalDay(admission));
  return days >= 0 && days < READMISSION_DAYS;
}

/**
 * Analysis colour. Lists: under 0 red, 0 to under 20 yellow (black text), 20 or more green.
 * Examination table: 0 or more green, below 0 red. No percentage: no colour.
 */
export function analysisColour(
  p: number | null | undefined,
  where: "list" | "exam",
): "red" | "yellow" | "green" | "" {
  if (p == null || !Number.isFinite(p)) return "";
  if (p < 0) return "red";
  if (where === "exam") return "green";
  return p < 20 ? "yellow" : "green";
}

/** A percentage as shown: '12,51 %' (`roundPercent`), '-0,00 %' for a tiny loss, '-' none. */
export function formatPercent(p: number | null | undefined): string {
  if (p == null || !Number.isFinite(p)) return "-";
  const r = Math.abs(roundPercent(p)).toFixed(2).replace(".", ",");
  return `${p < 0 ? "-" : ""}${r} %`;
}

/** A percentage as an export cell: `roundPercent`, a loss rounding to 0 kept exact (-0.00). */
export function percentCell(p: number | null | undefined): number | null {
  if (p == null || !Number.isFinite(p)) return null;
  const r = roundPercent(p);
  return r === 0 && p < 0 ? p : r;
}

/** The discharge summary: the examinations' diagnoses and procedures, first seen first. */
export function summaryIcd<I extends { code: string }>(
  exams: { diagnosis: I[]; tindakan: I[] }[],
): { summary_diagnosis: I[]; summary_tindakan: I[] } {
  const union = (lists: I[][]) => {
    const seen = new Map<string, I>();
    for (const list of lists) for (const i of list) if (!seen.has(i.code)) seen.set(i.code, i);
    return [...seen.values()];
  };
  return {
    summary_diagnosis: union(exams.map((e) => e.diagnosis)),
    summary_tindakan: union(exams.map((e) => e.tindakan)),
  };
}

/** How far past the clock a discharge time may be: a clock's difference, no more. */
export const DISCHARGE_AHEAD_MS = 3_600_000;

/** Why discharge time `at` (ISO) is refused as over an hour ahead of `now` (ms); '' if not. */
export function dischargeAheadProblem(at: string, now: number): string {
  if (!(Date.parse(at) > now + DISCHARGE_AHEAD_MS)) return "";
  return `Tanggal pulang (${formatDateTime(at)} ${zoneLabel()}) lebih dari 1 jam setelah ` +
    `sekarang (${formatDateTime(new Date(now).toISOString())}): kepulangan dicatat saat terjadi.`;
}

/** What a discharge with no primary diagnosis is asked, and refused without the confirmation. */
export const NO_DIAGNOSIS =
  "Diagnosis utama belum diisi: klaim kunjungan ini tertahan sampai diagnosis diisi.";
