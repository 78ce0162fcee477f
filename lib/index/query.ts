import { type Entry, entryAt, ranksOf, sortEntries, textOf, type View } from "./scan.ts";
import { GRAM, type Grams } from "./grams.ts";
import { part } from "./text.ts";
import { groupKey } from "./view.ts";
import type { Found, FoundCache, FoundSource } from "./found.ts";
import { bitsFor, countBits, eachBit, hasBit } from "./bits.ts";
import { pageOfBits, type Term, termBits } from "./filter_bits.ts";
import { type Doc, type OrderBy, type Query, type QueryResult, type Row } from "./doc.ts";

/**
 * What a query reads of a `MemIndex` (its caches are built on first use and kept), and what
 * keeps the hits of common terms in step (`FoundSource`).
 */
export interface IndexParts<T extends Doc> extends FoundSource<T> {
  searchFields(): string[];
  /** Every entry, in insertion order. */
  list(): Entry<T>[];
  /** Entries by their value at `field`, in insertion order. */
  group(field: string): Map<string, Entry<T>[]>;
  /** Entries in one order, all or those of one `where` term. */
  view(order: OrderBy[], where?: [string, string]): View<T>;
  /** The derived numbers as columns indexed by insertion rank (see `Query.numeric`). */
  columns(): Float64Array[];
  bySeq(seq: number): Entry<T> | undefined;
  /** The trigram postings when they cover the searched fields (null: scan). */
  grams(fields: number[] | null): Grams | null;
  /** Marks (bits by insertion rank) of the entries whose searched fields hold one of `needles`. */
  marks(fields: number[] | null, needles: string[]): Uint32Array;
  /** The hits of recent common terms (see found.ts). */
  found: FoundCache;
}

/** Whether an entry's searched fields (null: all) contain `s`. */
function textHas<T extends Doc>(e: Entry<T>, s: string, fields: number[] | null): boolean {
  if (!fields) return e.all.includes(s);
  const text = textOf(e);
  return fields.some((i) => text[i].includes(s));
}

/** Whether an entry's text over `fields` (null: all), as the search text joins it, holds `s`. */
function holds<T extends Doc>(e: Entry<T>, s: string, fields: number[] | null): boolean {
  if (textHas(e, s, fields)) return true;
  // only a space of the term can meet a line break, which the search text reads as a space
  return s.includes(" ") && e.all.includes("\n") && part(e, fields).includes(s);
}

/**
 * Filters, searches, orders and pages the rows. The first `where` term is the base (a cached
 * view per order: put the broad, stable term first, e.g. a status, so views stay few); the
 * other terms are membership marks; a search finds its candidates in the view's joined text
 * before any filter.
 */
export function runQuery<T extends Doc>(ix: IndexParts<T>, q: Query): QueryResult<T> {
  const all = ix.list();
  const terms = Object.entries(q.where ?? {});
  const at = q.viewFields ? terms.findIndex(([f]) => q.viewFields!.includes(f)) : 0;
  const first = at >= 0 ? terms[at] : undefined;
  const rest = terms.filter((_, i) => i !== at);
  const keep = keeperOf(ix, rest, q);
  const view = ix.view(q.order ?? [], first);
  const start = Math.max(0, q.start ?? 0);
  const end = q.length == null || q.length < 0 ? Infinity : start + q.length;
  const s = q.search?.trim().toLowerCase();
  const cols = q.numeric && ix.columns();
  // a view holding few of the records: a search reads its entries' texts (see `keptHits`)
  const few = !!view.where && view.seqs.length * 16 < all.length;
  if (!s && !keep && !cols) {
    const rows: Row<T>[] = [];
    for (let k = start; k < Math.min(end, view.seqs.length); k++) rows.push(entryAt(view, k).row);
    return { total: all.length, filtered: view.seqs.length, rows };
  }
  const idx = (q.searchFields ?? ix.searchFields())
    .map((f) => ix.searchFields().indexOf(f)).filter((i) => i >= 0);
  const fields = !idx.length || idx.length === ix.searchFields().length ? null : idx;
  const needles = s ? needlesOf(s, q) : null;
  const grams = s && !q.match && needles && s.length >= GRAM ? ix.grams(fields) : null;
  let found: Found | null = null;
  if (s && grams) {
    const got = trigramHits(ix, grams, s, fields, all.length);
    if (got instanceof Int32Array) {
      return { total: all.length, ...rare(ix, got, s, view, fields, keep, q, start, end) };
    }
    found = got;
  } else if (s && needles && !q.match) {
    // a view of a few of the records (the admitted stays): its own texts are read, unless the
    // term's hits over every record are kept already
    found = few ? keptHits(ix, s, fields) : scanHits(ix, s, fields);
  }
  if (!q.filter && !q.match && (!q.numeric || q.numericKey) && (!s || found)) {
    // every filter a kept bit set: intersected, counted, the view read to the page's end
    const sets = found ? [found] : [];
    for (const [f, v] of rest) sets.push(termBits(ix, whereTerm(ix, f, v)));
    if (q.numeric) sets.push(termBits(ix, numericTerm(ix, q)));
    const member = view.where ? termBits(ix, whereTerm(ix, ...view.where)) : null;
    return { total: all.length, ...pageOfBits(view, ranksOf(view), sets, member, start, end) };
  }
  const hit = found?.marks ?? (needles && !few ? ix.marks(fields, needles) : null);
  const w = { hit, found, cols, keep, s, fields, q, start, end };
  return { total: all.length, ...walkView(view, w) };
}

/** The `where` terms after the first, and the query's filter, as one test (null: none). */
function keeperOf<T extends Doc>(
  ix: IndexParts<T>,
  rest: [string, string][],
  q: Query,
): ((e: Entry<T>) => boolean) | null {
  // the other terms as membership marks by insertion rank (no record is read)
  const more = rest.map(([field, value]) => {
    const marks = new Uint8Array(ix.ranks());
    for (const e of ix.group(field).get(value) ?? []) marks[e.seq] = 1;
    return marks;
  });
  return more.length || q.filter
    ? (e: Entry<T>) =>
      more.every((marks) => marks[e.seq] === 1) && (!q.filter || q.filter(e.row.value))
    : null;
}

/** A `where` term as a kept bit set (its group's entries). */
function whereTerm<T extends Doc>(ix: IndexParts<T>, field: string, value: string): Term<T> {
  return {
    key: `w\u0002${field}\u0003${value}`,
    holds: (e) => groupKey(e, field) === value,
    build: (bits) => {
      for (const e of ix.group(field).get(value) ?? []) bits[e.seq >>> 5] |= 1 << (e.seq & 31);
    },
  };
}

/** A numeric filter with its key (`Query.numericKey`) as a kept bit set. */
function numericTerm<T extends Doc>(ix: IndexParts<T>, q: Query): Term<T> {
  const cols = ix.columns(), test = q.numeric!;
  return { key: `n\u0002${q.numericKey}`, holds: (e) => test(cols, e.seq) };
}

/** The terms a search's marks are made of (null: every entry is checked one by one). */
function needlesOf(s: string, q: Query): string[] | null {
  if (q.match) {
    const n = q.prefilter?.(s);
    return n?.length && n.every((x) => x.length > 1) ? n : null;
  }
  return !s.includes("\n") && !s.includes("\u0001") ? [s] : null;
}

/**
 * A search's hits from the trigram postings: few candidates come back as they are (insertion
 * ranks, for `rare`); many are checked once and kept (`FoundCache`), read in the view's order as
 * a scan's marks are.
 */
function trigramHits<T extends Doc>(
  ix: IndexParts<T>,
  grams: Grams,
  s: string,
  fields: number[] | null,
  total: number,
): Found | Int32Array {
  const cached = keptHits(ix, s, fields);
  if (cached) return cached;
  const seqs = grams.candidates(s);
  if (seqs.length <= Math.max(256, total / 64)) return seqs;
  const found: Found = {
    marks: bitsFor(ix.ranks()),
    count: 0,
    version: ix.version(),
    removals: ix.removals(),
  };
  for (const seq of seqs) {
    const e = ix.bySeq(seq);
    if (e && holds(e, s, fields)) found.marks[seq >>> 5] |= 1 << (seq & 31), found.count++;
  }
  ix.found.set(termKey(fields, s), found);
  return found;
}

/** The key of a term's kept hits over `fields` (null: every field) in the `FoundCache`. */
const termKey = (fields: number[] | null, s: string) => `${fields ?? "*"}\u0002${s}`;

/** The kept hits of a term over every record, when recent (null: none kept). */
function keptHits<T extends Doc>(ix: IndexParts<T>, s: string, fields: number[] | null) {
  return ix.found.get(termKey(fields, s), ix, (e) => holds(e, s, fields));
}

/**
 * A search no trigram answers (a term of one or two letters, or fields without trigrams): the
 * scan's marks, kept with their count among the recent terms (`FoundCache`), so the next clerk
 * typing the same first letters, or paging, re-checks only the records written since.
 */
function scanHits<T extends Doc>(ix: IndexParts<T>, s: string, fields: number[] | null): Found {
  const cached = keptHits(ix, s, fields);
  if (cached) return cached;
  const version = ix.version(), removals = ix.removals();
  // a term kept that this one holds (its first letters, typed a moment ago): only its hits
  // can hold this one, so they are checked instead of scanning every text
  const within = ix.found.narrowest(termKey(fields, ""), s, ix, holds, fields);
  let marks: Uint32Array, count = 0;
  if (within && within.count < ix.ranks() / 8) {
    marks = bitsFor(ix.ranks());
    const into = marks;
    eachBit(within.marks, (seq) => {
      const e = ix.bySeq(seq);
      if (e && holds(e, s, fields)) into[seq >>> 5] |= 1 << (seq & 31), count++;
    });
  } else count = countBits(marks = ix.marks(fields, [s]));
  const found: Found = { marks, count, version, removals };
  ix.found.set(termKey(fields, s), found);
  return found;
}

/** What a walk over a view tests its entries with (see `runQuery`). */
interface Walk<T extends Doc> {
  hit: Uint32Array | null;
  found: Found | null;
  cols: false | undefined | Float64Array[];
  keep: ((e: Entry<T>) => boolean) | null;
  s: string | undefined;
  fields: number[] | null;
  q: Query;
  start: number;
  end: number;
}

/** Walks a view in its order, keeping the entries that pass, and pages them. */
function walkView<T extends Doc>(
  view: View<T>,
  w: Walk<T>,
): { filtered: number; rows: Row<T>[] } {
  const { hit, found, cols, keep, s, fields, q, start, end } = w;
  const ranks = hit || cols ? ranksOf(view) : null;
  const rows: Row<T>[] = [];
  let filtered = 0;
  if (found && !view.where && !keep && !cols) {
    // every hit is in the view: counted already, read only up to the page's end
    for (let k = 0; k < ranks!.length && filtered < end; k++) {
      if (!hasBit(hit!, ranks![k])) continue;
      if (filtered >= start) rows.push(entryAt(view, k).row);
      filtered++;
    }
    return { filtered: found.count, rows };
  }
  if (hit && s && !q.match && !keep && !cols) {
    // a plain search: the view's ranks against the marks, no record read
    for (let k = 0; k < ranks!.length; k++) {
      if (!hasBit(hit, ranks![k])) continue;
      if (filtered >= start && filtered < end) rows.push(entryAt(view, k).row);
      filtered++;
    }
    return { filtered, rows };
  }
  const enough = Math.max(end, q.countUpTo ?? Infinity);
  for (let k = 0; k < view.seqs.length && filtered < enough; k++) {
    if (hit && !hasBit(hit, ranks![k])) continue;
    if (cols && !q.numeric!(cols, ranks![k])) continue;
    const e = entryAt(view, k);
    if (keep && !keep(e)) continue;
    if (s && (q.match ? !q.match(textOf(e), s) : !hit && !holds(e, s, fields))) continue;
    if (filtered >= start && filtered < end) rows.push(e.row);
    filtered++;
  }
  return { filtered, rows };
}

/**
 * A search answered from trigram candidates (insertion ranks): each is checked as the scan
 * would (text, view membership, numbers, filters), then the few found are put in the view's
 * order.
 */
function rare<T extends Doc>(
  ix: IndexParts<T>,
  seqs: Int32Array,
  s: string,
  view: View<T>,
  fields: number[] | null,
  keep: ((e: Entry<T>) => boolean) | null,
  q: Query,
  start: number,
  end: number,
): { filtered: number; rows: Row<T>[] } {
  const cols = q.numeric && ix.columns();
  const found: Entry<T>[] = [];
  for (const seq of seqs) {
    const e = ix.bySeq(seq);
    if (!e || !holds(e, s, fields)) continue;
    if (view.where && groupKey(e, view.where[0]) !== view.where[1]) continue;
    if (cols && !q.numeric!(cols, seq)) continue;
    if (keep && !keep(e)) continue;
    found.push(e);
  }
  // candidates come in insertion order, the order of a view without terms
  const sorted = view.order.length ? sortEntries(found, view.order) : found;
  return { filtered: sorted.length, rows: sorted.slice(start, end).map((e) => e.row) };
}
