import {
  dayNumber,
  daysBetween,
  hospitalDay,
  hospitalDayNumber,
  parseDateTime,
  utcHour,
} from "../hospital_time.ts";
export {
  dayOfHour,
  daysBetween,
  dayStart,
  hospitalDay,
  hospitalDayNumber,
  hospitalZone,
  hourOfDay,
  parseDateTime,
  toLocalInput,
  zoneLabel,
} from "../hospital_time.ts";

/** @deprecated the hospital's day is not always Jakarta's: use `hospitalDay`. */
export const jakartaDay = hospitalDay;
/** @deprecated the hospital's day is not always Jakarta's: use `hospitalDayNumber`. */
export const jakartaDayNumber = hospitalDayNumber;

/**
 * The rules of an inpatient stay, free of storage: tariff totals and percentages, length of
 * stay, readmission, analysis colours, the discharge summary and keyword monitoring.
 * Days are calendar days in the hospital's time zone (lib/ipd/hospital_time.ts).
 */

/** A stay is a readmission when the previous one ended less than this many days before. */
export const READMISSION_DAYS = 30;

/** A parsed date range as day numbers (see `hospitalDayNumber`), both ends included. */
export function rangeDays(range: { from: string; to: string }): [number, number] {
  return [dayNumber(range.from), dayNumber(range.to)];
}

/** A test of whether an instant's hospital day lies in a parsed range (inclusive). */
export function rangeTest(range: { from: string; to: string }): (at: string | null) => boolean {
  const [from, to] = rangeDays(range);
  return (at) => {
    if (!at) return false;
    const d = hospitalDayNumber(at);
    return d >= from && d <= to;
  };
}

/**
 * (ina - rs) / ina x 100, unrounded: a loss is a loss however small (-0.004 % is below 0 in
 * the lists, the colours and the report); it is rounded only where shown (`roundPercent`).
 * Null (shown '-') when there is no INA tariff to compare with, never Infinity or NaN.
 */
export function percentage(ina: number | null | undefined, rs: number): number | null {
  if (!ina || !Number.isFinite(ina) || !Number.isFinite(rs)) return null;
  return (ina - rs) / ina * 100;
}

/**
 * The one rounding of percentages (screens, print, export): two decimals, half away from
 * zero on the decimal digits (12.505 → 12.51, -12.505 → -12.51, 1.005 → 1.01 though 1.005
 * is stored as 1.00499…). A loss too small to show keeps its sign: -0.004 → -0.
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

/** Orders examinations by date, then id. */
export function examOrder<T extends { _id: string; examinationDate: string }>(list: T[]): T[] {
  return [...list].sort((a, b) =>
    a.examinationDate < b.examinationDate
      ? -1
      : a.examinationDate > b.examinationDate
      ? 1
      : a._id < b._id
      ? -1
      : a._id > b._id
      ? 1
      : 0
  );
}

/**
 * One package per stay, a bill that accumulates: the hospital total is the sum of every
 * day's charges, the INA-CBG total is the tariff of the latest grouping chosen. An examination
 * without a grouping keeps the package in force (its percentage is measured against it).
 */
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

/**
 * Length of stay: the hospital's calendar days from admission to discharge (to `now` while still
 * admitted), at least 1.
 */
export function lengthOfStay(visitDate: string, discharge: string | null, now = new Date()) {
  return Math.max(1, hospitalDayNumber(discharge ?? now) - hospitalDayNumber(visitDate));
}

/** Positions of a stay's numbers kept by the in-memory index (see `stayNumbers`). */
export const STAY_NUMBER = { admitHour: 0, dischargeHour: 1, percentage: 2, readmisi: 3 } as const;

/**
 * The numbers the lists filter a stay on, kept by the in-memory index so a filter over 50,000
 * stays tests typed arrays instead of reading each stay: admission and discharge hour (UTC hour
 * numbers, `utcHour`, NaN while admitted: free of the hospital's zone, so a change of zone
 * leaves them true), `percentageTotal` (NaN when none) and readmission (1/0).
 */
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

/** The length-of-stay filter's choices. */
export const DURATIONS = [
  { id: "1-3", text: "1-3 hari" },
  { id: "4-7", text: "4-7 hari" },
  { id: "8-14", text: "8-14 hari" },
  { id: ">14", text: "Lebih dari 14 hari" },
];

/** The lengths of stay a duration filter takes, both ends included (none: `[1, 0]`). */
export function durationBounds(filter: string): [number, number] {
  const f = filter.trim();
  if (f === ">14" || f === "14+" || f === "15+") return [15, Infinity];
  const m = f.match(/^(\d+)-(\d+)$/);
  return m ? [+m[1], +m[2]] : [1, 0];
}

/** Whether a length of stay falls in a duration filter (`1-3`, `4-7`, `8-14`, `>14`). */
export function inDuration(days: number, filter: string): boolean {
  const [lo, hi] = durationBounds(filter);
  return days >= lo && days <= hi;
}

/** A known duration filter value, or '' when absent. Throws on anything else. */
export function durationFilter(v: string | null): string {
  const f = (v ?? "").trim();
  if (!f) return "";
  if (inDuration(1, f) || inDuration(20, f) || /^\d+-\d+$/.test(f)) return f;
  throw new RangeError(`Filter lama rawat "${f}" tidak dikenal (1-3, 4-7, 8-14 atau >14).`);
}

/**
 * Reads the date-range filter `YYYY-MM-DD / YYYY-MM-DD` (either side may be left out; one
 * date alone means that day). Returns null when absent; throws on a malformed range.
 */
export function parseDateRange(v: string | null): { from: string; to: string } | null {
  const s = (v ?? "").trim();
  if (!s) return null;
  const parts = s.split(/\s*(?:\/|\s-\s|\bs\.?d\.?\b)\s*/);
  const ok = (d: string) => d === "" || (/^\d{4}-\d{2}-\d{2}$/.test(d) && parseDateTime(d) != null);
  const [from = "", to = parts.length === 1 ? from : ""] = parts;
  if (parts.length > 2 || !ok(from) || !ok(to) || (from && to && from > to)) {
    throw new RangeError(
      `Rentang tanggal "${s}" tidak valid; gunakan YYYY-MM-DD / YYYY-MM-DD.`,
    );
  }
  return { from: from || "0000-01-01", to: to || "9999-12-31" };
}

/** Whether an instant's hospital day lies in a parsed range (inclusive). */
export function inRange(at: string | null, range: { from: string; to: string }): boolean {
  return rangeTest(range)(at);
}

/**
 * A readmission: the patient's previous stay was discharged less than 30 hospital calendar
 * days before this admission.
 */
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

/**
 * A percentage as shown: '12,51 %' (`roundPercent`), '-0,00 %' for a loss too small to round
 * to a cent of a percent, '-' when there is none.
 */
export function formatPercent(p: number | null | undefined): string {
  if (p == null || !Number.isFinite(p)) return "-";
  const r = Math.abs(roundPercent(p)).toFixed(2).replace(".", ",");
  return `${p < 0 ? "-" : ""}${r} %`;
}

/**
 * A percentage as an export cell: `roundPercent`, except a loss that rounds to 0, kept exact
 * so that the sheet's `0.00` reads -0.00 as the screen does (a rounded -0 would read 0.00).
 */
export function percentCell(p: number | null | undefined): number | null {
  if (p == null || !Number.isFinite(p)) return null;
  const r = roundPercent(p);
  return r === 0 && p < 0 ? p : r;
}

/**
 * The discharge summary: the union of the examinations' diagnoses and procedures, in order of
 * first appearance (examinations taken in order).
 */
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

/** A code as keywords compare it (upper case, no dots or spaces), kept per text. */
const normed = new Map<string, string>();
const normCode = (c: string) => {
  let n = normed.get(c);
  if (n === undefined) {
    n = c.trim().toUpperCase().replace(/[.\s]/g, "");
    if (normed.size < 50_000) normed.set(c, n);
  }
  return n;
};

/** The ICD codes a disputed-claim entry names (`83.39;86.3` → two codes). */
export function keywordCodes(kodeIcd: string): string[] {
  return kodeIcd.split(/[;,/]/).map((c) => c.trim()).filter(Boolean);
}

/** A keyword's code as compared: a category (`J18`) also matches its subdivisions. */
interface KeyCode {
  code: string;
  category: boolean;
}

/** Each keyword text's codes, normalized once (the master list is short and recurs). */
const keywordNorms = new Map<string, KeyCode[]>();
const normsOf = (kodeIcd: string) => {
  let norms = keywordNorms.get(kodeIcd);
  if (!norms) {
    norms = keywordCodes(kodeIcd).map(normCode).map((code) => ({
      code,
      category: code.length >= 3 && /^[A-Z]/.test(code),
    }));
    keywordNorms.set(kodeIcd, norms);
  }
  return norms;
};
const hits = (norms: KeyCode[], picked: string[]) =>
  norms.some((k) => picked.some((c) => c === k.code || (k.category && c.startsWith(k.code))));

/**
 * Keyword monitoring: a keyword is hit while one of its ICD codes is among the chosen
 * diagnoses or procedures (a category code like `J18` also matches `J18.9`).
 */
export function keywordHit(kodeIcd: string, chosen: string[]): boolean {
  return hits(normsOf(kodeIcd), chosen.map(normCode));
}

/** Each keyword list's lookup of keywords by code (see `keywordHits`). */
const lookups = new WeakMap<readonly { kode_icd: string }[], {
  exact: Map<string, number[]>;
  category: Map<string, number[]>;
}>();

/**
 * The keywords of `list` that the chosen codes hit (`keywordHit`), in list order: each code is
 * looked up (whole, and each prefix for category keywords) instead of testing every keyword,
 * the lookup built once per list.
 */
export function keywordHits<K extends { kode_icd: string }>(
  list: readonly K[],
  chosen: string[],
): K[] {
  if (!list.length || !chosen.length) return [];
  let lookup = lookups.get(list);
  if (!lookup) {
    lookup = { exact: new Map(), category: new Map() };
    list.forEach((k, i) => {
      for (const n of normsOf(k.kode_icd)) {
        const into = n.category ? lookup!.category : lookup!.exact;
        into.set(n.code, [...into.get(n.code) ?? [], i]);
      }
    });
    lookups.set(list, lookup);
  }
  let found: Set<number> | null = null;
  const add = (at: number[] | undefined) => at?.forEach((i) => (found ??= new Set()).add(i));
  for (const c of chosen) {
    const n = normCode(c);
    add(lookup.exact.get(n));
    if (lookup.category.size) {
      for (let len = 3; len <= n.length; len++) add(lookup.category.get(n.slice(0, len)));
    }
  }
  return found ? list.filter((_, i) => found!.has(i)) : [];
}

/** The read-only summary built from picked keywords: keyword, recommendation and source. */
export function keywordSummary(
  items: { keyword: string; rekomendasi: string; sumber: string }[],
): string {
  return items.map((k) =>
    `${k.keyword}: ${k.rekomendasi || "-"}${k.sumber ? ` (Sumber: ${k.sumber})` : ""}`
  ).join("\n");
}
