import type { Doc } from "./doc.ts";
import { type Entry, SEP, textOf } from "./scan.ts";

/**
 * The search text of a `MemIndex`, once per collection and set of searched fields, in
 * insertion order: block `i` holds the entries of insertion ranks `[i * size, (i + 1) * size)`,
 * each entry's part ending with "\n", joined on the first search after a write dropped it. A
 * write keeps its entry's rank, so it drops exactly one block, whatever the views' orders; a
 * search marks the ranks of the entries holding the term, and each view walks its rank array.
 */
export interface Haystack {
  blocks: (Block | undefined)[];
  /** Positions in the entries' `text` (null: every field). */
  fields: number[] | null;
}

/** The joined text of one block of ranks. */
interface Block {
  text: string;
  /** Where each part starts; the last item is the text's length. */
  offsets: Int32Array;
  /** The rank of each part's entry. */
  seqs: Int32Array;
  /**
   * The last terms searched in this block (at most `TERMS`, newest last) and the ranks of the
   * entries holding each: paging through a search, or several users searching the same few
   * names, re-scans only blocks a write touched since.
   */
  terms: string[];
  hits: Int32Array[];
}

/** An entry's part of a haystack over `fields` (line breaks read as spaces). */
export function part<T extends Doc>(e: Entry<T>, fields: number[] | null): string {
  let all = e.all;
  if (fields) {
    const text = textOf(e);
    all = fields.map((f) => text[f]).join(SEP);
  }
  return all.replaceAll("\n", " ") + "\n";
}

function join<T extends Doc>(
  bySeq: (Entry<T> | undefined)[],
  from: number,
  to: number,
  fields: number[] | null,
): Block {
  const offsets: number[] = [], seqs: number[] = [];
  let text = "", o = 0;
  for (let seq = from; seq < to; seq++) {
    const e = bySeq[seq];
    if (!e) continue;
    const p = part(e, fields);
    offsets.push(o);
    seqs.push(seq);
    o += p.length;
    text += p;
  }
  offsets.push(o);
  return {
    text,
    offsets: Int32Array.from(offsets),
    seqs: Int32Array.from(seqs),
    terms: [],
    hits: [],
  };
}

/** Terms whose hits a block keeps (a few dozen names searched again and again by an office). */
const TERMS = 32;

/** Drops the text of the block holding rank `seq` (its entry was written). */
export function dropRank(h: Haystack, size: number, seq: number): void {
  const i = Math.floor(seq / size);
  if (i < h.blocks.length) h.blocks[i] = undefined;
}

/**
 * Marks (1 at their rank) the entries whose text over the haystack's fields holds one of
 * `needles`; `bySeq` are the entries by rank, `ranks` how many ranks were given out.
 */
export function markHits<T extends Doc>(
  h: Haystack,
  size: number,
  bySeq: (Entry<T> | undefined)[],
  ranks: number,
  needles: string[],
): Uint8Array {
  const marks = new Uint8Array(ranks);
  const count = Math.ceil(ranks / size);
  for (const s of needles) {
    for (let i = 0; i < count; i++) {
      const b = h.blocks[i] ??= join(bySeq, i * size, Math.min(ranks, (i + 1) * size), h.fields);
      let at = b.terms.indexOf(s);
      if (at < 0) {
        const found: number[] = [];
        let k = 0, p = 0;
        const { text, offsets, seqs } = b;
        while ((p = text.indexOf(s, p)) !== -1) {
          while (offsets[k + 1] <= p) k++;
          found.push(seqs[k]);
          if (++k >= seqs.length) break;
          p = offsets[k];
        }
        if (b.terms.length >= TERMS) {
          b.terms.shift();
          b.hits.shift();
        }
        at = b.terms.push(s) - 1;
        b.hits.push(Int32Array.from(found));
      }
      for (const seq of b.hits[at]) marks[seq] = 1;
    }
  }
  return marks;
}
