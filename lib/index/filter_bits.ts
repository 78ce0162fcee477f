import type { Doc, Row } from "./doc.ts";
import type { Entry, View } from "./scan.ts";
import { bitsFor, countBits, hasBit } from "./bits.ts";
import type { Found, FoundCache, FoundSource } from "./found.ts";

/**
 * A list's filters as kept bit sets, one per term (a search term, a `where` value, a keyed
 * numeric filter), built once and kept in step among the recent terms (`FoundCache`): a repeated
 * room, month or prefix costs a few word operations (intersect, popcount, read to the page end).
 */

/** One filter term: its cache key, the test of one entry, and how to mark every holder. */
export interface Term<T extends Doc> {
  key: string;
  holds: (e: Entry<T>) => boolean;
  /** Marks every entry that holds the term (default: `holds` over every entry). */
  build?: (bits: Uint32Array) => void;
}

/** What the filters read of their index. */
export interface BitsSource<T extends Doc> extends FoundSource<T> {
  list(): Entry<T>[];
  found: FoundCache;
}

/** The kept bits of `term`, built when not kept. */
export function termBits<T extends Doc>(src: BitsSource<T>, term: Term<T>): Found {
  const kept = src.found.get(term.key, src, term.holds);
  if (kept) return kept;
  const version = src.version(), removals = src.removals();
  const marks = bitsFor(src.ranks());
  if (term.build) term.build(marks);
  else {
    for (const e of src.list()) if (term.holds(e)) marks[e.seq >>> 5] |= 1 << (e.seq & 31);
  }
  const found: Found = { marks, count: countBits(marks), version, removals };
  src.found.set(term.key, found);
  return found;
}

/** The ranks in every set of `sets` (at least one), counted (one set: its own marks). */
export function intersect(sets: Found[]): { bits: Uint32Array; count: number } {
  if (sets.length === 1) return { bits: sets[0].marks, count: sets[0].count };
  const words = Math.min(...sets.map((f) => f.marks.length));
  const bits = new Uint32Array(words);
  bits.set(sets[0].marks.subarray(0, words));
  for (let i = 1; i < sets.length; i++) {
    const m = sets[i].marks;
    for (let w = 0; w < words; w++) bits[w] &= m[w];
  }
  return { bits, count: countBits(bits) };
}

/**
 * The entries of `view` in every set of `sets`, counted, and the page `[start, end)` of them in
 * the view's order; `member` is the view's own `where` as a set (null: all).
 */
export function pageOfBits<T extends Doc>(
  view: View<T>,
  ranks: Int32Array,
  sets: Found[],
  member: Found | null,
  start: number,
  end: number,
): { filtered: number; rows: Row<T>[] } {
  const { bits, count: filtered } = intersect(member ? [...sets, member] : sets);
  const rows: Row<T>[] = [];
  let seen = 0;
  for (let k = 0; k < ranks.length && seen < end; k++) {
    const r = ranks[k];
    if (r >>> 5 >= bits.length || !hasBit(bits, r)) continue;
    if (seen >= start) rows.push(view.bySeq[r]!.row);
    seen++;
  }
  return { filtered, rows };
}
