import type { Context } from "hono";
import type { AuditActor, AuditEvent } from "../audit/log.ts";
import { changeEvent, diff } from "../audit/log.ts";
import { committedChange, recordEvent } from "./outbox.ts";
import { allows } from "../auth/roles.ts";
import type { AppEnv } from "./env.ts";

/** The entry of a list header the trusted proxies appended: `hops` from the end, else the first. */
export function forwarded(c: Context, header: string, hops: number): string | undefined {
  if (hops < 1) return undefined;
  const entries = (c.req.header(header) ?? "").split(",").map((e) => e.trim());
  const entry = entries[Math.max(0, entries.length - hops)];
  return entry || undefined;
}

/** The trusted proxies in front of this app (`TRUST_PROXY`; 0: none). */
const proxies = (c: Context<AppEnv>) => c.get("config")?.trustProxy ?? 0;

/** The client's address: the trusted proxy's `X-Forwarded-For` entry, else the peer's, else "-". */
export function clientIp(c: Context<AppEnv>): string {
  const fwd = forwarded(c, "x-forwarded-for", proxies(c));
  if (fwd) return fwd.slice(0, 64);
  const addr = (c.env as { remoteAddr?: { hostname?: string } } | undefined)?.remoteAddr;
  return addr?.hostname ?? "-";
}

/** True over HTTPS, directly or by the trusted proxy's `X-Forwarded-Proto` (as `clientIp`). */
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

/** Writes an audit entry for this request, covering the changes it committed so far. */
export async function audit(
  c: Context<AppEnv>,
  ev: AuditEvent,
  who?: { username: string; role?: string },
): Promise<void> {
  await recordEvent(c.get("store").kv, c.get("audit"), actorOf(c, who), ev);
}

/** Audits what this request's commits did to one record, as `action` or a create/update/delete. */
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

/** Like `audit`, for an import: each record's change this request committed, then `ev`. */
export async function auditWithChanges(c: Context<AppEnv>, ev: AuditEvent): Promise<void> {
  await recordEvent(c.get("store").kv, c.get("audit"), actorOf(c), ev, { changes: true });
}

/** Audits a read of one stay's record (`screen`: which part of it). */
export const auditStayView = (
  c: Context<AppEnv>,
  entityId: string,
  screen?: string,
): Promise<void> =>
  audit(c, { action: "view", entity: "ipd", entityId, ...(screen ? { after: { screen } } : {}) });

/** The request's query string. */
export const queryOf = (c: Context): URLSearchParams => new URL(c.req.url).searchParams;

/** True when this request's user may use the route `METHOD pattern` (as declared). */
export function can(c: Context<AppEnv>, method: string, pattern: string): boolean {
  const role = c.get("session")?.role;
  const access = c.get("access")?.(method, pattern);
  return !!role && !!access && allows(role, access);
}
