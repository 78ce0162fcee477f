/** What the audit tests read: the log's entries and the main store's outbox. */
import type { AuditEntry } from "../lib/audit/log.ts";
import type { setup } from "./helpers.ts";

export type T = Awaited<ReturnType<typeof setup>>;

/** The log's entries matching `f`, newest first. */
export const entries = async (t: T, f: Record<string, string>): Promise<AuditEntry[]> =>
  (await t.audit.list(f, 0, 1000)).rows;

/** What the main store's outbox holds. */
export async function outbox(t: T): Promise<unknown[]> {
  const out = [];
  for await (const e of t.store.kv.list({ prefix: ["_outbox"] })) out.push(e.value);
  return out;
}

/** One record's change as a list row shows it: an entry's own, or each of a `changes` entry's. */
export interface Shown {
  action: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

/** The records' changes `rows` show, in order (an entry of many records gives each of its). */
export const recordsIn = (rows: AuditEntry[]): Shown[] =>
  rows.flatMap((e) =>
    e.action === "changes"
      ? e.after as Shown[]
      : [{ action: e.action, entityId: e.entityId ?? "", before: e.before, after: e.after }]
  );
