/**
 * One string per versionstamp while an index loads: KV gives each entry its own copy of its
 * commit's versionstamp, which an import's hundreds of records share.
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
}
