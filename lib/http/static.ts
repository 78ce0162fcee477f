import type { MiddlewareHandler } from "hono";
import { extname, join, posix } from "node:path";

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

/** Bundle files are named by their content hash, so they never change (the manifest does). */
const hashed = (rel: string) => rel.startsWith("build/") && rel !== "build/manifest.json";

/**
 * Serves `/static/*` from `dir` (found relative to the program, so a compiled binary finds its
 * embedded copy). Hashed bundle files are cached for a year, the rest revalidated.
 */
export function serveStatic(dir: string): MiddlewareHandler {
  return async (c, next) => {
    // URL segments, not OS paths: the same checks on Windows, where `\\` separates folders too
    const rel = posix.normalize(decodeURIComponent(c.req.path.slice("/static/".length)));
    if (rel.startsWith("..") || /[\0\\:]/.test(rel)) return c.notFound();
    try {
      const body = await Deno.readFile(join(dir, ...rel.split("/")));
      c.header("content-type", TYPES[extname(rel)] ?? "application/octet-stream");
      c.header("cache-control", hashed(rel) ? "public, max-age=31536000, immutable" : "no-cache");
      return c.body(body);
    } catch {
      await next();
    }
  };
}
