// The stays in admission order as flat typed arrays (cheaper to sum than scattered records), kept
// per index version: a few writes patched in place, more rebuilt copying unchanged records' codes.
import type { Visit } from "../ipd/model.ts";
import type { MemIndex, Row } from "../index/index.ts";
import { periodInstants } from "./period.ts";
import { nextTurn } from "../runtime/turn.ts";
import { isoMs } from "../index/scan.ts";
import { lowerBound } from "./column_query.ts";

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
  /** `tarifInaTotal`: the package in force, rupiah. */
  ina: Float64Array;
  codes10: CodeColumn;
  codes9: CodeColumn;
  /** The code of each id. */
  names: string[];
}

interface State {
  version: number;
  cols: StayColumns | null;
  /** The stays in column order, for patching and for copying from at a rebuild. */
  rows: Row<Visit>[];
  dict: Map<string, number>;
  names: string[];
  /** The build in slices under way (`warmStayColumns`), which later callers wait for. */
  warming: Promise<StayColumns> | null;
}

const states = new WeakMap<MemIndex<Visit>, State>();
const ALL = periodInstants({ startDate: "1900-01-01", endDate: "2999-12-31" });

/** A stay's distinct codes as ids (new codes get the next id). */
function codeIds(s: State, codes: string[] | undefined): number[] {
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
  return out;
}

/** A code column written stay by stay (its ids grow as needed). */
class CodeWriter {
  offsets: Int32Array;
  ids: Int32Array;
  #n = 0;
  constructor(stays: number, guess: number) {
    this.offsets = new Int32Array(stays + 1);
    this.ids = new Int32Array(Math.max(16, guess));
  }
  /** Stay `i`'s ids: `list`, or those of stay `j` of `from`. */
  put(i: number, list: number[] | null, from?: CodeColumn, j = 0): void {
    const len = list ? list.length : from!.offsets[j + 1] - from!.offsets[j];
    if (this.#n + len > this.ids.length) {
      const more = new Int32Array(Math.ceil((this.#n + len) * 1.5));
      more.set(this.ids.subarray(0, this.#n));
      this.ids = more;
    }
    const ids = this.ids, n = this.#n;
    if (list) { for (let k = 0; k < len; k++) ids[n + k] = list[k]; }
    else for (let k = 0, a = from!.offsets[j]; k < len; k++) ids[n + k] = from!.ids[a + k];
    this.#n = n + len;
    this.offsets[i + 1] = this.#n;
  }
  done(): CodeColumn {
    return { offsets: this.offsets, ids: this.ids.slice(0, this.#n) };
  }
}

/** Puts stay `v` at column position `i`. */
function fill(
  cols: Pick<StayColumns, "times" | "readmisi" | "pct" | "diff" | "ina">,
  i: number,
  v: Visit,
): void {
  const p = v.percentageTotal;
  cols.readmisi[i] = v.readmisi ? 1 : 0;
  cols.pct[i] = p == null || !Number.isFinite(p) ? NaN : p;
  cols.ina[i] = v.tarifInaTotal ?? 0;
  cols.diff[i] = cols.ina[i] - (v.tarifRsTotal ?? 0);
}

/** Whether stay `i` of `col` has exactly the ids `list`. */
function sameIds(col: CodeColumn, i: number, list: number[]): boolean {
  const a = col.offsets[i];
  if (col.offsets[i + 1] - a !== list.length) return false;
  for (let k = 0; k < list.length; k++) if (col.ids[a + k] !== list[k]) return false;
  return true;
}

/** Patches the columns where a few written stays sit; false when one was added, moved or gone. */
function patch(s: State, visits: MemIndex<Visit>): boolean {
  const ids = visits.changesSince(s.version);
  if (!ids || ids.length > 64) return false;
  const cols = s.cols!;
  // every written stay found first: a rebuild copies from the columns, left whole if not
  const found: [number, Row<Visit>][] = [];
  for (const id of new Set(ids)) {
    const row = visits.get(id);
    if (!row) return false;
    const t = isoMs(row.value.visitDate);
    let i = lowerBound(cols.times, t);
    while (i < s.rows.length && cols.times[i] === t && s.rows[i].value._id !== id) i++;
    if (i >= s.rows.length || cols.times[i] !== t || s.rows[i].value._id !== id) return false;
    found.push([i, row]);
  }
  const codes = new Map<number, [number[], number[]]>();
  for (const [i, row] of found) {
    const c10 = codeIds(s, row.value.codes10), c9 = codeIds(s, row.value.codes9);
    if (!sameIds(cols.codes10, i, c10) || !sameIds(cols.codes9, i, c9)) codes.set(i, [c10, c9]);
    s.rows[i] = row;
    fill(cols, i, row.value);
  }
  if (codes.size) {
    const n = s.rows.length;
    const w10 = new CodeWriter(n, cols.codes10.ids.length + 64);
    const w9 = new CodeWriter(n, cols.codes9.ids.length + 64);
    for (let i = 0; i < n; i++) {
      const c = codes.get(i);
      w10.put(i, c?.[0] ?? null, cols.codes10, i);
      w9.put(i, c?.[1] ?? null, cols.codes9, i);
    }
    cols.codes10 = w10.done();
    cols.codes9 = w9.done();
  }
  return true;
}

function stateOf(visits: MemIndex<Visit>): State {
  let s = states.get(visits);
  if (!s) {
    s = { version: -1, cols: null, rows: [], dict: new Map(), names: [], warming: null };
    states.set(visits, s);
  }
  return s;
}

/**
 * A build in steps of the columns of `rows` (admission order, one version); a stay whose record
 * is the one the last columns held is copied from them (records never change in place).
 */
function builder(s: State, rows: Row<Visit>[]) {
  const n = rows.length;
  const old = s.cols &&
    { rows: s.rows, times: s.cols.times, c10: s.cols.codes10, c9: s.cols.codes9 };
  const cols = {
    times: new Float64Array(n),
    readmisi: new Uint8Array(n),
    pct: new Float64Array(n),
    diff: new Float64Array(n),
    ina: new Float64Array(n),
  };
  const w10 = new CodeWriter(n, old?.c10.ids.length ?? n * 4);
  const w9 = new CodeWriter(n, old?.c9.ids.length ?? n * 4);
  // a stay's old position: its new one plus the shift so far (stays added or removed before
  // it), found by id when the stay there is another (the ids' map built on the first shift)
  let shift = 0, byId: Map<string, number> | null = null;
  const oldAt = (i: number, v: Visit): number => {
    if (!old) return -1;
    let j = i + shift;
    if (j >= old.rows.length || old.rows[j].value._id !== v._id) {
      if (!byId) {
        byId = new Map();
        for (let k = 0; k < old.rows.length; k++) byId.set(old.rows[k].value._id, k);
      }
      j = byId.get(v._id) ?? -1;
      if (j < 0) return -1;
      shift = j - i;
    }
    return old.rows[j].value === v ? j : -1; // a record written since is worked out again
  };
  return {
    /** Fills stays [from, to). */
    step(from: number, to: number): void {
      for (let i = from; i < to; i++) {
        const v = rows[i].value, j = oldAt(i, v);
        if (j >= 0) {
          cols.times[i] = old!.times[j];
          w10.put(i, null, old!.c10, j);
          w9.put(i, null, old!.c9, j);
        } else {
          cols.times[i] = isoMs(v.visitDate);
          w10.put(i, codeIds(s, v.codes10));
          w9.put(i, codeIds(s, v.codes9));
        }
        fill(cols, i, v);
      }
    },
    done: (): StayColumns => ({ ...cols, codes10: w10.done(), codes9: w9.done(), names: s.names }),
  };
}

/** The columns, built 5,000 stays a turn (the event loop stays free), then brought up to date. */
export async function warmStayColumns(visits: MemIndex<Visit>): Promise<StayColumns> {
  const s = stateOf(visits);
  if (s.cols && s.version === visits.version) return s.cols;
  // a few writes since are patched at once; a build under way is waited for, not repeated
  const since = visits.changesSince(s.version)?.length ?? Infinity;
  if (s.cols && !s.warming && since <= 64) return stayColumns(visits);
  s.warming ??= buildSliced(s, visits).finally(() => s.warming = null);
  await s.warming;
  return stayColumns(visits);
}

/** The columns for a request: the warm-up's build under way awaited, else brought up to date. */
export async function joinStayColumns(visits: MemIndex<Visit>): Promise<StayColumns> {
  const s = stateOf(visits);
  if (s.warming) await s.warming;
  return stayColumns(visits);
}

async function buildSliced(s: State, visits: MemIndex<Visit>): Promise<StayColumns> {
  const version = visits.version;
  const rows = visits.range("visitDate", ALL.from, ALL.to);
  const b = builder(s, rows);
  for (let i = 0; i < rows.length; i += 5_000) {
    b.step(i, Math.min(rows.length, i + 5_000));
    await nextTurn();
  }
  if (s.version <= version) {
    s.cols = b.done();
    s.rows = rows;
    s.version = version;
  }
  return s.cols!;
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
  const b = builder(s, rows);
  b.step(0, rows.length);
  s.cols = b.done();
  s.rows = rows;
  s.version = visits.version;
  return s.cols;
}
