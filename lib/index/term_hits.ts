/** A search term's hits over an index: scanned, from trigrams, kept, or within a narrow filter. */
import { type Entry, textOf, type View } from "./scan.ts";
import type { Grams } from "./grams.ts";
import { part } from "./text.ts";
import type { Found, FoundCache, FoundSource } from "./found.ts";
import { bitsFor, countBits, eachBit } from "./bits.ts";
import type { Doc, OrderBy } from "./doc.ts";

/** What a query reads of a `MemIndex` and what keeps common terms' hits in step (`FoundSource`). */
export interface IndexParts<T extends Doc> extends FoundSource<T> {
  searchFields(): string[];
  /** Every entry, in insertion order. */
  list(): Entry<T>[];
  /** Entries by their value at `field`, in insertion order. */
  group(field: string): Map<string, Entry<T>[]>;
  /** Entries in one order, all or those of one `where` term. */
  view(order: OrderBy[], where?: [string, string]): View<T>;
  /** Whether that view is built (or saved) already. */
  hasView(order: OrderBy[], where?: [string, string]): boolean;
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
export function holds<T extends Doc>(e: Entry<T>, s: string, fields: number[] | null): boolean {
  if (textHas(e, s, fields)) return true;
  // only a space of the term can meet a line break, which the search text reads as a space
  return s.includes(" ") && e.all.includes("\n") && part(e, fields).includes(s);
}

/**
 * A search's hits from the trigram postings: few candidates come back as ranks (for `rare`);
 * many are checked once and kept (`FoundCache`).
 */
export function trigramHits<T extends Doc>(
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
export function keptHits<T extends Doc>(ix: IndexParts<T>, s: string, fields: number[] | null) {
  return ix.found.get(termKey(fields, s), ix, (e) => holds(e, s, fields));
}

/** The entries among `among`'s hits whose text holds `s`, as a term's hits (not kept). */
function checkedHits<T extends Doc>(
  ix: IndexParts<T>,
  s: string,
  fields: number[] | null,
  among: Found,
): Found {
  const marks = bitsFor(ix.ranks());
  let count = 0;
  eachBit(among.marks, (seq) => {
    const e = ix.bySeq(seq);
    if (e && holds(e, s, fields)) marks[seq >>> 5] |= 1 << (seq & 31), count++;
  });
  return { marks, count, version: ix.version(), removals: ix.removals() };
}

/**
 * A search's hits among a narrow filter's (a month, a room): only their texts are read. Not
 * kept; null when no filter is that narrow.
 */
export function narrowHits<T extends Doc>(
  ix: IndexParts<T>,
  s: string,
  fields: number[] | null,
  sets: Found[],
): Found | null {
  const narrow = sets.reduce<Found | null>((a, f) => !a || f.count < a.count ? f : a, null);
  return narrow && narrow.count * 16 < ix.ranks() ? checkedHits(ix, s, fields, narrow) : null;
}

/** The marks of the entries holding one of `needles` (a custom prefilter), kept as a term's are. */
export function needleMarks<T extends Doc>(
  ix: IndexParts<T>,
  needles: string[],
  fields: number[] | null,
): Uint32Array {
  const key = termKey(fields, needles.join("\u0001"));
  const has = (e: Entry<T>) => needles.some((n) => holds(e, n, fields));
  const kept = ix.found.get(key, ix, has);
  if (kept) return kept.marks;
  const found = scanned(ix, ix.marks(fields, needles));
  ix.found.set(key, found);
  return found.marks;
}

/**
 * A search no trigram answers (one or two letters, fields without trigrams): the scan's marks,
 * kept with their count among the recent terms (`FoundCache`).
 */
export function scanHits<T extends Doc>(
  ix: IndexParts<T>,
  s: string,
  fields: number[] | null,
): Found {
  // a term kept that this one holds (its first letters, typed a moment ago): only its hits
  // can hold this one, so they are checked instead of scanning every text
  const within = ix.found.narrowest(termKey(fields, ""), s, ix, holds, fields);
  const found = within && within.count < ix.ranks() / 8
    ? checkedHits(ix, s, fields, within)
    : scanned(ix, ix.marks(fields, [s]));
  ix.found.set(termKey(fields, s), found);
  return found;
}

/** Marks as a term's hits, counted, at the index's version. */
const scanned = <T extends Doc>(ix: IndexParts<T>, marks: Uint32Array): Found => ({
  marks,
  count: countBits(marks),
  version: ix.version(),
  removals: ix.removals(),
});
