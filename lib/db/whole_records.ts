import type { Doc, Row } from "../index/doc.ts";
import { RecentRows } from "../index/recent_rows.ts";

/** A few pages' worth: under many users the kept records die young, never promoted by V8. */
const RECENT = 200;
/** Reads of at most this many rows are pages whose records are kept (an export is not). */
const RECENT_PAGE = 200;

/** Ids a record can have: ULIDs and codes, at most 100 characters (longer keys make KV throw). */
export const possibleId = (id: unknown): boolean =>
  typeof id === "string" && /^[\w.:-]{1,100}$/.test(id);

/** Reads records straight from KV, in the order of `ids` (missing ones left out). */
export async function readMany<T extends Doc>(
  kv: Deno.Kv,
  keyOf: (id: string) => Deno.KvKey,
  ids: string[],
): Promise<Row<T>[]> {
  ids = ids.filter(possibleId);
  const out: Row<T>[] = [];
  // getMany takes at most 10 keys; 50 calls at a time run side by side
  for (let from = 0; from < ids.length; from += 500) {
    const reads: Promise<Deno.KvEntryMaybe<T>[]>[] = [];
    for (let i = from; i < Math.min(ids.length, from + 500); i += 10) {
      reads.push(kv.getMany<T[]>(ids.slice(i, i + 10).map(keyOf)));
    }
    for (const got of await Promise.all(reads)) {
      for (const e of got) {
        if (e.versionstamp) out.push({ value: e.value!, versionstamp: e.versionstamp });
      }
    }
  }
  return out;
}

/**
 * The whole records of a slim index's rows, read from KV; those of the last pages read are kept
 * and used while their versionstamp is the index's.
 */
export class WholeRecords<T extends Doc> {
  #recent = new RecentRows<T>(RECENT);

  /** `whole`: which rows the slim index keeps whole (returned as they are). */
  constructor(
    readonly read: (ids: string[]) => Promise<Row<T>[]>,
    readonly whole?: (doc: T) => boolean,
  ) {}

  /** `rows` as whole records; one deleted meanwhile keeps its indexed part (`dropGone`: out). */
  async full(rows: Row<T>[], dropGone = false): Promise<Row<T>[]> {
    const got = new Map<string, Row<T>>();
    const want: string[] = [];
    for (const r of rows) {
      const kept = dropGone ? undefined : this.whole?.(r.value) ? r : this.#recent.get(r);
      if (kept) got.set(r.value._id, kept);
      else want.push(r.value._id);
    }
    const page = !dropGone && rows.length <= RECENT_PAGE;
    for (const r of await this.read(want)) {
      got.set(r.value._id, r);
      if (page) this.#recent.add(r);
    }
    if (dropGone) return rows.flatMap((r) => got.get(r.value._id) ?? []);
    return rows.map((r) => got.get(r.value._id) ?? r);
  }

  /** Forgets the kept records (after the store was switched or restored). */
  clear(): void {
    this.#recent.clear();
  }
}
