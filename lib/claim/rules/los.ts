import { hospitalDayNumber } from "../../hospital_time.ts";
import { lengthOfStay } from "../../ipd/rules.ts";

/** Stays counted for a median; fewer give none. */
export const LOS_MIN_STAYS = 10;
/** Calendar months before the month of a discharge that a median counts. */
export const LOS_WINDOW_MONTHS = 12;

/** Months since year 0 (year * 12 + month - 1) of a day number (days since 1970-01-01). */
function monthOfDay(day: number): number {
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

/** Each month's median of one code, from its first month with a stay (NaN: none). */
interface CodeMedians {
  first: number;
  medians: Float64Array;
}

/** Each month's median of one code, swept in order with a histogram over the window (no sort). */
function sweep(entries: { month: number; los: number }[]): CodeMedians {
  let first = Infinity, last = -Infinity, top = 0;
  for (const e of entries) {
    first = Math.min(first, e.month);
    last = Math.max(last, e.month);
    top = Math.max(top, e.los);
  }
  const byMonth: number[][] = Array.from({ length: last - first + 1 }, () => []);
  for (const e of entries) byMonth[e.month - first].push(e.los);
  const hist = new Int32Array(top + 1);
  const medians = new Float64Array(last - first + LOS_WINDOW_MONTHS + 1).fill(NaN);
  let count = 0;
  /** The value of rank `k` (0-based) in the window. */
  const at = (k: number) => {
    let seen = 0;
    for (let v = 0; v <= top; v++) if ((seen += hist[v]) > k) return v;
    return top;
  };
  for (let q = 1; q < medians.length; q++) {
    for (const los of byMonth[q - 1] ?? []) hist[los]++, count++;
    for (const los of byMonth[q - 1 - LOS_WINDOW_MONTHS] ?? []) hist[los]--, count--;
    if (count >= LOS_MIN_STAYS) medians[q] = (at((count - 1) >> 1) + at(count >> 1)) / 2;
  }
  return { first, medians };
}

/** A discharged stay's place in the medians: its code, discharge month and length of stay. */
export interface LosEntry {
  code: string;
  month: number;
  los: number;
}

/** The entry a stay gives the medians, or null (not discharged, or no package). */
export function losEntry(s: LosStay): LosEntry | null {
  if (s.status !== "pulang" || !s.tanggal_pulang || !s.inacbg) return null;
  return {
    code: s.inacbg,
    month: monthOfDay(hospitalDayNumber(s.tanggal_pulang)),
    los: lengthOfStay(s.visitDate, s.tanggal_pulang),
  };
}

/** The hospital's median length of stay per INA-CBG code, swept per code when first asked. */
export class LosMedians {
  /** Each code's stays (an id is under one code at most). */
  #byCode = new Map<string, Map<string, LosEntry>>();
  #swept = new Map<string, CodeMedians>();

  constructor(stays: Iterable<LosStay & { _id: string }> = []) {
    for (const s of stays) {
      const e = losEntry(s);
      if (e) this.#put(s._id, e);
    }
  }

  #put(id: string, e: LosEntry): void {
    let m = this.#byCode.get(e.code);
    if (!m) this.#byCode.set(e.code, m = new Map());
    m.set(id, e);
    this.#swept.delete(e.code);
  }

  /** Puts stay `id` as it is now (`null`: gone); its old entry is looked up under each code. */
  set(id: string, stay: LosStay | null): void {
    for (const [code, m] of this.#byCode) {
      if (!m.delete(id)) continue;
      this.#swept.delete(code);
      break;
    }
    const now = stay ? losEntry(stay) : null;
    if (now) this.#put(id, now);
  }

  /** The median for a stay of `code` discharged at `discharge`, or null (under 10 stays). */
  median(code: string, discharge: string): number | null {
    let t = this.#swept.get(code);
    if (!t) {
      const entries = this.#byCode.get(code);
      if (!entries?.size) return null;
      this.#swept.set(code, t = sweep([...entries.values()]));
    }
    const m = t.medians[monthOfDay(hospitalDayNumber(discharge)) - t.first];
    return m === undefined || Number.isNaN(m) ? null : m;
  }
}
