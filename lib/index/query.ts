import { type Entry, entryAt, ranksOf, sortEntries, textOf, type View } from "./scan.ts";
import { GRAM } from "./grams.ts";
import { groupKey } from "./view.ts";
import { fewFirst } from "./few_first.ts";
import type { Found } from "./found.ts";
import { hasBit } from "./bits.ts";
import { pageOfBits, type Term, termBits } from "./filter_bits.ts";
import type { Doc, Query, QueryResult, Row } from "./doc.ts";
import {
  holds,
  type IndexParts,
  keptHits,
  narrowHits,
  needleMarks,
  scanHits,
  trigramHits,
} from "./term_hits.ts";
export type { IndexParts } from "./term_hits.ts";

/**
 * Filters, searches, orders and pages the rows. The first `where` term is the base (a cached
 * view per order: put a broad, stable term first); the others are membership marks.
 */
export function runQuery<T extends Doc>(ix: IndexParts<T>, q: Query): QueryResult<T> {
  const all = ix.list();
  const terms = Object.entries(q.where ?? {});
  const at = q.viewFields ? terms.findIndex(([f]) => q.viewFields!.includes(f)) : 0;
  const first = at >= 0 ? terms[at] : undefined;
  const rest = terms.filter((_, i) => i !== at);
  const start = Math.max(0, q.start ?? 0);
  const end = q.length == null || q.length < 0 ? Infinity : start + q.length;
  const s = q.search?.trim().toLowerCase();
  if (!s && !q.match) {
    // kept filters holding few records, in an order with no view yet: those few are sorted
    const kept = rest.map(([f, v]) => whereTerm(ix, f, v));
    if (q.numeric && q.numericKey) kept.push(numericTerm(ix, q));
    const member = first && whereTerm(ix, ...first);
    const few = fewFirst(ix, q, { first, terms: kept, member, start, end });
    if (few) return { total: all.length, ...few };
  }
  const keep = keeperOf(ix, rest, q);
  const view = ix.view(q.order ?? [], first);
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
  }
  // a term's hits kept already; else, but in a view of a few of the records (the admitted
  // stays: its own texts are read), every record's text is scanned for it
  let scan = false;
  if (s && needles && !q.match && !grams) scan = !(found = keptHits(ix, s, fields)) && !few;
  if (!q.filter && !q.match && (!q.numeric || q.numericKey) && (!s || found || scan)) {
    // every filter a kept bit set: intersected, counted, the view read to the page's end
    const sets: Found[] = [];
    for (const [f, v] of rest) sets.push(termBits(ix, whereTerm(ix, f, v)));
    if (q.numeric) sets.push(termBits(ix, numericTerm(ix, q)));
    if (scan) found = narrowHits(ix, s!, fields, sets) ?? scanHits(ix, s!, fields);
    if (found) sets.unshift(found);
    const member = view.where ? termBits(ix, whereTerm(ix, ...view.where)) : null;
    return { total: all.length, ...pageOfBits(view, ranksOf(view), sets, member, start, end) };
  }
  if (scan) found = scanHits(ix, s!, fields);
  const hit = found?.marks ?? (needles && !few ? needleMarks(ix, needles, fields) : null);
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

/** A search answered from trigram candidates, each checked as the scan would, put in view order. */
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
