import type { Context } from "hono";
import type { AuditEvent } from "../audit/log.ts";
import { allows } from "../auth/roles.ts";
import type { AppEnv } from "./env.ts";

/**
 * The client's address: the first `X-Forwarded-For` entry behind a trusted proxy
 * (`TRUST_PROXY=1`), else the socket's peer (Deno.serve's info), else "-".
 */
export function clientIp(c: Context<AppEnv>): string {
  if (c.get("config")?.trustProxy) {
    const fwd = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (fwd) return fwd.slice(0, 64);
  }
  const addr = (c.env as { remoteAddr?: { hostname?: string } } | undefined)?.remoteAddr;
  return addr?.hostname ?? "-";
}

/** True when the request came over HTTPS (directly, or via a trusted proxy's header). */
export function isHttps(c: Context<AppEnv>): boolean {
  if (new URL(c.req.url).protocol === "https:") return true;
  return !!c.get("config")?.trustProxy &&
    c.req.header("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase() === "https";
}

/**
 * Writes an audit entry for this request: the signed-in user (or `username` for login
 * events), role and address are filled in here.
 */
export async function audit(
  c: Context<AppEnv>,
  ev: AuditEvent,
  who?: { username: string; role?: string },
): Promise<void> {
  const s = c.get("session");
  await c.get("audit").append({
    username: who?.username ?? s?.username ?? "-",
    role: who?.role ?? s?.role ?? "-",
    ip: clientIp(c),
  }, ev);
}

/** True when this request's user may use the route `METHOD pattern` (as declared). */
export function can(c: Context<AppEnv>, method: string, pattern: string): boolean {
  const role = c.get("session")?.role;
  const access = c.get("access")?.(method, pattern);
  return !!role && !!access && allows(role, access);
}
