// What the dashboard links to and how its pies are sliced; browser-safe (page and island).
import { type Period, rangeText } from "./period.ts";

/** A query string as the list pages read it (`dateRange=2025-03-01%20/%202025-03-31`). */
function query(params: Record<string, string>): string {
  return Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(v).replaceAll("%2F", "/")}`).join("&");
}

/** The filtered lists the five counters open (`today`: the Jakarta day, `YYYY-MM-DD`). */
export function counterLinks(period: Period, today: string) {
  const day = rangeText({ startDate: today, endDate: today });
  return {
    pasien_baru: `/ipd?${query({ statusFilter: "semua", dateRange: day })}`,
    pasien_sedang_dirawat: "/ipd",
    pasien_pulang_hari_ini: `/discharge-patient?${query({ dateRange: day })}`,
    pasien_readmisi_count: `/ipd?${
      query({ statusFilter: "semua", readmisiFilter: "1", dateRange: rangeText(period) })
    }`,
    negativePercentage: "/ipd?analysisFilter=negative",
  };
}

/** The stays of the period with an ICD code (in their ICD-10 or ICD-9-CM codes). */
export const icdLink = (code: string, period: Period): string =>
  `/ipd?${query({ statusFilter: "semua", icdFilter: code, dateRange: rangeText(period) })}`;

/** The stays of the period whose percentage ends below 0 (`negative`) or at or above it. */
export const tariffLink = (side: "negative" | "positive", period: Period): string =>
  `/ipd?${query({ statusFilter: "semua", analysisFilter: side, dateRange: rangeText(period) })}`;

/** The stays now admitted under one DPJP. */
export const dpjpLink = (id: string): string => `/ipd?${query({ dpjpFilter: id })}`;

/** The pies' ten colours, in order: a top-10 chart never repeats one. */
export const PALETTE = [
  "#1b5fa8",
  "#e07b24",
  "#2e9e5b",
  "#c23b3b",
  "#7a4fb5",
  "#1a9bb0",
  "#c9a227",
  "#6b7785",
  "#d4569c",
  "#8c5a2b",
];

/** Slices under this fraction of the tariff pie's total are combined into one. */
export const SMALL_SLICE = 0.1;

/** One slice of a pie, with where clicking it leads. */
export interface Slice {
  label: string;
  /** Its tooltip (a code and its name over '5 pasien'); without one, the label and value. */
  tip?: { title: string; body: string };
  value: number;
  href: string | null;
}

/** Drops empty slices, combining those under `SMALL_SLICE` in a last 'Lainnya' (linked if one). */
export function combineSmall(slices: Slice[]): Slice[] {
  const kept = slices.filter((s) => s.value > 0);
  const total = kept.reduce((n, s) => n + s.value, 0);
  const big = kept.filter((s) => s.value / total >= SMALL_SLICE);
  const small = kept.filter((s) => s.value / total < SMALL_SLICE);
  if (!small.length) return big;
  const value = small.reduce((n, s) => n + s.value, 0);
  return [...big, { label: "Lainnya", value, href: small.length === 1 ? small[0].href : null }];
}

/** The bar chart's axis maximum: twice the largest count (at least 1). */
export const barMax = (counts: number[]): number => Math.max(1, ...counts) * 2;
