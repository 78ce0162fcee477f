/** What the audit tests read: the log's entries and the main store's outbox. */
import type { AuditEntry } from "../lib/audit/log.ts";
import assert from "node:assert/strict";
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

const WORKER = new URL("./audit_outbox_worker.ts", import.meta.url).pathname;

/**
 * Runs tests/audit_outbox_worker.ts on `dir` (with `mode`), SIGKILLs it once its output matches
 * `at` (or after 20 s: a worker that never gets there), asserts the kill ended it (Windows has no
 * signals: TerminateProcess, exit code 1), and returns what it printed and its stderr.
 */
export async function killWorkerAt(
  dir: string,
  at: RegExp,
  mode?: string,
): Promise<{ seen: string; err: string }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--unstable-kv", WORKER, dir, ...(mode ? [mode] : [])],
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let seen = "";
  const dec = new TextDecoder();
  const late = setTimeout(() => child.kill("SIGKILL"), 20_000);
  for await (const chunk of child.stdout) {
    seen += dec.decode(chunk, { stream: true });
    if (at.test(seen)) {
      child.kill("SIGKILL");
      break;
    }
  }
  const status = await child.status;
  clearTimeout(late);
  const err = dec.decode(await new Response(child.stderr).arrayBuffer());
  assert.match(seen, at, err);
  assert.equal(status.success, false);
  if (Deno.build.os === "windows") assert.equal(status.code, 1);
  else assert.equal(status.signal, "SIGKILL");
  return { seen, err };
}
