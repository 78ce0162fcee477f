import type { MiddlewareHandler } from "hono";
import { gzipSync } from "node:zlib";

/** Answers smaller than this are sent as they are (the gzip header would eat the gain). */
const THRESHOLD = 1024;
const COMPRESSIBLE = /^(text\/html|application\/json)/;
/** Statuses whose answers carry no body. */
const NO_BODY = new Set([101, 103, 204, 205, 304]);

/** Whether an `Accept-Encoding` header accepts gzip (listed without `q=0`, or `*`). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (name.trim() !== "gzip" && name.trim() !== "*") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  });
}

/**
 * Gzips HTML and JSON answers when the browser accepts it, at level 1 in one call: far cheaper
 * than `CompressionStream` on every answer, for somewhat larger output, which a hospital LAN does
 * not notice. Streams (exports), precompressed static files and small answers pass unchanged.
 */
export function gzipAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    // `res.body` is never touched: asking for it turns a string answer into a stream, which Deno
    // keeps its text for in a WeakMap, so every page's text outlived young-generation collections
    // and was promoted (most of the old generation's growth under load)
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
