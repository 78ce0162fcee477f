import type { Doc, Row } from "./doc.ts";

/** The whole records of a slim index's recent pages (at most `max`), each for its versionstamp. */
export class RecentRows<T extends Doc> {
  #rows = new Map<string, Row<T>>();

  constructor(readonly max: number) {}

  /** The kept whole record of the index row `row`, if it is still at that version. */
  get(row: Row<T>): Row<T> | undefined {
    const kept = this.#rows.get(row.value._id);
    return kept && kept.versionstamp === row.versionstamp ? kept : undefined;
  }

  /** Keeps a whole record read from KV, dropping the oldest beyond `max`. */
  add(row: Row<T>): void {
    this.#rows.delete(row.value._id);
    this.#rows.set(row.value._id, row);
    if (this.#rows.size > this.max) this.#rows.delete(this.#rows.keys().next().value!);
  }

  clear(): void {
    this.#rows.clear();
  }
}
