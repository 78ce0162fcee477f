import { type Entry, sortEntries } from "./scan.ts";
import { eachBit } from "./bits.ts";
import { intersect, type Term, termBits } from "./filter_bits.ts";
import type { IndexParts } from "./term_hits.ts";
import type { Doc, Query, Row } from "./doc.ts";

/** A query's parts as `runQuery` splits them. */
export interface FewParts<T extends Doc> {
  /** The view's `where` term, if any. */
  first?: [string, string];
  /** The other `where` terms and the keyed numeric filter, as kept bit sets. */
  terms: Term<T>[];
  /** The view's `where` term as a kept bit set (given with `first`). */
  member?: Term<T>;
  start: number;
  end: number;
}

/**
 * A filtered list whose order has no view yet, when its kept filters hold few (under a
 * sixteenth) of the view's records: those few are checked and sorted instead of building the
 * view. Null: not few, or no such filter; the view answers.
 */
export function fewFirst<T extends Doc>(
  ix: IndexParts<T>,
  q: Query,
  { first, terms, member, start, end }: FewParts<T>,
): { filtered: number; rows: Row<T>[] } | null {
  const order = q.order ?? [];
  if (!terms.length || ix.hasView(order, first)) return null;
  const base = first ? ix.group(first[0]).get(first[1])?.length ?? 0 : ix.list().length;
  // counted within the view's records (its own term among the sets)
  const { bits, count } = intersect(
    [...terms, ...member ? [member] : []].map((t) => termBits(ix, t)),
  );
  if (count * 16 >= base) return null;
  const cols = q.numeric && !q.numericKey ? ix.columns() : null;
  const found: Entry<T>[] = [];
  eachBit(bits, (seq) => {
    const e = ix.bySeq(seq);
    if (!e) return;
    if (cols && !q.numeric!(cols, seq)) return;
    if (q.filter && !q.filter(e.row.value)) return;
    found.push(e);
  });
  const sorted = order.length ? sortEntries(found, order) : found;
  return { filtered: sorted.length, rows: sorted.slice(start, end).map((e) => e.row) };
}
