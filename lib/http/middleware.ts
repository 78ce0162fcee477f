import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { getCookie } from "hono/cookie";
import { readSession, SESSION_COOKIE } from "../auth/auth.ts";
import type { AppEnv } from "./env.ts";
import { AppError } from "../errors.ts";

/** Security headers on every answer; the CSP lets only the app's own scripts run. */
export const securityHeaders = (): MiddlewareHandler => async (c, next) => {
  await next();
  const h = c.res.headers;
  h.set(
    "content-security-policy",
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; " +
      "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
  );
  h.set("x-content-type-options", "nosniff");
  h.set("x-frame-options", "DENY");
  h.set("referrer-policy", "same-origin");
  h.set("cross-origin-opener-policy", "same-origin");
};

/**
 * Refuses state-changing requests sent from another origin, whatever their content type:
 * the `Origin` header (or, without it, `Sec-Fetch-Site`) must name this server.
 */
export const sameOrigin = (allowed: string[] = []): MiddlewareHandler => async (c, next) => {
  if (!["GET", "HEAD", "OPTIONS"].includes(c.req.method)) {
    const origin = c.req.header("origin");
    const site = c.req.header("sec-fetch-site");
    const own = new URL(c.req.url).origin;
    const host = c.req.header("host");
    const ok = origin
      ? origin === own || (host && origin.replace(/^https?:\/\//, "") === host) ||
        allowed.includes(origin)
      : !site || site === "same-origin" || site === "none";
    if (!ok) throw new AppError(403, "Permintaan dari situs lain ditolak.");
  }
  await next();
};

/** Paths open without a session: login, licence and static files. */
const PUBLIC = [
  /^\/auth\/login$/,
  /^\/setting\/background$/, // the login page's background image
  /^\/static\//,
  /^\/favicon\.ico$/,
  /^\/validation/,
  /^\/lisensi/,
];

/** Loads the session from its cookie; pages without one go to login, APIs get 401. */
export const requireSession = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const session = await readSession(c.get("store"), getCookie(c, SESSION_COOKIE));
  c.set("session", session);
  if (!session && !PUBLIC.some((re) => re.test(c.req.path))) {
    if (c.req.path.startsWith("/api/") || c.req.method !== "GET") {
      return c.json({ success: false, message: "Sesi tidak valid, silakan login kembali." }, 401);
    }
    return c.redirect("/auth/login");
  }
  await next();
};

/**
 * Caps request bodies before they are read: imports may send up to the import limit, every
 * other request 1 MB. Oversized bodies get 413 with an Indonesian message.
 */
export const limitBody = (importBytes: number): MiddlewareHandler => {
  const cap = (max: number) =>
    bodyLimit({
      maxSize: max,
      onError: (c) =>
        c.json({
          success: false,
          message: `Berkas atau data terlalu besar (maksimal ${Math.round(max / 2 ** 20)} MB).`,
        }, 413),
    });
  const forImport = cap(importBytes + 64 * 1024);
  const other = cap(2 ** 20);
  return (c, next) => (c.req.path.endsWith("/import") ? forImport : other)(c, next);
};
