/**
 * Trigram postings over the search text of a `MemIndex`'s entries, so a rare term (an ERM
 * number, a full name) finds its few candidates without scanning every text: the entries
 * holding every trigram of the term are among those of its rarest trigram, and each candidate is
 * then checked with `includes`. Postings are insertion ranks (`seq`), ascending.
 */

/** Trigram length: shorter terms are scanned. */
export const GRAM = 3;

/** The distinct trigrams of `text`. */
export function gramsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i + GRAM <= text.length; i++) out.add(text.slice(i, i + GRAM));
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

/** Postings per trigram, kept in step with each entry's text. */
export class Grams {
  #post = new Map<string, number[]>();

  /** Adds or removes `seq` under each trigram of `text`. */
  #each(text: string, seq: number, add: boolean, skip?: Set<string>): void {
    for (const g of gramsOf(text)) {
      if (skip?.has(g)) continue;
      let list = this.#post.get(g);
      if (add) {
        if (!list) this.#post.set(g, list = []);
        if (!list.length || list[list.length - 1] < seq) list.push(seq);
        else {
          const i = bound(list, seq);
          if (list[i] !== seq) list.splice(i, 0, seq);
        }
      } else if (list) {
        const i = bound(list, seq);
        if (list[i] === seq) list.splice(i, 1);
        if (!list.length) this.#post.delete(g);
      }
    }
  }

  /** Moves entry `seq` from text `was` (null: new) to `is` (null: removed). */
  update(seq: number, was: string | null, is: string | null): void {
    if (was === is) return;
    const keep = was !== null && is !== null ? gramsOf(was) : undefined;
    const next = is !== null ? gramsOf(is) : undefined;
    if (was !== null) this.#each(was, seq, false, next);
    if (is !== null) this.#each(is, seq, true, keep);
  }

  /**
   * The ranks of the entries that may hold `term` (those under its rarest trigram), or null
   * when even that trigram is held by more than `most` entries (then a scan is cheaper).
   */
  candidates(term: string, most: number): number[] | null {
    let best: number[] | null = null;
    for (const g of gramsOf(term)) {
      const list = this.#post.get(g);
      if (!list) return [];
      if (!best || list.length < best.length) best = list;
    }
    return best && best.length <= most ? best : null;
  }
}
