/**
 * Trigram postings over a `MemIndex`'s search texts, so a rare term (an ERM number, a name)
 * finds its candidates under its rarest trigram without a scan, each then checked with
 * `includes`. Trigrams hash into fixed buckets (a collision only adds candidates).
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

/** Binary search: the first of the `n` items of `list` not below `x`. */
function bound(list: Int32Array, n: number, x: number): number {
  let lo = 0, hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Postings per trigram bucket: an `Int32Array` of ascending ranks and its length. */
export class Grams {
  #post: (Int32Array | undefined)[] = new Array(1 << BITS);
  #len = new Int32Array(1 << BITS);

  /** Adds an entry (a fresh build: in ascending `seq` order each is appended, no search). */
  append(seq: number, text: string): void {
    for (let i = 0; i + GRAM <= text.length; i++) this.#add(bucket(text, i), seq);
  }

  /** After a build: every bucket's array cut to its length (no spare room kept). */
  trim(): void {
    for (let b = 0; b < this.#post.length; b++) {
      const list = this.#post[b];
      if (list && list.length > this.#len[b]) this.#post[b] = list.slice(0, this.#len[b]);
    }
  }

  #add(b: number, seq: number): void {
    let list = this.#post[b];
    const n = this.#len[b];
    if (!list) list = this.#post[b] = new Int32Array(4);
    else if (n && list[n - 1] === seq) return;
    const at = n && list[n - 1] > seq ? bound(list, n, seq) : n;
    if (at < n && list[at] === seq) return;
    if (n === list.length) {
      // an eighth more: after a build every list is full, and a day's edits (a phone number's
      // ten trigrams each) would otherwise leave half as much again spare in each list touched
      const more = new Int32Array(Math.max(4, n + Math.ceil(n / 8)));
      more.set(list);
      list = this.#post[b] = more;
    }
    if (at < n) list.copyWithin(at + 1, at, n);
    list[at] = seq;
    this.#len[b] = n + 1;
  }

  #remove(b: number, seq: number): void {
    const list = this.#post[b];
    if (!list) return;
    const n = this.#len[b], at = bound(list, n, seq);
    if (list[at] !== seq || at >= n) return;
    list.copyWithin(at, at + 1, n);
    this.#len[b] = n - 1;
    if (n === 1) this.#post[b] = undefined;
  }

  /** Moves entry `seq` from text `was` (null: new) to `is` (null: removed). */
  update(seq: number, was: string | null, is: string | null): void {
    if (was === is) return;
    const old = was === null ? new Set<number>() : bucketsOf(was);
    const neu = is === null ? new Set<number>() : bucketsOf(is);
    for (const b of old) if (!neu.has(b)) this.#remove(b, seq);
    for (const b of neu) if (!old.has(b)) this.#add(b, seq);
  }

  /** The ranks of the entries that may hold `term`, ascending (its trigrams' intersected). */
  candidates(term: string): Int32Array {
    const lists: Int32Array[] = [];
    for (const b of bucketsOf(term)) {
      if (!this.#post[b]) return new Int32Array(0);
      lists.push(this.#post[b]!.subarray(0, this.#len[b]));
    }
    lists.sort((x, y) => x.length - y.length);
    let out = lists[0] ?? new Int32Array(0);
    for (let i = 1; i < lists.length && out.length; i++) out = intersect(out, lists[i]);
    return out;
  }
}

/** The ranks in both ascending lists (`a` the shorter), ascending. */
function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length);
  let n = 0, j = 0;
  for (let i = 0; i < a.length && j < b.length; i++) {
    const x = a[i];
    if (b[j] < x) {
      // gallop, then binary search, to the first item not below x
      let step = 1, hi = j + 1;
      while (hi < b.length && b[hi] < x) {
        j = hi;
        hi += step *= 2;
      }
      hi = Math.min(hi, b.length);
      while (j < hi) {
        const mid = (j + hi) >> 1;
        if (b[mid] < x) j = mid + 1;
        else hi = mid;
      }
    }
    if (b[j] === x) out[n++] = x;
  }
  return out.subarray(0, n);
}
