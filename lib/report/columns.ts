/**
 * The stays in admission order as flat typed arrays, so a period's sums run over a few
 * contiguous arrays instead of 50,000 scattered records (walking the records costs more in
 * cache misses than the sums themselves). Built from the index's view ordered by `visitDate`
 * (`MemIndex.range`), kept until the index changes (`MemIndex.version`); what each stay
 * contributes is remembered per record, so a rebuild after a write only copies.
 */
import type { Visit } from "../ipd/model.ts";
import type { MemIndex } from "../db/mem_index.ts";
import { type Period, periodInstants } from "./period.ts";

/** What one stay adds to the columns (kept per record). */
interface StayPart {
  time: number;
  readmisi: number;
  pct: number;
  diff: number;
  ten: Int32Array;
  nine: Int32Array;
}

/** A code list of every stay, back to back: stay i's ids are `ids[offsets[i]..offsets[i+1]]`. */
export interface CodeColumn {
  offsets: Int32Array;
  ids: Int32Array;
}

/** The columns; index i is the i-th stay in admission order. */
export interface StayColumns {
  /** `visitDate` in epoch ms, ascending. */
  times: Float64Array;
  readmisi: Uint8Array;
  /** `percentageTotal`, NaN when there is none. */
  pct: Float64Array;
  /** `tarifInaTotal - tarifRsTotal`. */
  diff: Float64Array;
  codes10: CodeColumn;
  codes9: CodeColumn;
  /** The code of each id. */
  names: string[];
}

interface State {
  version: number;
  cols: StayColumns | null;
  dict: Map<string, number>;
  names: string[];
  parts: WeakMap<Visit, StayPart>;
}

const states = new WeakMap<MemIndex<Visit>, State>();
const ALL = periodInstants({ startDate: "1900-01-01", endDate: "2999-12-31" });

function codeIds(s: State, codes: string[] | undefined): Int32Array {
  const list = codes ?? [];
  const out: number[] = [];
  for (let i = 0; i < list.length; i++) {
    if (list.indexOf(list[i]) !== i) continue; // a code counts once per stay
    let id = s.dict.get(list[i]);
    if (id === undefined) {
      s.dict.set(list[i], id = s.names.length);
      s.names.push(list[i]);
    }
    out.push(id);
  }
  return Int32Array.from(out);
}

function column(parts: StayPart[], pick: (p: StayPart) => Int32Array): CodeColumn {
  const offsets = new Int32Array(parts.length + 1);
  for (let i = 0; i < parts.length; i++) offsets[i + 1] = offsets[i] + pick(parts[i]).length;
  const ids = new Int32Array(offsets[parts.length]);
  for (let i = 0; i < parts.length; i++) ids.set(pick(parts[i]), offsets[i]);
  return { offsets, ids };
}

/** The columns of the index's stays, rebuilt only when the index changed since. */
export function stayColumns(visits: MemIndex<Visit>): StayColumns {
  let s = states.get(visits);
  if (!s) {
    s = { version: -1, cols: null, dict: new Map(), names: [], parts: new WeakMap() };
    states.set(visits, s);
  }
  if (s.cols && s.version === visits.version) return s.cols;
  const rows = visits.range("visitDate", ALL.from, ALL.to);
  const n = rows.length;
  const parts: StayPart[] = new Array(n);
  const cols = {
    times: new Float64Array(n),
    readmisi: new Uint8Array(n),
    pct: new Float64Array(n),
    diff: new Float64Array(n),
  };
  for (let i = 0; i < n; i++) {
    const v = rows[i].value;
    let part = s.parts.get(v);
    if (!part) {
      const p = v.percentageTotal;
      part = {
        time: Date.parse(v.visitDate),
        readmisi: v.readmisi ? 1 : 0,
        pct: p == null || !Number.isFinite(p) ? NaN : p,
        diff: (v.tarifInaTotal ?? 0) - (v.tarifRsTotal ?? 0),
        ten: codeIds(s, v.codes10),
        nine: codeIds(s, v.codes9),
      };
      s.parts.set(v, part);
    }
    parts[i] = part;
    cols.times[i] = part.time;
    cols.readmisi[i] = part.readmisi;
    cols.pct[i] = part.pct;
    cols.diff[i] = part.diff;
  }
  s.cols = {
    ...cols,
    codes10: column(parts, (p) => p.ten),
    codes9: column(parts, (p) => p.nine),
    names: s.names,
  };
  s.version = visits.version;
  return s.cols;
}

/** The first stay admitted at or after `t`. */
function lowerBound(times: Float64Array, t: number): number {
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
