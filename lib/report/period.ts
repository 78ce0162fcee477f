/**
 * The dashboard's period: Jakarta calendar days `startDate`..`endDate` (both inclusive), read
 * from the query string, default the current month. Free of storage and server imports, so the
 * page and the charts island share it.
 */
import { dayStart, jakartaDay, parseDateRange, parseDateTime } from "../ipd/rules.ts";

/** A period of Jakarta calendar days, `YYYY-MM-DD`, both inclusive. */
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

/** The current month in Jakarta, first to last day. */
export function currentMonth(now = new Date()): Period {
  const month = jakartaDay(now).slice(0, 7);
  const [y, m] = month.split("-").map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { startDate: `${month}-01`, endDate: `${month}-${String(last).padStart(2, "0")}` };
}

/** The one-day period of `now`'s Jakarta day. */
export function todayPeriod(now = new Date()): Period {
  const d = jakartaDay(now);
  return { startDate: d, endDate: d };
}

const isDay = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d) && parseDateTime(d) != null;

/**
 * Reads the period: `startDate` / `endDate` (`YYYY-MM-DD`; a missing one is the current
 * month's bound), else `dateRange` (`YYYY-MM-DD / YYYY-MM-DD`, an open end reaches as far as
 * dates go), else the current month. Throws `PeriodError` on a malformed date or a start
 * after the end.
 */
export function parsePeriod(
  q: { startDate?: string | null; endDate?: string | null; dateRange?: string | null },
  now = new Date(),
): Period {
  const start = (q.startDate ?? "").trim(), end = (q.endDate ?? "").trim();
  const month = currentMonth(now);
  if (start || end) {
    for (const [d, label] of [[start, "awal"], [end, "akhir"]]) {
      if (d && !isDay(d)) {
        throw new PeriodError(`Tanggal ${label} "${d}" tidak valid; gunakan format YYYY-MM-DD.`);
      }
    }
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

/** The first and last instant (ISO, UTC) of a period's Jakarta days. */
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
