import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { matchedRoutes } from "hono/route";
import { readSession, SESSION_COOKIE } from "../auth/auth.ts";
import { allows, FORBIDDEN } from "../auth/roles.ts";
import { CHANGE_FIRST, loginAfter, PASSWORD_PAGE } from "../auth/account.ts";
import { actorOf, audit, clientIp, isHttps } from "./request.ts";
import { auditRepeated } from "./folded.ts";
import { settleOutbox } from "./outbox.ts";
import { OutboxScope, withOutbox } from "../db/outbox.ts";
import type { AccessOf, AppEnv } from "./env.ts";
import { AppError } from "../errors.ts";

/** Security headers on every answer (the CSP lets only the app's scripts run); HSTS over HTTPS. */
export const securityHeaders = (trustProxy = 0): MiddlewareHandler<AppEnv> => async (c, next) => {
  await next();
  const h = c.res.headers;
  if (isHttps(c, trustProxy)) h.set("strict-transport-security", "max-age=31536000"); // a year
  // the one inline script a page carries, by hash (lib/http/islands.ts)
  const inline = c.get("manifest")?.inline;
  const script = inline ? ` ${inline.bootHash}` : "";
  h.set(
    "content-security-policy",
    `default-src 'self'; script-src 'self'${script}; style-src 'self'; ` +
      "img-src 'self' data: blob:; object-src 'none'; base-uri 'self'; form-action 'self'; " +
      "frame-ancestors 'none'",
  );
  h.set("x-content-type-options", "nosniff");
  h.set("x-frame-options", "DENY");
  h.set("referrer-policy", "same-origin");
  h.set("cross-origin-opener-policy", "same-origin");
};

/** Marks a write from another origin (`crossOrigin`), for `authorize` to refuse and audit. */
export const sameOrigin =
  (allowed: string[] = []): MiddlewareHandler<AppEnv> => async (c, next) => {
    if (!["GET", "HEAD", "OPTIONS"].includes(c.req.method)) {
      const origin = c.req.header("origin");
      const site = c.req.header("sec-fetch-site");
      const own = new URL(c.req.url).origin;
      const host = c.req.header("host");
      const ok = origin
        ? origin === own || (host && origin.replace(/^https?:\/\//, "") === host) ||
          allowed.includes(origin)
        : !site || site === "same-origin" || site === "none";
      if (!ok) c.set("crossOrigin", origin ?? `sec-fetch-site: ${site}`);
    }
    await next();
  };

/**
 * Enforces the access declaration (routes/_access.ts) on every route, undeclared ones refused to
 * all: a cross-origin write 403, no session 401 (pages: to login), a role without the right 403,
 * an unchanged printed password holds all but `self` routes. Each refusal is audited; answers
 * to a signed-in user and refusals carry `Cache-Control: no-store`.
 */
export const authorize =
  (accessOf: AccessOf, idleMs: number): MiddlewareHandler<AppEnv> => async (c, next) => {
    const route = matchedRoutes(c).find((r) => r.method !== "ALL");
    const access = route && accessOf(route.method, route.path);
    const session = await readSession(c.get("store"), getCookie(c, SESSION_COOKIE), idleMs);
    c.set("session", session);
    // before any refusal below, so the answer made from a thrown error carries it too
    const noStore = () => c.header("cache-control", "no-store");
    if (session) noStore();
    // the route's pattern, never the path: a scan of made-up paths folds into one key
    const what = `${c.req.method} ${route?.path ?? "*"}`;
    const refusal = { entity: "route", entityId: what, after: { path: c.req.path } };
    const origin = c.get("crossOrigin");
    if (origin) {
      noStore();
      const key = `${clientIp(c)}|${session?.userId ?? "-"}|${what}`;
      await auditRepeated(c, key, {
        action: "cross_origin",
        ...refusal,
        after: { ...refusal.after, origin },
      });
      throw new AppError(403, "Permintaan dari situs lain ditolak.");
    }
    if (access !== "public" && !session && c.req.path !== "/favicon.ico") {
      noStore();
      if (c.req.path.startsWith("/api/") || c.req.method !== "GET") {
        await auditRepeated(c, `${clientIp(c)}|${what}`, { action: "unauthenticated", ...refusal });
        return c.json({ success: false, message: "Sesi tidak valid, silakan login kembali." }, 401);
      }
      return c.redirect(loginAfter(c.req.path + new URL(c.req.url).search));
    }
    if (route && access !== "public") {
      if (!access) {
        console.error(`Rute tanpa hak akses di routes/_access.ts: ${route.method} ${route.path}`);
      }
      if (!access || !allows(session!.role ?? "viewer", access)) {
        await audit(c, { action: "forbidden", ...refusal });
        throw new AppError(403, FORBIDDEN);
      }
      if (session!.mustChangePassword && access !== "self") {
        if (c.req.method === "GET" && !c.req.path.startsWith("/api/")) {
          return c.redirect(PASSWORD_PAGE);
        }
        const key = `${session!.userId}|${what}`;
        await auditRepeated(c, key, { action: "password_change_required", ...refusal });
        throw new AppError(403, CHANGE_FIRST);
      }
    }
    await next();
    if (session) c.res.headers.set("cache-control", "no-store");
  };

/** Each request's audit outbox (lib/db/outbox.ts), settled at its end (`settleOutbox`). */
export const auditOutbox = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const scope = new OutboxScope(() => actorOf(c));
  try {
    await withOutbox(scope, next);
  } finally {
    await settleOutbox(c.get("store").kv, c.get("audit"), scope);
  }
};
