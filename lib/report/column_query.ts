// Reads over the stay columns (columns.ts): a period's positions, counts and sums per code.
import type { CodeColumn, StayColumns } from "./columns.ts";
import { type Period, periodInstants } from "./period.ts";

/** The first stay admitted at or after `t`. */
export function lowerBound(times: Float64Array, t: number): number {
  let a = 0, b = times.length;
  while (a < b) {
    const m = (a + b) >>> 1;
    if (times[m] < t) a = m + 1;
    else b = m;
  }
  return a;
}

/** The stays admitted in a period: positions [start, end) of the columns. */
export function periodSlice(cols: StayColumns, p: Period): [number, number] {
  const { from, to } = periodInstants(p);
  return [lowerBound(cols.times, Date.parse(from)), lowerBound(cols.times, Date.parse(to) + 1)];
}

/** How many stays in [start, end) hold each code id. */
export function codeCounts(col: CodeColumn, start: number, end: number, size: number): Int32Array {
  const counts = new Int32Array(size);
  const { ids } = col;
  for (let k = col.offsets[start], e = col.offsets[end]; k < e; k++) counts[ids[k]]++;
  return counts;
}

/** The sum of `values` over the stays in [start, end) holding each code id. */
export function codeSums(
  col: CodeColumn,
  values: Float64Array,
  start: number,
  end: number,
  size: number,
): Float64Array {
  const sums = new Float64Array(size);
  const { ids, offsets } = col;
  for (let i = start; i < end; i++) {
    for (let k = offsets[i]; k < offsets[i + 1]; k++) sums[ids[k]] += values[i];
  }
  return sums;
}
