/**
 * One string per text while an index loads. V8's `JSON.parse` shares only values of up to ten
 * characters, and KV's reader none, so each record read holds a copy of its own of every
 * repeated longer value: the versionstamp of the commit that wrote a batch (an import's
 * hundreds of records share one), names, addresses, dates. A load passes each record through
 * one `Interner` and lets it go with the load, keeping the texts and not the table.
 */
export class Interner {
  #seen = new Map<string, string>();

  /** `s`, or the equal text seen first (only 11 to 64 characters are looked up). */
  text(s: string): string {
    if (s.length <= 10 || s.length > 64) return s;
    const have = this.#seen.get(s);
    if (have !== undefined) return have;
    this.#seen.set(s, s);
    return s;
  }

  /**
   * Replaces the record's own string fields with the texts seen first, in place (not its id,
   * which no other record holds). Returns how many it replaced.
   */
  record(v: Record<string, unknown>): number {
    let n = 0;
    for (const k in v) {
      if (k === "_id") continue;
      const x = v[k];
      if (typeof x !== "string" || x.length <= 10 || x.length > 64) continue;
      const have = this.#seen.get(x);
      if (have === undefined) this.#seen.set(x, x);
      else {
        v[k] = have;
        n++;
      }
    }
    return n;
  }
}
