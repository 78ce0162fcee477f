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

/**
 * A view's searched fields as text, cut into blocks of consecutive entries: each entry's part
 * ends with "\n". A write changes the entry count of one or two blocks and drops only their
 * text, which the next search joins again (a few hundred entries, not the whole view).
 */
export interface Haystack {
  blocks: Block[];
  /** Positions in the entries' `text` (null: every field). */
  fields: number[] | null;
}

/** A run of consecutive entries of a view and (once joined) their text. */
export interface Block {
  /** How many entries. */
  n: number;
  /** Their parts joined, or null until the next search joins them. */
  text: string | null;
  /** Where each entry's part starts; the last item is the text's length. */
  offsets: Int32Array | null;
  /**
   * The last term searched in this block and the positions (in the block) of the entries
   * holding it: paging through one search re-scans only blocks a write touched since.
   */
  term: string | null;
  hits: Int32Array | null;
}

/** A block of `n` entries, not joined yet. */
const block = (n: number): Block => ({ n, text: null, offsets: null, term: null, hits: null });

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
  /** Entries per haystack block (see `Haystack`): blocks hold 1 to twice this many. */
  block: number;
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
 * Substring search over a view: one `indexOf` pass over each block's joined text (entries in
 * sorted order are scattered in memory, so walking them one by one is several times slower).
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
  const rows: Row<T>[] = [];
  let filtered = 0, base = 0;
  for (const b of haystackOf(view, fields).blocks) {
    const hits = hitsIn(b, entries, base, fields, s);
    for (let i = 0; i < hits.length && filtered + i < end; i++) {
      if (filtered + i >= start) rows.push(entries[base + hits[i]].row);
    }
    filtered += hits.length;
    base += b.n;
  }
  return { filtered, rows };
}

/** The positions (in the block) of the entries whose text holds `s`, cached per block. */
function hitsIn<T extends Doc>(
  b: Block,
  entries: Entry<T>[],
  base: number,
  fields: number[] | null,
  s: string,
): Int32Array {
  if (b.term === s && b.hits) return b.hits;
  const { text, offsets } = joined(b, entries, base, fields);
  const found: number[] = [];
  let k = 0, p = 0;
  while ((p = text.indexOf(s, p)) !== -1) {
    while (offsets[k + 1] <= p) k++;
    found.push(k);
    if (++k >= b.n) break;
    p = offsets[k];
  }
  b.term = s;
  b.hits = Int32Array.from(found);
  return b.hits;
}

/** An entry's part of a haystack over `fields`. */
export function part<T extends Doc>(e: Entry<T>, fields: number[] | null): string {
  const all = fields ? fields.map((f) => e.text[f]).join("\u0001") : e.all;
  return all.replaceAll("\n", " ") + "\n";
}

/** A block's text, joined from its entries (those from `base` on) when a write dropped it. */
function joined<T extends Doc>(
  b: Block,
  entries: Entry<T>[],
  base: number,
  fields: number[] | null,
): { text: string; offsets: Int32Array } {
  if (b.text === null || !b.offsets) {
    const offsets = new Int32Array(b.n + 1);
    let o = 0, text = "";
    for (let i = 0; i < b.n; i++) {
      const p = part(entries[base + i], fields);
      offsets[i] = o;
      o += p.length;
      text += p;
    }
    offsets[b.n] = o;
    b.text = text;
    b.offsets = offsets;
  }
  return b as { text: string; offsets: Int32Array };
}

/** The view's haystack over `fields`: blocks made on first use (joined as searched), kept. */
function haystackOf<T extends Doc>(view: View<T>, fields: number[] | null): Haystack {
  const sig = fields ? fields.join(",") : "*";
  view.haystacks ??= new Map();
  let haystack = view.haystacks.get(sig);
  if (!haystack) {
    const blocks: Block[] = [];
    for (let i = 0; i < view.entries.length; i += view.block) {
      blocks.push(block(Math.min(view.block, view.entries.length - i)));
    }
    haystack = { blocks, fields };
    view.haystacks.set(sig, haystack);
  }
  return haystack;
}

/**
 * Keeps a haystack in step with the view's entries: `remove` (0 or 1) entries at `at` replaced
 * by `add` (0 or 1). Only the block holding `at` loses its text (none when `same`: the entry
 * replaced in place has the same text); a block grown past twice the block size is split, an
 * emptied one removed.
 */
export function spliceHaystack(
  h: Haystack,
  size: number,
  at: number,
  remove: 0 | 1,
  add: 0 | 1,
  same = false,
): void {
  const { blocks } = h;
  if (!blocks.length) {
    if (add) blocks.push(block(1));
    return;
  }
  let i = 0, base = 0;
  // the block holding position `at` (an insertion at the very end goes into the last block)
  while (i < blocks.length - 1 && base + blocks[i].n <= at) base += blocks[i++].n;
  const b = blocks[i];
  if (same && remove && add) return;
  b.n += add - remove;
  b.text = b.offsets = b.hits = null;
  b.term = null;
  if (b.n === 0) blocks.splice(i, 1);
  else if (b.n > 2 * size) blocks.splice(i, 1, block(b.n >> 1), block(b.n - (b.n >> 1)));
}

/** Marks the view's entries whose text contains at least one of `needles`. */
export function candidates<T extends Doc>(
  view: View<T>,
  fields: number[] | null,
  needles: string[],
) {
  const { entries } = view;
  const hit = new Uint8Array(entries.length);
  const { blocks } = haystackOf(view, fields);
  for (const needle of needles) {
    let base = 0;
    for (const b of blocks) {
      for (const k of hitsIn(b, entries, base, fields, needle)) hit[base + k] = 1;
      base += b.n;
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
