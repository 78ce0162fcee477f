import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Hono } from "hono";
import { createApp } from "../app.ts";
import { createSession, ensureAdmin, users } from "../lib/auth/auth.ts";
import type { Config } from "../lib/config.ts";
import { Store } from "../lib/db/store.ts";
import type { Report } from "./ipd_file.ts";

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

/** What a table page really loads, gzipped, against its target (KB), on a fresh `:memory:` store. */
export async function pageJsBench(report: Report, config: Config, password: string): Promise<void> {
  // what a table page really loads: the scripts it names plus their static imports, gzipped
  const pageStore = await Store.open(":memory:");
  const pageApp = createApp({ config, store: pageStore });
  await ensureAdmin(pageStore, password);
  const pageCookie = `sid=${await createSession(pageStore, {
    userId: (await users(pageStore).index()).rows()[0].value._id,
    username: "admin",
    fullname: "Bench",
    hospitalCode: "BENCH",
  })}`;
  // the dashboard carries chart.js (pie and bar parts only)
  const pages: [string, number][] = [
    ["/icd", 25],
    ["/tarif-inacbg", 25],
    ["/dokter", 25],
    ["/", 80],
  ];
  for (const [path, target] of pages) {
    const js = await pageJs(pageApp, pageCookie, path);
    if (!js) throw new Error(`${path}: not 200`);
    report(`JavaScript halaman ${path} (gzip, ${js.files} berkas)`, js.kb, target, "KB");
  }
  pageStore.close();
}
