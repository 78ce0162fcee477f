import { type Doc, getPath, type OrderBy, type Row } from "./doc.ts";

/** Text search and ordering over the entries of a `MemIndex` (see there). */

/** One indexed row with its lowercased search text. */
export interface Entry<T extends Doc> {
  row: Row<T>;
  /** Lowercased value of each search field. */
  text: string[];
  /** All of `text` joined, for a search over every field in one pass. */
  all: string;
  /** Insertion rank: unordered lists (all rows, a group) keep entries in this order. */
  seq: number;
  /** The index's derived numbers of the record (see `MemIndex`), or null. */
  nums: number[] | null;
}

/** A view's searched fields as one text: each entry's part ends with "\n". */
export interface Haystack {
  text: string;
  /** Where each entry's part starts; the last item is the text's length. */
  offsets: Int32Array;
  /** Positions in the entries' `text` (null: every field). */
  fields: number[] | null;
  /** Patched since the last search (its text is a rope a search flattens). */
  patched?: boolean;
}

/**
 * Entries in one order (empty: insertion order), optionally only those whose value at
 * `where[0]` is `where[1]`, plus (built on the first search) their text as one string, per set
 * of searched fields (all of them, or the resource's own search fields when its columns add more).
 */
export interface View<T extends Doc> {
  entries: Entry<T>[];
  order: OrderBy[];
  where?: [string, string];
  haystacks?: Map<string, Haystack>;
  /** The entries' derived numbers, one array per number (built on first use, kept in step). */
  cols?: Float64Array[];
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

/**
 * Substring search over a view: one `indexOf` pass over the joined text (entries in sorted
 * order are scattered in memory, so walking them one by one is several times slower).
 * `fields` are positions in the entries' `text` (null: every field).
 */
export function scan<T extends Doc>(
  view: View<T>,
  s: string,
  start: number,
  end: number,
  fields: number[] | null,
) {
  const { entries } = view;
  const { text, offsets } = haystackOf(view, fields);
  const rows: Row<T>[] = [];
  let filtered = 0, k = 0, p = 0;
  while ((p = text.indexOf(s, p)) !== -1) {
    while (offsets[k + 1] <= p) k++;
    if (filtered >= start && filtered < end) rows.push(entries[k].row);
    filtered++;
    p = offsets[++k];
    if (k >= entries.length) break;
  }
  return { filtered, rows };
}

/** An entry's part of a haystack over `fields`. */
export function part<T extends Doc>(e: Entry<T>, fields: number[] | null): string {
  const all = fields ? fields.map((f) => e.text[f]).join("\u0001") : e.all;
  return all.replaceAll("\n", " ") + "\n";
}

/** The view's searched fields joined into one text, built on first use and kept in step. */
function haystackOf<T extends Doc>(view: View<T>, fields: number[] | null): Haystack {
  const { entries } = view;
  const sig = fields ? fields.join(",") : "*";
  view.haystacks ??= new Map();
  let haystack = view.haystacks.get(sig);
  if (!haystack) {
    const offsets = new Int32Array(entries.length + 1);
    let o = 0;
    const parts = entries.map((e, i) => {
      const p = part(e, fields);
      offsets[i] = o;
      o += p.length;
      return p;
    });
    offsets[entries.length] = o;
    haystack = { text: parts.join(""), offsets, fields };
    view.haystacks.set(sig, haystack);
  }
  haystack.patched = false;
  return haystack;
}

/** Marks the view's entries whose text contains at least one of `needles`. */
export function candidates<T extends Doc>(
  view: View<T>,
  fields: number[] | null,
  needles: string[],
) {
  const { text, offsets } = haystackOf(view, fields);
  const n = view.entries.length;
  const hit = new Uint8Array(n);
  for (const needle of needles) {
    let k = 0, p = 0;
    while ((p = text.indexOf(needle, p)) !== -1) {
      while (offsets[k + 1] <= p) k++;
      hit[k] = 1;
      if (++k >= n) break;
      p = offsets[k];
    }
  }
  return hit;
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
  const keyed = list.map((e) => ({ e, k: keysOf(e, order) }));
  keyed.sort((a, b) => compareEntries(order, a.e, a.k, b.e, b.k));
  return keyed.map((x) => x.e);
}
