// The inpatient lists' date-range and length-of-stay filters, free of storage.
import { dayNumber, parseDateTime } from "../hospital_time.ts";

/** A parsed date range as day numbers (see `hospitalDayNumber`), both ends included. */
export function rangeDays(range: { from: string; to: string }): [number, number] {
  return [dayNumber(range.from), dayNumber(range.to)];
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

/** Reads `YYYY-MM-DD / YYYY-MM-DD` (an end may be left out; one date: that day), null if absent. */
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
