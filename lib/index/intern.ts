/**
 * One string per versionstamp while an index loads. KV's reader gives each entry a copy of its
 * own of the versionstamp of the commit that wrote it, which an import's or a data set's hundreds
 * of records share. A load passes each versionstamp through one `Interner` and lets it go with the
 * load, keeping the texts and not the table.
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
