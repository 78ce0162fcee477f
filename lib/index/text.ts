import type { Doc } from "./doc.ts";
import { type Entry, SEP, textOf } from "./scan.ts";
import { bitsFor, eachBit } from "./bits.ts";

/**
 * The search text of a `MemIndex` per set of searched fields, in blocks by insertion rank, each
 * entry's part ending with "\n": a write drops exactly one block, whatever the views' orders.
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
   * The block's last terms searched (at most `TERMS`, newest last), each with a bit per rank of
   * the entries holding it: paging a search re-scans only blocks written since.
   */
  terms: string[];
  hits: Uint32Array[];
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
  if (!fields) {
    // each entry's search text becomes a slice of the block's: the text is kept once, not twice
    for (let k = 0; k < seqs.length; k++) {
      const e = bySeq[seqs[k]]!;
      if (!e.all.includes("\n")) e.all = text.slice(offsets[k], offsets[k + 1] - 1);
    }
  }
  return {
    text,
    offsets: Int32Array.from(offsets),
    seqs: Int32Array.from(seqs),
    terms: [],
    hits: [],
  };
}

/** Terms whose hits a block keeps: few, so hits of terms not asked again die young. */
const TERMS = 4;

/** Drops the text of the block holding rank `seq` (its entry was written). */
export function dropRank(h: Haystack, size: number, seq: number): void {
  const i = Math.floor(seq / size);
  if (i < h.blocks.length) h.blocks[i] = undefined;
}

/** Marks (bits.ts) the entries whose text over the haystack's fields holds one of `needles`. */
export function markHits<T extends Doc>(
  h: Haystack,
  size: number,
  bySeq: (Entry<T> | undefined)[],
  ranks: number,
  needles: string[],
): Uint32Array {
  const marks = bitsFor(ranks);
  const count = Math.ceil(ranks / size);
  for (const s of needles) {
    for (let i = 0; i < count; i++) {
      const b = h.blocks[i] ??= join(bySeq, i * size, Math.min(ranks, (i + 1) * size), h.fields);
      let at = b.terms.indexOf(s);
      if (at < 0) {
        const found = new Uint32Array(Math.ceil(size / 32));
        let k = 0, p = 0;
        const { text, offsets, seqs } = b;
        while ((p = text.indexOf(s, p)) !== -1) {
          while (offsets[k + 1] <= p) k++;
          const r = seqs[k] - i * size;
          found[r >>> 5] |= 1 << (r & 31);
          if (++k >= seqs.length) break;
          p = offsets[k];
        }
        if (b.terms.length >= TERMS) {
          b.terms.shift();
          b.hits.shift();
        }
        at = b.terms.push(s) - 1;
        b.hits.push(found);
      }
      const bits = b.hits[at], base = i * size;
      if ((base & 31) === 0) {
        // the block's words fall on whole words of the marks
        for (let w = 0, o = base >>> 5; w < bits.length && o + w < marks.length; w++) {
          marks[o + w] |= bits[w];
        }
        continue;
      }
      eachBit(bits, (r) => marks[r >>> 5] |= 1 << (r & 31), base);
    }
  }
  return marks;
}
