import { hospitalDayNumber } from "../../hospital_time.ts";
import { lengthOfStay } from "../../ipd/rules.ts";

/** Stays counted for a median; fewer give none. */
export const LOS_MIN_STAYS = 10;
/** Calendar months before the month of a discharge that a median counts. */
export const LOS_WINDOW_MONTHS = 12;

/** Months since year 0 (year * 12 + month - 1) of a day number (days since 1970-01-01). */
export function monthOfDay(day: number): number {
  const z = day + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return year * 12 + month - 1;
}

/** What a median reads of a stay. */
export interface LosStay {
  status: string;
  visitDate: string;
  tanggal_pulang: string | null;
  inacbg?: string | null;
}

/**
 * The hospital's median length of stay per INA-CBG code, from its discharged stays, for a
 * discharge: over the stays of that code discharged in the 12 calendar months before the
 * discharge's month (hospital days), none where fewer than 10 count. One pass over the stays
 * builds it; each (code, month) median is computed once, when first asked.
 */
export function losMedians(stays: Iterable<LosStay>) {
  const byCode = new Map<string, { month: number; los: number }[]>();
  for (const s of stays) {
    if (s.status !== "pulang" || !s.tanggal_pulang || !s.inacbg) continue;
    const los = lengthOfStay(s.visitDate, s.tanggal_pulang);
    let list = byCode.get(s.inacbg);
    if (!list) byCode.set(s.inacbg, list = []);
    list.push({ month: monthOfDay(hospitalDayNumber(s.tanggal_pulang)), los });
  }
  const memo = new Map<string, number | null>();
  return (code: string, discharge: string): number | null => {
    const month = monthOfDay(hospitalDayNumber(discharge));
    const key = `${code}\u0000${month}`;
    const have = memo.get(key);
    if (have !== undefined) return have;
    const los = (byCode.get(code) ?? [])
      .filter((e) => e.month < month && e.month >= month - LOS_WINDOW_MONTHS)
      .map((e) => e.los).sort((a, b) => a - b);
    const mid = los.length >> 1;
    const median = los.length < LOS_MIN_STAYS
      ? null
      : los.length % 2
      ? los[mid]
      : (los[mid - 1] + los[mid]) / 2;
    memo.set(key, median);
    return median;
  };
}
