import type { Op } from "./batch.ts";
import type { Doc } from "../index/doc.ts";
import type { Row } from "../index/index.ts";

/** One record's staged write or delete, for a commit spanning records (see `Tx`). */
export interface Staged<T extends Doc = Doc> {
  id: string;
  /** The record written, or null for a delete. */
  doc: T | null;
  /** The record it replaces or deletes (null: a new record), for the audit outbox. */
  before: T | null;
  ops: Op[];
  /** Why the commit failed, as far as this record can tell (a taken unique value, or stale). */
  why: () => Promise<Error>;
  /** What the write adds to the collection's tally (see `CollectionSpec.tally`). */
  delta: number;
}

/** A versionstamp check on another record, committed with a write (e.g. its parent). */
export type Check = { key: Deno.KvKey; versionstamp: string | null };

/** `Collection.update`'s options: see there. */
export interface UpdateOptions<T extends Doc> {
  expected?: string;
  checks?: Check[];
  read?: Row<T> | null;
}
