import type { Doc, MemIndexOptions, Row } from "./doc.ts";

/** Whether two embedded records hold the same values (one level deep). */
function sameFields(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  // counted, not listed: a load compares every record's embedded ones
  let n = 0;
  for (const k in a) {
    if (a[k] !== b[k] || !Object.hasOwn(b, k)) return false;
    n++;
  }
  for (const _ in b) n--;
  return n === 0;
}

/** What a `MemIndex` keeps of each record: `slim`'s part, its `share` fields' records kept once. */
export class SlimRows<T extends Doc> {
  #slim?: (doc: T) => T;
  #reshare?: (doc: T) => T;
  #share: string[];
  /** The embedded records kept once, per field by id (the newest copy of each). */
  #shared = new Map<string, Map<string, Record<string, unknown>>>();

  constructor(opts: Pick<MemIndexOptions<T>, "slim" | "share" | "reshare">) {
    this.#slim = opts.slim;
    this.#reshare = opts.reshare;
    this.#share = opts.share ?? [];
  }

  /** The row as the index keeps it: slimmed (or, `kept`, reshared), embedded records shared. */
  keep(row: Row<T>, kept = false): Row<T> {
    if (!this.#share.length && (kept ? !this.#reshare : !this.#slim)) return row;
    const value =
      (kept
        ? (this.#reshare ? this.#reshare(row.value) : row.value)
        : this.#slim
        ? this.#slim(row.value)
        : { ...row.value }) as Record<string, unknown>;
    for (let i = 0; i < this.#share.length; i++) {
      const f = this.#share[i];
      const v = value[f];
      const have = this.canonical(f, v);
      if (have !== v) value[f] = have;
    }
    return { value: value as T, versionstamp: row.versionstamp };
  }

  /**
   * The embedded record of field `f` kept in place of `v`: the one kept of its id when equal,
   * else `v` (kept from then on); anything but `{_id, ...}` comes back as it is.
   */
  canonical(f: string, v: unknown): unknown {
    if (!v || typeof v !== "object" || Array.isArray(v)) return v;
    const r = v as Record<string, unknown>;
    if (typeof r._id !== "string") return v;
    let kept = this.#shared.get(f);
    if (!kept) this.#shared.set(f, kept = new Map());
    const have = kept.get(r._id);
    if (have === r) return v;
    if (have && sameFields(have, r)) return have;
    kept.set(r._id, r);
    return v;
  }

  /** A record read back from a snapshot, its repeated values shared again (`reshare`). */
  reshared(value: T): T {
    return this.#reshare ? this.#reshare(value) : value;
  }

  /** Forgets the shared records (the index was emptied). */
  clear(): void {
    this.#shared.clear();
  }
}
