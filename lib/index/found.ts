import type { Doc } from "./doc.ts";
import type { Entry } from "./scan.ts";
import { grownBits, putBit } from "./bits.ts";

/** A term's hits: a bit per insertion rank (bits.ts) and how many, as of an index version. */
export interface Found {
  marks: Uint32Array;
  count: number;
  version: number;
  removals: number;
}

/** What the cache reads of its index. */
export interface FoundSource<T extends Doc> {
  version(): number;
  /** How many records were ever removed (a removed record's rank cannot be looked up). */
  removals(): number;
  /** One past the highest insertion rank given so far. */
  ranks(): number;
  changesSince(version: number): string[] | null;
  entry(id: string): Entry<T> | undefined;
}

/**
 * The hits of the last `max` common search terms, kept in step with writes: a later query
 * re-checks only the records written since, and starts over when the log no longer covers them.
 */
export class FoundCache {
  #terms = new Map<string, Found>();
  constructor(readonly max = 128) {}

  /** The hits of `key` brought up to date (`holds` re-checks one record), or null. */
  get<T extends Doc>(
    key: string,
    src: FoundSource<T>,
    holds: (e: Entry<T>) => boolean,
  ): Found | null {
    const f = this.#terms.get(key);
    if (!f) return null;
    this.#terms.delete(key);
    if (f.version !== src.version()) {
      const ids = f.removals === src.removals() ? src.changesSince(f.version) : null;
      if (!ids) return null;
      f.marks = grownBits(f.marks, src.ranks());
      for (const id of ids) {
        const e = src.entry(id);
        if (!e) return null;
        const now = holds(e);
        f.count += Number(now) - Number(putBit(f.marks, e.seq, now));
      }
      f.version = src.version();
    }
    this.#terms.set(key, f); // the most recent last
    return f;
  }

  /** Among the kept terms under `prefix` that `s` holds, the one with fewest hits, or null. */
  narrowest<T extends Doc, F>(
    prefix: string,
    s: string,
    src: FoundSource<T>,
    holds: (e: Entry<T>, term: string, fields: F) => boolean,
    fields: F,
  ): Found | null {
    let best: string | null = null, fewest = Infinity;
    for (const [key, f] of this.#terms) {
      if (!key.startsWith(prefix) || f.count >= fewest) continue;
      const term = key.slice(prefix.length);
      if (term !== s && s.includes(term)) best = key, fewest = f.count;
    }
    if (best === null) return null;
    const term = best.slice(prefix.length);
    return this.get(best, src, (e) => holds(e, term, fields));
  }

  /** Keeps the hits of `key`, dropping the least recently used beyond `max`. */
  set(key: string, f: Found): void {
    this.#terms.delete(key);
    if (this.#terms.size >= this.max) this.#terms.delete(this.#terms.keys().next().value!);
    this.#terms.set(key, f);
  }

  clear(): void {
    this.#terms.clear();
  }
}
