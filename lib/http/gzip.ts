import type { MiddlewareHandler } from "hono";
import { gzipSync } from "node:zlib";

/** Answers smaller than this are sent as they are (the gzip header would eat the gain). */
const THRESHOLD = 1024;
const COMPRESSIBLE = /^(text\/html|application\/json)/;
const NO_BODY = new Set([101, 103, 204, 205, 304]);

/** The encodings an `Accept-Encoding` header accepts (listed without `q=0`). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const out = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.toLowerCase().split(";").map((p) => p.trim());
    const q = params.find((p) => p.startsWith("q="));
    if (name && (!q || Number(q.slice(2)) > 0)) out.add(name);
  }
  return out;
}

/** Whether an `Accept-Encoding` header accepts gzip (listed without `q=0`, or `*`). */
export function acceptsGzip(header: string | undefined): boolean {
  const ok = acceptedEncodings(header);
  return ok.has("gzip") || ok.has("*");
}

/** Gzips HTML and JSON answers at level 1 in one call (far cheaper than `CompressionStream`). */
export function gzipAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    // `res.body` is never touched: asking for it makes a string answer a stream whose text Deno
    // keeps in a WeakMap, so every page's text would outlive young-generation collections
    if (res.headers.has("content-encoding") || NO_BODY.has(res.status)) return;
    if (!COMPRESSIBLE.test(res.headers.get("content-type") ?? "")) return;
    if (/no-transform/i.test(res.headers.get("cache-control") ?? "")) return;
    if (!acceptsGzip(c.req.header("accept-encoding"))) return;
    const plain = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    headers.append("vary", "accept-encoding");
    const small = plain.length < THRESHOLD;
    if (!small) {
      headers.set("content-encoding", "gzip");
      headers.delete("content-length");
    }
    c.res = undefined; // else Hono copies the old answer's headers (its length) onto the new
    c.res = new Response(small ? plain : new Uint8Array(gzipSync(plain, { level: 1 })), {
      status: res.status,
      headers,
    });
  };
}
