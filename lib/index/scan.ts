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
  /** The record's derived numbers, or null: none, or moved into the index's number columns. */
  nums: number[] | null;
}

/** An entry's lowercased value of each search field. */
export function textOf<T extends Doc>(e: Entry<T>): string[] {
  return e.all.split(SEP);
}

/**
 * Entries in one order (empty: insertion order), optionally only those whose value at
 * `where[0]` is `where[1]`, kept as insertion ranks (4 bytes an entry).
 */
export interface View<T extends Doc> {
  /** The entries' insertion ranks in view order (a search's marks are by rank). */
  seqs: Int32Array;
  /** The index's entries by insertion rank (holes for removed ones). */
  bySeq: (Entry<T> | undefined)[];
  order: OrderBy[];
  where?: [string, string];
}

/** The view's insertion ranks in view order. */
export function ranksOf<T extends Doc>(view: View<T>): Int32Array {
  return view.seqs;
}

/** The entry at position `k` of a view. */
export function entryAt<T extends Doc>(view: View<T>, k: number): Entry<T> {
  return view.bySeq[view.seqs[k]]!;
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

/** A view's order: its terms, then the id (`ka`/`kb` are the entries' `keysOf`). */
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
  if (order.length === 1) {
    const keys = list.map((e) => sortKey(walk(e.row.value, paths[0])));
    const ranked = rankKeys(keys);
    if (ranked) return byRank(list, ranked, order[0].dir === "desc");
  }
  const keyed = list.map((e) => ({ e, k: paths.map((p) => sortKey(walk(e.row.value, p))) }));
  keyed.sort((a, b) => compareEntries(order, a.e, a.k, b.e, b.k));
  return keyed.map((x) => x.e);
}

/** Each key's rank among the distinct keys ('' first) if all numbers or all text; else null. */
function rankKeys(keys: Key[]): { ranks: Int32Array; count: number } | null {
  let nums = 0, texts = 0;
  for (const k of keys) {
    if (typeof k === "number") nums++;
    else if (k !== "") texts++;
  }
  if (nums && texts) return null;
  // stored instants (every text one): their text order is their time order, ranked as numbers
  if (texts && keys.every((k) => k === "" || isInstant(k as string))) {
    return rankKeys(keys.map((k) => k === "" ? k : isoMs(k as string)));
  }
  const ranks = new Int32Array(keys.length);
  if (nums) {
    // '' ranks 0; numbers by binary search among the distinct ones (native typed sort)
    const sorted = Float64Array.from(keys.filter((k) => k !== "") as number[]).sort();
    let u = 0;
    for (let i = 0; i < sorted.length; i++) {
      if (!u || sorted[i] !== sorted[u - 1]) sorted[u++] = sorted[i];
    }
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      if (k === "") continue;
      let lo = 0, hi = u;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (sorted[mid] < (k as number)) lo = mid + 1;
        else hi = mid;
      }
      ranks[i] = lo + 1;
    }
    return { ranks, count: u + 1 };
  }
  // text ('' included): the distinct keys sorted by code unit, as `<` compares them
  const distinct = [...new Set(keys as string[])].sort();
  const rankOf = new Map<string, number>();
  distinct.forEach((k, i) => rankOf.set(k, i));
  for (let i = 0; i < keys.length; i++) ranks[i] = rankOf.get(keys[i] as string)!;
  return { ranks, count: distinct.length };
}

/** Whether a text has a stored instant's shape (`2026-11-16T14:13:00.000Z`, either case). */
function isInstant(t: string): boolean {
  return t.length === 24 && (t[10] === "T" || t[10] === "t") && (t[23] === "Z" || t[23] === "z") &&
    t[4] === "-" && t[7] === "-" && t[13] === ":";
}

const D = (t: string, i: number) => t.charCodeAt(i) - 48;

/** `Date.parse` of a stored ISO instant read digit by digit (faster); other text: `Date.parse`. */
export function isoMs(t: string): number {
  if (!isInstant(t)) return Date.parse(t);
  return Date.UTC(
    D(t, 0) * 1000 + D(t, 1) * 100 + D(t, 2) * 10 + D(t, 3),
    D(t, 5) * 10 + D(t, 6) - 1,
    D(t, 8) * 10 + D(t, 9),
    D(t, 11) * 10 + D(t, 12),
    D(t, 14) * 10 + D(t, 15),
    D(t, 17) * 10 + D(t, 18),
    D(t, 20) * 100 + D(t, 21) * 10 + D(t, 22),
  );
}

/** `list` by key rank (descending: highest first), ties by id: a stable counting sort. */
function byRank<E extends Entry<Doc>>(
  list: E[],
  { ranks, count }: { ranks: Int32Array; count: number },
  desc: boolean,
): E[] {
  const n = list.length;
  let base: Int32Array | null = null;
  for (let i = 1; i < n; i++) {
    if (list[i - 1].row.value._id >= list[i].row.value._id) {
      base = Int32Array.from(list.keys()).sort((a, b) => {
        const x = list[a].row.value._id, y = list[b].row.value._id;
        return x < y ? -1 : x > y ? 1 : list[a].seq - list[b].seq;
      });
      break;
    }
  }
  const starts = new Int32Array(count + 1);
  for (let i = 0; i < n; i++) starts[(desc ? count - 1 - ranks[i] : ranks[i]) + 1]++;
  for (let r = 1; r <= count; r++) starts[r] += starts[r - 1];
  const out = new Array<E>(n);
  for (let j = 0; j < n; j++) {
    const i = base ? base[j] : j;
    out[starts[desc ? count - 1 - ranks[i] : ranks[i]]++] = list[i];
  }
  return out;
}

/** An entry's text over the trigram fields, line breaks read as spaces (as a scan reads them). */
export function gramText<T extends Doc>(e: Entry<T> | null, pos: number[]): string | null {
  if (e === null) return null;
  const text = textOf(e);
  const t = pos.map((i) => text[i]).join(SEP);
  return t.includes("\n") ? t.replaceAll("\n", " ") : t;
}

/** Makes records' search texts over a set of search fields (their paths split once). */
export class SearchText {
  readonly #paths: string[][];
  /** The parts of one text, reused (joined, each text is one flat string). */
  readonly #parts: string[] = [];

  constructor(fields: string[]) {
    this.#paths = fields.map((f) => f.split("."));
  }

  /** A record's search text: its search fields lowercased, joined by `SEP`. */
  of(value: unknown): string {
    const paths = this.#paths, parts = this.#parts;
    parts.length = paths.length;
    for (let i = 0; i < paths.length; i++) parts[i] = lower(walk(value, paths[i]));
    return parts.join(SEP);
  }
}

/** A value as the search text holds it: lowercased, the field separator read as a space. */
export function lower(v: unknown): string {
  const s = String(v ?? "").toLowerCase();
  return s.includes(SEP) ? s.replaceAll(SEP, " ") : s;
}
