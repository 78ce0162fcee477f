import { newId } from "../db/ids.ts";
import type { Store } from "../db/store.ts";

/** One call to E-Klaim in a stay's log: what was asked and how it ended (never key or payload). */
export interface CallLogEntry {
  /** ISO instant the call started. */
  at: string;
  method: string;
  /** The SEP it named ('' for calls that name none). */
  sep: string;
  /** Who made it (username). */
  by: string;
  ms: number;
  ok: boolean;
  /** `metadata.code`; null without a readable answer. */
  code: number | null;
  errorNo: string | null;
  /** The Indonesian outcome (`Ok`, or what failed and what to check). */
  message: string;
  /** Why it failed (lib/eklaim/client.ts `EklaimFailure`), null when it succeeded. */
  failure: string | null;
}

/** Entries kept per stay: the oldest go once there are more. */
export const CALL_LOG_KEEP = 100;

const prefix = (ipdId: string): Deno.KvKey => ["eklaim_log", ipdId];

/** Appends one entry to stay `ipdId`'s log (`["eklaim_log", ipdId, ulid]`). */
export async function appendCall(store: Store, ipdId: string, e: CallLogEntry): Promise<void> {
  await store.kv.set([...prefix(ipdId), newId()], e);
}

/** Stay `ipdId`'s log, newest first (at most `CALL_LOG_KEEP`). */
export async function callLog(store: Store, ipdId: string): Promise<CallLogEntry[]> {
  const it = store.kv.list<CallLogEntry>({ prefix: prefix(ipdId) }, {
    reverse: true,
    limit: CALL_LOG_KEEP,
  });
  return await Array.fromAsync(it, (e) => e.value);
}

/** Drops stay `ipdId`'s entries past the newest `CALL_LOG_KEEP` (after a run of calls). */
export async function trimCallLog(store: Store, ipdId: string): Promise<void> {
  const all = store.kv.list({ prefix: prefix(ipdId) }, { reverse: true });
  const old = (await Array.fromAsync(all, (e) => e.key)).slice(CALL_LOG_KEEP);
  for (let i = 0; i < old.length; i += 100) {
    const op = store.kv.atomic();
    for (const k of old.slice(i, i + 100)) op.delete(k);
    await op.commit();
  }
}
