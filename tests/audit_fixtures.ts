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
