/**
 * The stays in admission order as flat typed arrays, so a period's sums run over a few
 * contiguous arrays instead of 50,000 scattered records (walking the records costs more in
 * cache misses than the sums themselves). Built from the index's view ordered by `visitDate`
 * (`MemIndex.range`), kept until the index changes (`MemIndex.version`); what each stay
 * contributes is remembered per record, so a rebuild after a write only copies.
 */
import type { Visit } from "../ipd/model.ts";
import type { MemIndex, Row } from "../db/mem_index.ts";
import { type Period, periodInstants } from "./period.ts";
import { nextTurn } from "../db/turn.ts";

/**
 * What one stay adds to the columns that costs to work out, kept per record in one small
 * array: its admission time, how many ICD-10 ids follow, then its ICD-10 and ICD-9-CM ids
 * (~110 bytes a stay; typed arrays per stay cost three times that).
 */
type StayPart = number[];

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
  /** The stays and their parts in column order, for patching after a few writes. */
  rows: Row<Visit>[];
  order: StayPart[];
  dict: Map<string, number>;
  names: string[];
  parts: WeakMap<Visit, StayPart>;
}

const states = new WeakMap<MemIndex<Visit>, State>();
const ALL = periodInstants({ startDate: "1900-01-01", endDate: "2999-12-31" });

function codeIds(s: State, codes: string[] | undefined, out: number[]): number {
  const list = codes ?? [];
  let n = 0;
  for (let i = 0; i < list.length; i++) {
    if (list.indexOf(list[i]) !== i) continue; // a code counts once per stay
    let id = s.dict.get(list[i]);
    if (id === undefined) {
      s.dict.set(list[i], id = s.names.length);
      s.names.push(list[i]);
    }
    out.push(id);
    n++;
  }
  return n;
}

/** The ICD-10 (`nine` false) or ICD-9-CM ids of every part, back to back. */
function column(parts: StayPart[], nine: boolean): CodeColumn {
  const from = (p: StayPart) => nine ? 2 + p[1] : 2;
  const to = (p: StayPart) => nine ? p.length : 2 + p[1];
  const offsets = new Int32Array(parts.length + 1);
  for (let i = 0; i < parts.length; i++) {
    offsets[i + 1] = offsets[i] + to(parts[i]) - from(parts[i]);
  }
  const ids = new Int32Array(offsets[parts.length]);
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    for (let k = from(p), o = offsets[i]; k < to(p); k++, o++) ids[o] = p[k];
  }
  return { offsets, ids };
}

/** The part of a stay (its codes as ids), kept per record. */
function partOf(s: State, v: Visit): StayPart {
  let part = s.parts.get(v);
  if (!part) {
    part = [Date.parse(v.visitDate), 0];
    part[1] = codeIds(s, v.codes10, part);
    codeIds(s, v.codes9, part);
    s.parts.set(v, part);
  }
  return part;
}

/** Puts stay `v` at column position `i`. */
function fill(
  cols: Pick<StayColumns, "times" | "readmisi" | "pct" | "diff">,
  i: number,
  v: Visit,
  part: StayPart,
): void {
  const p = v.percentageTotal;
  cols.times[i] = part[0];
  cols.readmisi[i] = v.readmisi ? 1 : 0;
  cols.pct[i] = p == null || !Number.isFinite(p) ? NaN : p;
  cols.diff[i] = (v.tarifInaTotal ?? 0) - (v.tarifRsTotal ?? 0);
}

/**
 * After a few writes that kept each stay's admission time (an examination changes totals and
 * codes, a discharge the status), the columns are patched where those stays sit instead of
 * rebuilt; false when that cannot be (a stay added, removed or moved, or too many writes).
 */
function patch(s: State, visits: MemIndex<Visit>): boolean {
  const ids = visits.changesSince(s.version);
  if (!ids || ids.length > 64) return false;
  const cols = s.cols!;
  let codes = false;
  for (const id of new Set(ids)) {
    const row = visits.get(id);
    if (!row) return false;
    const t = Date.parse(row.value.visitDate);
    let i = lowerBound(cols.times, t);
    while (i < s.rows.length && cols.times[i] === t && s.rows[i].value._id !== id) i++;
    if (i >= s.rows.length || s.rows[i].value._id !== id) return false;
    const was = s.order[i], part = partOf(s, row.value);
    if (was.length !== part.length || was.some((x, k) => x !== part[k])) codes = true;
    s.rows[i] = row;
    s.order[i] = part;
    fill(cols, i, row.value, part);
  }
  if (codes) {
    cols.codes10 = column(s.order, false);
    cols.codes9 = column(s.order, true);
  }
  return true;
}

function stateOf(visits: MemIndex<Visit>): State {
  let s = states.get(visits);
  if (!s) {
    s = {
      version: -1,
      cols: null,
      rows: [],
      order: [],
      dict: new Map(),
      names: [],
      parts: new WeakMap(),
    };
    states.set(visits, s);
  }
  return s;
}

/**
 * Works out the parts of every stay (admission time, codes as ids; kept per record) a few
 * thousand at a time, letting requests in between, so the first `stayColumns` after a restart
 * only fills its arrays (75,000 stays: one 400 ms block of the event loop before). For the
 * warm-up; a record written meanwhile gets its part when it is next needed.
 */
export async function warmStayColumns(visits: MemIndex<Visit>): Promise<StayColumns> {
  const s = stateOf(visits);
  const rows = visits.range("visitDate", ALL.from, ALL.to);
  for (let i = 0; i < rows.length; i++) {
    partOf(s, rows[i].value);
    if (i % 5_000 === 4_999) await nextTurn();
  }
  return stayColumns(visits);
}

/** The columns of the index's stays, rebuilt only when the index changed since. */
export function stayColumns(visits: MemIndex<Visit>): StayColumns {
  const s = stateOf(visits);
  if (s.cols && s.version === visits.version) return s.cols;
  if (s.cols && patch(s, visits)) {
    s.version = visits.version;
    return s.cols;
  }
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
    parts[i] = partOf(s, rows[i].value);
    fill(cols, i, rows[i].value, parts[i]);
  }
  s.cols = {
    ...cols,
    codes10: column(parts, false),
    codes9: column(parts, true),
    names: s.names,
  };
  s.rows = rows;
  s.order = parts;
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
