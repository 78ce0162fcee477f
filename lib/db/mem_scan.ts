import { type Doc, getPath, type OrderBy, type Row, walk } from "./doc.ts";

/** Text search and ordering over the entries of a `MemIndex` (see there). */

/** Separates the search fields in an entry's `all`. */
export const SEP = "\u0001";

/** One indexed row with its lowercased search text. */
export interface Entry<T extends Doc> {
  /** The record as the index keeps it (see `MemIndexOptions.slim`) and its versionstamp. */
  row: Row<T>;
  /** The lowercased search fields joined by `SEP` (see `textOf`). */
  all: string;
  /** Insertion rank: unordered lists (all rows, a group) keep entries in this order. */
  seq: number;
  /** The index's derived numbers of the record (see `MemIndex`), or null. */
  nums: number[] | null;
}

/** An entry's lowercased value of each search field. */
export function textOf<T extends Doc>(e: Entry<T>): string[] {
  return e.all.split(SEP);
}

/**
 * Entries in one order (empty: insertion order), optionally only those whose value at
 * `where[0]` is `where[1]`, with (built on first use, kept in step with writes) their
 * insertion ranks and derived numbers as typed arrays in view order.
 */
export interface View<T extends Doc> {
  entries: Entry<T>[];
  order: OrderBy[];
  where?: [string, string];
  /** The entries' insertion ranks in view order (a search's marks are by rank). */
  seqs?: Int32Array;
  /** The entries' derived numbers, one array per number (built on first use, kept in step). */
  cols?: Float64Array[];
}

/** The view's insertion ranks in view order, built on first use and kept. */
export function ranksOf<T extends Doc>(view: View<T>): Int32Array {
  if (!view.seqs) {
    const { entries } = view;
    const seqs = new Int32Array(entries.length);
    for (let k = 0; k < entries.length; k++) seqs[k] = entries[k].seq;
    view.seqs = seqs;
  }
  return view.seqs;
}

/** The view's derived numbers as columns in view order, built on first use and kept. */
export function columnsOf<T extends Doc>(view: View<T>, width: number): Float64Array[] {
  if (!view.cols) {
    const { entries } = view;
    const cols = Array.from({ length: width }, () => new Float64Array(entries.length));
    for (let k = 0; k < entries.length; k++) {
      const nums = entries[k].nums!;
      for (let c = 0; c < width; c++) cols[c][k] = nums[c];
    }
    view.cols = cols;
  }
  return view.cols;
}

type Key = string | number;

/** A value as it orders: numbers as numbers, text lowercased, nothing (or NaN) as ''. */
export function sortKey(v: unknown): Key {
  return typeof v === "number"
    ? (Number.isNaN(v) ? "" : v)
    : v == null
    ? ""
    : String(v).toLowerCase();
}

/** A total order on keys: '' first, then numbers, then text. */
export function compareKey(a: Key, b: Key): number {
  if (a === b) return 0;
  if (typeof a === typeof b) return a < b ? -1 : 1;
  return a === "" ? -1 : b === "" ? 1 : typeof a === "number" ? -1 : 1;
}

/** An entry's keys in `order`. */
export function keysOf<T extends Doc>(e: Entry<T>, order: OrderBy[]): Key[] {
  return order.map((o) => sortKey(getPath(e.row.value, o.field)));
}

/**
 * The order of a view: its terms, then the id (insertion rank when it has no terms).
 * `ka`/`kb` are the entries' `keysOf`.
 */
export function compareEntries<T extends Doc>(
  order: OrderBy[],
  a: Entry<T>,
  ka: Key[],
  b: Entry<T>,
  kb: Key[],
): number {
  for (let i = 0; i < order.length; i++) {
    const c = compareKey(ka[i], kb[i]);
    if (c) return order[i].dir === "desc" ? -c : c;
  }
  if (!order.length) return a.seq - b.seq;
  const x = a.row.value._id, y = b.row.value._id;
  return x < y ? -1 : x > y ? 1 : a.seq - b.seq;
}

/** Entries in `order` (ties by id), as a new array. */
export function sortEntries<E extends Entry<Doc>>(list: E[], order: OrderBy[]): E[] {
  const paths = order.map((o) => o.field.split("."));
  const keyed = list.map((e) => ({ e, k: paths.map((p) => sortKey(walk(e.row.value, p))) }));
  if (order.length === 1) {
    // one term (nearly every list): no loop over terms per comparison
    const sign = order[0].dir === "desc" ? -1 : 1;
    keyed.sort((a, b) => {
      const x = a.k[0], y = b.k[0];
      if (x !== y) {
        if (typeof x === "string" && typeof y === "string" && x !== "" && y !== "") {
          return x < y ? -sign : sign;
        }
        const c = compareKey(x, y);
        if (c) return sign * c;
      }
      const i = a.e.row.value._id, j = b.e.row.value._id;
      return i < j ? -1 : i > j ? 1 : a.e.seq - b.e.seq;
    });
  } else keyed.sort((a, b) => compareEntries(order, a.e, a.k, b.e, b.k));
  return keyed.map((x) => x.e);
}

/**
 * An entry's text over the trigram fields (positions in its `text`), as trigrams index it: line
 * breaks read as spaces, as a scan reads them.
 */
export function gramText<T extends Doc>(e: Entry<T> | null, pos: number[]): string | null {
  if (e === null) return null;
  const text = textOf(e);
  const t = pos.map((i) => text[i]).join(SEP);
  return t.includes("\n") ? t.replaceAll("\n", " ") : t;
}

/** A value as the search text holds it: lowercased, the field separator read as a space. */
export function lower(v: unknown): string {
  const s = String(v ?? "").toLowerCase();
  return s.includes(SEP) ? s.replaceAll(SEP, " ") : s;
}
