import type { Context } from "hono";
import type { AuditActor, AuditEvent } from "../audit/log.ts";
import { changeEvent, diff } from "../audit/log.ts";
import { committedChange, recordEvent } from "./outbox.ts";
import { allows } from "../auth/roles.ts";
import type { AppEnv } from "./env.ts";

/**
 * The entry of a list header (`X-Forwarded-For`, `X-Forwarded-Proto`) the trusted proxies
 * wrote: each appends what it saw, so the client's own is `hops` from the end; the entries
 * before it are the client's to write and never read. A shorter list (fewer proxies on the
 * way than expected) gives its first entry. Undefined with no proxy trusted or no header.
 */
export function forwarded(c: Context, header: string, hops: number): string | undefined {
  if (hops < 1) return undefined;
  const entries = (c.req.header(header) ?? "").split(",").map((e) => e.trim());
  const entry = entries[Math.max(0, entries.length - hops)];
  return entry || undefined;
}

/** The trusted proxies in front of this app (`TRUST_PROXY`; 0: none). */
const proxies = (c: Context<AppEnv>) => c.get("config")?.trustProxy ?? 0;

/**
 * The client's address: the `X-Forwarded-For` entry the trusted proxy appended (`TRUST_PROXY=N`:
 * N entries from the end), else the socket's peer (Deno.serve's info), else "-".
 */
export function clientIp(c: Context<AppEnv>): string {
  const fwd = forwarded(c, "x-forwarded-for", proxies(c));
  if (fwd) return fwd.slice(0, 64);
  const addr = (c.env as { remoteAddr?: { hostname?: string } } | undefined)?.remoteAddr;
  return addr?.hostname ?? "-";
}

/**
 * True when the request came over HTTPS: directly, or by the `X-Forwarded-Proto` entry the
 * trusted proxy appended (read as `clientIp` reads the address). `hops` defaults to
 * `TRUST_PROXY`; the security headers, which run before the config is set, pass it.
 */
export function isHttps(c: Context<AppEnv>, hops = proxies(c)): boolean {
  if (new URL(c.req.url).protocol === "https:") return true;
  return forwarded(c, "x-forwarded-proto", hops)?.toLowerCase() === "https";
}

/** Who makes this request: the signed-in user (or `who`, for login events), role and address. */
export function actorOf(
  c: Context<AppEnv>,
  who?: { username: string; role?: string },
): AuditActor {
  const s = c.get("session");
  return {
    username: who?.username ?? s?.username ?? "-",
    role: who?.role ?? s?.role ?? "-",
    ip: clientIp(c),
  };
}

/**
 * Writes an audit entry for this request (who: see `actorOf`). It covers the changes this
 * request committed so far, whose intents wait in the outbox until it is appended; if the
 * append fails, the entry waits there in their place (see lib/http/outbox.ts).
 */
export async function audit(
  c: Context<AppEnv>,
  ev: AuditEvent,
  who?: { username: string; role?: string },
): Promise<void> {
  await recordEvent(c.get("store").kv, c.get("audit"), actorOf(c, who), ev);
}

/**
 * Audits what this request's commits did to one record, as committed (`committedChange`): as
 * `action` with the fields changed (the record, for a create), or without `action` as a
 * create, a delete or an update of the fields changed (nothing when no field changed).
 */
export async function auditChange(
  c: Context<AppEnv>,
  entity: string,
  entityId: string,
  action?: string,
): Promise<void> {
  const ch = await committedChange(c.get("store").kv, entity, entityId);
  if (!action) {
    const ev = ch && changeEvent(entity, entityId, ch.before, ch.after);
    if (ev) await audit(c, ev);
    return;
  }
  const d = ch?.before && ch.after ? diff(ch.before, ch.after) : ch?.after && { after: ch.after };
  await audit(c, { action, entity, entityId, ...d });
}

/**
 * Like `audit`, for a write of many records (an import): each record's change this request
 * committed is appended with its before and after (a bulk write's twenty to an entry, found by
 * each record's key fields: see `CHANGES`), then `ev` (the summary).
 */
export async function auditWithChanges(c: Context<AppEnv>, ev: AuditEvent): Promise<void> {
  await recordEvent(c.get("store").kv, c.get("audit"), actorOf(c), ev, { changes: true });
}

/** True when this request's user may use the route `METHOD pattern` (as declared). */
export function can(c: Context<AppEnv>, method: string, pattern: string): boolean {
  const role = c.get("session")?.role;
  const access = c.get("access")?.(method, pattern);
  return !!role && !!access && allows(role, access);
}
