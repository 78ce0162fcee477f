import type { Context } from "hono";
import type { AuditEvent, AuditLog } from "../audit/log.ts";
import { MinuteFold } from "../audit/fold.ts";
import { appendDetached } from "./outbox.ts";
import { actorOf, audit } from "./request.ts";
import type { AppEnv } from "./env.ts";

/** This process's folded audit records, one per key and minute; main.ts flushes it at a stop. */
export const auditFold = new MinuteFold();

/** Distinct values a folded record keeps per field (searches, other addresses or paths). */
const KEEP = 20;
/** The longest search kept, in characters. */
const SEARCH_MAX = 100;

let logs = 0;
const logIds = new WeakMap<AuditLog, number>();
/** A number per audit log, in each key: two apps in one process (tests) never share a record. */
function logId(log: AuditLog): number {
  let n = logIds.get(log);
  if (n === undefined) logIds.set(log, n = ++logs);
  return n;
}

/** A repeat's texts unlike its minute's first: the first's, and the other values seen. */
interface Repeats {
  first: Record<string, unknown>;
  others: Record<string, string[]>;
}

function noteOthers(r: Repeats, seen: Record<string, unknown>) {
  for (const [k, v] of Object.entries(seen)) {
    if (typeof v !== "string" || v === r.first[k]) continue;
    const list = r.others[k] ??= [];
    if (list.length < KEEP && !list.includes(v)) list.push(v);
  }
}

/** Audits a security event folded per `key` and minute: the first now, the repeats counted. */
export async function auditRepeated(
  c: Context<AppEnv>,
  key: string,
  ev: AuditEvent,
  who?: { username: string; role?: string },
): Promise<void> {
  const log = c.get("audit"), store = c.get("store");
  const actor = actorOf(c, who);
  const after = { ...(ev.after as Record<string, unknown> | undefined) };
  const seen = { ip: actor.ip, ...after };
  const first = auditFold.add<Repeats>(
    `${logId(log)}|${ev.action}|${key}`,
    () => ({
      data: { first: seen, others: {} },
      emit: (count, r, minute) =>
        appendDetached(store.kv, log, actor, {
          ...ev,
          after: {
            ...after,
            count,
            minute,
            ...Object.keys(r.others).length ? { others: r.others } : {},
          },
        }),
    }),
    (r) => noteOthers(r, seen),
    true,
  );
  if (first) await audit(c, { ...ev, after: { ...after, count: 1 } }, who);
}

/** A list's minute: the rows it sent and the searches made. */
interface ListReads {
  rows: number;
  searches: string[];
}

/** Adds a search; one a later search extends (a name being typed) gives way to it. */
function noteSearch(searches: string[], raw: string) {
  const q = raw.trim().toLowerCase().slice(0, SEARCH_MAX);
  if (!q) return;
  for (const [i, s] of searches.entries()) {
    if (s.startsWith(q)) return;
    if (q.startsWith(s)) {
      searches[i] = q;
      return;
    }
  }
  if (searches.length < KEEP) searches.push(q);
}

/** The text searched in a list or select request (DataTables' `search[value]`, select2's `q`). */
const searchOf = (c: Context<AppEnv>) =>
  c.req.query("search[value]") ?? c.req.query("search") ?? c.req.query("q") ??
    c.req.query("term") ?? "";

/** Audits a list of patient or stay records, folded per user, path and minute. */
export function auditList(c: Context<AppEnv>, entity: string, rows: number): void {
  const log = c.get("audit");
  const list = c.req.path, search = searchOf(c);
  auditFold.add<ListReads>(
    `${logId(log)}|list|${c.get("session")?.userId ?? "-"}|${list}`,
    () => {
      const store = c.get("store"), actor = actorOf(c);
      return {
        data: { rows: 0, searches: [] },
        emit: (requests, r, minute) =>
          appendDetached(store.kv, log, actor, {
            action: "list",
            entity,
            after: { list, requests, rows: r.rows, searches: r.searches, minute },
          }),
      };
    },
    (r) => {
      r.rows += rows;
      noteSearch(r.searches, search);
    },
  );
}
