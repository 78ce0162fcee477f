import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Hono } from "hono";

const STATIC_BUILD = join(import.meta.dirname!, "..", "static", "build");

/**
 * What a page really loads: the scripts it names plus their static imports, gzipped (run
 * `build()` first). Returns KB and the number of files, or null when the page is not 200.
 */
export async function pageJs(
  app: Hono<any>,
  cookie: string,
  path: string,
): Promise<{ kb: number; files: number } | null> {
  const res = await app.request(path, { headers: { cookie } });
  if (res.status !== 200) {
    await res.body?.cancel();
    return null;
  }
  const html = await res.text();
  const files = new Set<string>();
  const visit = async (f: string) => {
    if (files.has(f)) return;
    files.add(f);
    const js = await Deno.readTextFile(join(STATIC_BUILD, f));
    for (const m of js.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)) await visit(m[1]);
  };
  for (const m of html.matchAll(/\/static\/build\/([\w.-]+\.js)/g)) await visit(m[1]);
  let bytes = 0;
  for (const f of files) bytes += gzipSync(await Deno.readFile(join(STATIC_BUILD, f))).length;
  return { kb: bytes / 1024, files: files.size };
}
