/**
 * Trigram postings over the search text of a `MemIndex`'s entries, so a rare term (an ERM
 * number, a full name) finds its few candidates without scanning every text: the entries
 * holding every trigram of the term are among those of its rarest trigram, and each candidate is
 * then checked with `includes`. Trigrams are hashed into a fixed table of buckets (a collision
 * only adds candidates, which the check removes); postings are insertion ranks (`seq`),
 * ascending.
 */

/** Trigram length: shorter terms are scanned. */
export const GRAM = 3;
const BITS = 18;

/** The bucket of the trigram of `t` at `i`. */
function bucket(t: string, i: number): number {
  const h = Math.imul(t.charCodeAt(i), 0x9e3779b1) ^ Math.imul(t.charCodeAt(i + 1), 0x85ebca77) ^
    Math.imul(t.charCodeAt(i + 2), 0xc2b2ae3d);
  return (Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0) >>> (32 - BITS);
}

/** The distinct buckets of the trigrams of `text`. */
export function bucketsOf(text: string): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i + GRAM <= text.length; i++) out.add(bucket(text, i));
  return out;
}

/** Binary search: the first position in `list` whose item is not below `x`. */
function bound(list: number[], x: number): number {
  let lo = 0, hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Postings per trigram bucket, kept in step with each entry's text. */
export class Grams {
  #post: (number[] | undefined)[] = new Array(1 << BITS);

  /** Adds an entry (a fresh build: in ascending `seq` order each is appended, no search). */
  append(seq: number, text: string): void {
    for (let i = 0; i + GRAM <= text.length; i++) {
      const b = bucket(text, i);
      const list = this.#post[b];
      if (!list) this.#post[b] = [seq];
      else if (list[list.length - 1] < seq) list.push(seq);
      else if (list[list.length - 1] !== seq) this.#insert(list, seq);
    }
  }

  #insert(list: number[], seq: number): void {
    const i = bound(list, seq);
    if (list[i] !== seq) list.splice(i, 0, seq);
  }

  /** Moves entry `seq` from text `was` (null: new) to `is` (null: removed). */
  update(seq: number, was: string | null, is: string | null): void {
    if (was === is) return;
    const old = was === null ? new Set<number>() : bucketsOf(was);
    const neu = is === null ? new Set<number>() : bucketsOf(is);
    for (const b of old) {
      if (neu.has(b)) continue;
      const list = this.#post[b];
      if (!list) continue;
      const i = bound(list, seq);
      if (list[i] === seq) list.splice(i, 1);
      if (!list.length) this.#post[b] = undefined;
    }
    for (const b of neu) {
      if (old.has(b)) continue;
      const list = this.#post[b];
      if (!list) this.#post[b] = [seq];
      else if (list[list.length - 1] < seq) list.push(seq);
      else this.#insert(list, seq);
    }
  }

  /**
   * The ranks of the entries that may hold `term` (those under its rarest trigram's bucket), or
   * null when even that bucket holds more than `most` entries (then a scan is cheaper).
   */
  candidates(term: string, most: number): number[] | null {
    let best: number[] | null = null;
    for (let i = 0; i + GRAM <= term.length; i++) {
      const list = this.#post[bucket(term, i)];
      if (!list) return [];
      if (!best || list.length < best.length) best = list;
    }
    return best && best.length <= most ? best : null;
  }
}
