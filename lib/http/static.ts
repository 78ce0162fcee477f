import type { MiddlewareHandler } from "hono";
import { extname, join, posix } from "node:path";
import { acceptedEncodings } from "./gzip.ts";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".csv": "text/csv; charset=utf-8",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** Precompressed copies build.ts writes beside scripts and stylesheets, best first. */
const ENCODINGS = [["br", ".br"], ["gzip", ".gz"]] as const;

/** Bundle files are named by their content hash, so they never change (the manifest does). */
const hashed = (rel: string) => rel.startsWith("build/") && rel !== "build/manifest.json";

/** Serves `/static/*` from `dir`, scripts and styles as precompressed copies when accepted. */
export function serveStatic(dir: string): MiddlewareHandler {
  const variants = new Map<string, string[]>();
  const pathOf = (rel: string) => join(dir, ...rel.split("/"));
  const variantsOf = async (rel: string) => {
    let v = variants.get(rel);
    if (!v) {
      v = [];
      for (const [enc, ext] of /\.(js|css)$/.test(rel) ? ENCODINGS : []) {
        if (await Deno.stat(pathOf(rel + ext)).then((i) => i.isFile, () => false)) v.push(enc);
      }
      variants.set(rel, v);
    }
    return v;
  };
  return async (c, next) => {
    // URL segments, not OS paths: the same checks on Windows, where `\\` separates folders too
    let rel: string;
    try {
      rel = posix.normalize(decodeURIComponent(c.req.path.slice("/static/".length)));
    } catch {
      return c.text("Alamat berkas tidak valid.", 400);
    }
    if (rel.startsWith("..") || /[\0\\:]/.test(rel)) return c.notFound();
    try {
      const have = await variantsOf(rel);
      const ok = have.length ? acceptedEncodings(c.req.header("accept-encoding")) : null;
      const enc = ok && ENCODINGS.find(([e]) => have.includes(e) && ok.has(e));
      const body = await Deno.readFile(pathOf(enc ? rel + enc[1] : rel));
      if (have.length) c.header("vary", "accept-encoding");
      if (enc) c.header("content-encoding", enc[0]);
      c.header("content-type", TYPES[extname(rel)] ?? "application/octet-stream");
      c.header("cache-control", hashed(rel) ? "public, max-age=31536000, immutable" : "no-cache");
      return c.body(body);
    } catch {
      await next();
    }
  };
}
