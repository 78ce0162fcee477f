// The dashboard's period of hospital days; browser-safe (the page and the charts island share it).
import { dayStart, hospitalDay, parseDay } from "../hospital_time.ts";
import { parseDateRange } from "../ipd/filters.ts";

/** A period of the hospital's calendar days, `YYYY-MM-DD`, both inclusive. */
export interface Period {
  startDate: string;
  endDate: string;
}

/** Thrown for a period that cannot be read; its message is shown as it is (Indonesian). */
export class PeriodError extends Error {}

const DAY_MS = 86_400_000;
/** Open ends of a `dateRange` are clamped to the years a stored date can have. */
const FIRST_DAY = "1900-01-01";
const LAST_DAY = "2999-12-31";

/** The current month in the hospital's zone, first to last day. */
export function currentMonth(now = new Date()): Period {
  const month = hospitalDay(now).slice(0, 7);
  const [y, m] = month.split("-").map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { startDate: `${month}-01`, endDate: `${month}-${String(last).padStart(2, "0")}` };
}

/** The month before the current one in the hospital's zone, first to last day ('Bulan lalu'). */
export function lastMonth(now = new Date()): Period {
  const [y, m] = hospitalDay(now).split("-").map(Number);
  const last = new Date(Date.UTC(y, m - 1, 0));
  const month = last.toISOString().slice(0, 7);
  return { startDate: `${month}-01`, endDate: last.toISOString().slice(0, 10) };
}

/** The one-day period of `now`'s hospital day. */
export function todayPeriod(now = new Date()): Period {
  const d = hospitalDay(now);
  return { startDate: d, endDate: d };
}

/**
 * Reads the period: `startDate` / `endDate` (`DD-MM-YYYY` or `YYYY-MM-DD`, a missing one the
 * current month's), else `dateRange`, else the current month; `PeriodError` when unreadable.
 */
export function parsePeriod(
  q: { startDate?: string | null; endDate?: string | null; dateRange?: string | null },
  now = new Date(),
): Period {
  let start = (q.startDate ?? "").trim(), end = (q.endDate ?? "").trim();
  const month = currentMonth(now);
  if (start || end) {
    const day = (d: string, label: string) => {
      const v = d ? parseDay(d) : "";
      if (v == null) {
        throw new PeriodError(`Tanggal ${label} "${d}" tidak valid; gunakan format DD-MM-YYYY.`);
      }
      return v;
    };
    start = day(start, "awal");
    end = day(end, "akhir");
    const p = { startDate: start || month.startDate, endDate: end || month.endDate };
    if (p.startDate > p.endDate) {
      throw new PeriodError(
        `Tanggal awal (${p.startDate}) tidak boleh setelah tanggal akhir (${p.endDate}).`,
      );
    }
    return p;
  }
  let range: { from: string; to: string } | null;
  try {
    range = parseDateRange(q.dateRange ?? null);
  } catch (e) {
    throw new PeriodError((e as Error).message);
  }
  if (!range) return month;
  return {
    startDate: range.from < FIRST_DAY ? FIRST_DAY : range.from,
    endDate: range.to > LAST_DAY ? LAST_DAY : range.to,
  };
}

/** The first and last instant (ISO, UTC) of a period's hospital days. */
export function periodInstants(p: Period): { from: string; to: string } {
  return {
    from: dayStart(p.startDate),
    to: new Date(Date.parse(dayStart(p.endDate)) + DAY_MS - 1).toISOString(),
  };
}

/** The period as the list pages' `dateRange` filter reads it: `YYYY-MM-DD / YYYY-MM-DD`. */
export const rangeText = (p: Period): string => `${p.startDate} / ${p.endDate}`;

/** `YYYY-MM-DD` → `DD-MM-YYYY`, as dates are shown. */
export const showDay = (d: string): string => d.split("-").reverse().join("-");
