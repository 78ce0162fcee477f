import type { Doc, MemIndexOptions, Row } from "./doc.ts";

/** Whether two embedded records hold the same values (one level deep). */
function sameFields(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => a[k] === b[k]);
}

/**
 * What a `MemIndex` keeps of each record: the declaration's `slim` part, with the embedded
 * records of its `share` fields kept once (rows holding an equal copy share one object).
 */
export class RowKeeper<T extends Doc> {
  #slim?: (doc: T) => T;
  #reshare?: (doc: T) => T;
  #share: string[];
  /** The embedded records kept once, by id (the newest copy of each). */
  #shared = new Map<string, Record<string, unknown>>();

  constructor(opts: Pick<MemIndexOptions<T>, "slim" | "share" | "reshare">) {
    this.#slim = opts.slim;
    this.#reshare = opts.reshare;
    this.#share = opts.share ?? [];
  }

  /**
   * The row as the index keeps it: slimmed (unless `kept` already: then its repeated values
   * shared again, `reshare`), embedded records shared.
   */
  keep(row: Row<T>, kept = false): Row<T> {
    if (!this.#share.length && (kept ? !this.#reshare : !this.#slim)) return row;
    const value =
      (kept
        ? (this.#reshare ? this.#reshare(row.value) : row.value)
        : this.#slim
        ? this.#slim(row.value)
        : { ...row.value }) as Record<string, unknown>;
    for (const f of this.#share) {
      const v = value[f] as Record<string, unknown> | null | undefined;
      if (!v || typeof v !== "object" || Array.isArray(v) || typeof v._id !== "string") continue;
      const have = this.#shared.get(v._id);
      if (have === v) continue;
      if (have && sameFields(have, v)) value[f] = have;
      else this.#shared.set(v._id, v);
    }
    return { value: value as T, versionstamp: row.versionstamp };
  }

  /** Forgets the shared records (the index was emptied). */
  clear(): void {
    this.#shared.clear();
  }
}
