import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { matchedRoutes } from "hono/route";
import { readSession, SESSION_COOKIE } from "../auth/auth.ts";
import type { Store } from "../db/store.ts";
import type { AccessOf, AppEnv } from "./env.ts";

/** How long a request's body may take to arrive, counted from its head (tests change them). */
export const READ_LIMITS = {
  /** Any body but an import's (a form, a login): 1 MB at most. */
  bodyMs: 10_000,
  /** An import's file (up to the import limit, 20 MB: 1.4 Mbit/s). */
  importMs: 120_000,
};

const OTHER_BYTES = 2 ** 20;

/** `/import` and its kinds (`/import-eklaim`, `/import-status`). */
const isImport = (path: string) => /\/import(-[a-z]+)?$/.test(path);

const seconds = (ms: number) => (ms / 1000).toLocaleString("id-ID");

/** The body read to its end, or why not: past `max` bytes, not in within `ms`, the client gone. */
async function readBody(
  req: Request,
  max: number,
  ms: number,
): Promise<Uint8Array | "large" | "late" | "broken"> {
  const declared = Number(req.headers.get("content-length") || NaN);
  if (declared > max) return "large";
  const reader = req.body!.getReader();
  let late = false;
  const timer = setTimeout(() => {
    late = true;
    reader.cancel().catch(() => {});
  }, ms);
  let body = new Uint8Array(declared >= 0 ? declared : 64 * 1024);
  let n = 0;
  try {
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      if (n + r.value.length > max) {
        reader.cancel().catch(() => {});
        return "large";
      }
      if (n + r.value.length > body.length) {
        const grown = new Uint8Array(Math.min(max, Math.max(2 * body.length, n + r.value.length)));
        grown.set(body.subarray(0, n));
        body = grown;
      }
      body.set(r.value, n);
      n += r.value.length;
      // a turn for the other requests after each MB: big uploads at once never hold the thread
      if ((n >> 20) !== ((n - r.value.length) >> 20)) await new Promise((ok) => setTimeout(ok));
    }
  } catch {
    if (!late) return "broken";
  } finally {
    clearTimeout(timer);
  }
  return late ? "late" : body.subarray(0, n);
}

/** Bodies read here, by the request made to carry them (for `bufferedBody`). */
const buffered = new WeakMap<Request, Uint8Array>();

/** The body `received` read for `req` (null: none was read), for reading a file in place. */
export function bufferedBody(req: Request): Uint8Array | null {
  return buffered.get(req) ?? null;
}

/** Reads the session and the body (capped, 413; deadline, 408) before a request takes a slot. */
export const received = (o: {
  store: () => Promise<Store>;
  idleMs: number;
  access: AccessOf;
  importBytes: number;
  streamed: (path: string) => boolean;
}): MiddlewareHandler<AppEnv> =>
async (c, next) => {
  const session = await readSession(await o.store(), getCookie(c, SESSION_COOKIE), o.idleMs);
  c.set("session", session);
  const raw = c.req.raw;
  if (!raw.body || o.streamed(c.req.path)) return await next();
  const route = matchedRoutes(c).find((r) => r.method !== "ALL");
  if (!session && (route && o.access(route.method, route.path)) !== "public") return await next();
  const importing = !!session && isImport(c.req.path);
  const max = importing ? o.importBytes + 64 * 1024 : OTHER_BYTES;
  const ms = importing ? READ_LIMITS.importMs : READ_LIMITS.bodyMs;
  const body = await readBody(raw, max, ms);
  if (body === "large") {
    const message = `Berkas atau data terlalu besar (maksimal ${Math.round(max / 2 ** 20)} MB).`;
    return c.json({ success: false, message }, 413);
  }
  if (body === "late") {
    c.header("connection", "close");
    const message = `Data permintaan tidak selesai terkirim dalam ${seconds(ms)} detik. ` +
      "Periksa jaringan, lalu coba lagi.";
    return c.json({ success: false, message }, 408);
  }
  if (body === "broken") {
    return c.json({ success: false, message: "Format permintaan tidak valid." }, 400);
  }
  // a stream over the bytes, not the bytes: a Request copies a byte body when it is made
  const stream = new ReadableStream<Uint8Array>({
    pull(ctl) {
      ctl.enqueue(body);
      ctl.close();
    },
  });
  c.req.raw = new Request(raw.url, { method: raw.method, headers: raw.headers, body: stream });
  buffered.set(c.req.raw, body);
  await next();
};
