/**
 * Pages on a low-power PC: Chromium (playwright-core, /usr/bin/chromium) with its CPU slowed
 * 6x (CDP `Emulation.setCPUThrottlingRate`) and an empty cache opens each page; the figure is
 * the time from the start of navigation until the page is usable: its rows shown (rendered on
 * the server) and every island hydrated, so the search box answers. The server runs in this
 * process, unthrottled, over loopback (the hospital LAN). Median of `RUNS` fresh contexts.
 *
 * `pageBench(report, ipd)` is called by bench.ts with the 50,000-stay data set (which holds
 * ICD-10); it adds the official region set for `/kelurahan`. Alone:
 * `deno run -A --unstable-kv bench/page_bench.ts [stays]` generates its own data set.
 */
import { join } from "node:path";
import type { Hono } from "hono";
import { chromium } from "playwright-core";
import { Store } from "../lib/db/store.ts";
import { SHARED_DATA } from "./shared_data.ts";
import { appOf, benchSize, ipdData, type IpdFile, printFigure, type Report } from "./ipd_file.ts";

const WILAYAH = join(SHARED_DATA, "wilayah");
const RUNS = 5;
const THROTTLE = 6;
/** The pages the issue measures, with the target in ms. */
export const PAGES: [path: string, target: number][] = [
  ["/", 600],
  ["/ipd", 600],
  ["/icd", 600],
  ["/kelurahan", 600],
  ["/discharge-patient", 600],
];

/** Records, in the page, when every island on it has hydrated (ms since navigation start). */
const WATCH = `(() => {
  const done = () => {
    const all = document.querySelectorAll("[data-island-id]");
    if (!all.length) return false;
    for (const el of all) if (el.dataset.hydrated !== "true") return false;
    return true;
  };
  const obs = new MutationObserver(() => {
    if (globalThis.__usable == null && done()) {
      globalThis.__usable = performance.now();
      globalThis.__rows = document.querySelectorAll("main tbody tr").length;
      obs.disconnect();
    }
  });
  obs.observe(document, { subtree: true, childList: true, attributes: true,
    attributeFilter: ["data-hydrated"] });
})();`;

/** Each page's median time to usable (ms) with a throttled CPU and an empty cache. */
export async function measurePages(
  url: string,
  cookie: string,
  pages = PAGES.map(([p]) => p),
): Promise<Map<string, { ms: number; rows: number; runs: number[] }>> {
  const browser = await chromium.launch({
    executablePath: Deno.env.get("CHROME_PATH") || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  const out = new Map<string, { ms: number; rows: number; runs: number[] }>();
  const [name, value] = cookie.split("=");
  try {
    for (const path of pages) {
      const runs: number[] = [];
      let rows = 0;
      for (let i = 0; i < RUNS + 1; i++) {
        const ctx = await browser.newContext({
          viewport: { width: 1366, height: 768 },
          locale: "en-US",
          bypassCSP: true, // lets the measuring script be evaluated; the page is unchanged
        });
        await ctx.addCookies([{ name, value, url }]);
        await ctx.addInitScript({ content: WATCH });
        const page = await ctx.newPage();
        const cdp = await ctx.newCDPSession(page);
        await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
        const res = await page.goto(url + path, { waitUntil: "commit" });
        if (res?.status() !== 200) throw new Error(`${path}: ${res?.status()}`);
        await page.waitForFunction("globalThis.__usable != null", null, { timeout: 60_000 });
        const [ms, n] = await page.evaluate("[globalThis.__usable, globalThis.__rows]") as [
          number,
          number,
        ];
        if (i > 0) runs.push(ms); // the first run warms the server's indexes
        rows = n;
        await ctx.close();
      }
      runs.sort((a, b) => a - b);
      out.set(path, { ms: runs[Math.floor(runs.length / 2)], rows, runs });
    }
  } finally {
    await browser.close();
  }
  return out;
}

async function upload(
  app: Hono<any>,
  cookie: string,
  res: string,
  file: string,
) {
  const fd = new FormData();
  fd.append("file", new File([await Deno.readFile(join(WILAYAH, file))], file));
  const r = await app.request(`/api/${res}/import`, {
    method: "POST",
    body: fd,
    headers: { cookie },
  });
  if (r.status !== 200) throw new Error(`${file}: ${await r.text()}`);
}

/** Serves the data set and prints each page's figure (`report`). */
export async function pageBench(report: Report, ipd: IpdFile): Promise<void> {
  const store = await Store.open(ipd.file);
  const { app, cookie } = await appOf(store, ipd.dir);
  for (
    const [res, file] of [
      ["province", "provinces.csv"],
      ["regency", "regencies.csv"],
      ["district", "districts.csv"],
      ["village", "villages.csv"],
    ]
  ) await upload(app, cookie, res, file);
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, app.fetch);
  try {
    const url = `http://127.0.0.1:${server.addr.port}`;
    console.log(
      `Halaman siap dipakai (Chromium, CPU diperlambat ${THROTTLE}x, cache kosong, 1366x768, ` +
        `median ${RUNS} kali; server di proses ini lewat loopback):`,
    );
    const figures = await measurePages(url, cookie);
    for (const [path, target] of PAGES) {
      const f = figures.get(path)!;
      report(`Halaman ${path} siap (${f.rows} baris tampil)`, f.ms, target, "ms");
    }
  } finally {
    await server.shutdown();
    store.close();
  }
}

if (import.meta.main) {
  const ipd = await ipdData(benchSize(Number(Deno.args[0] ?? 50_000)));
  try {
    await pageBench(printFigure, ipd);
  } finally {
    await Deno.remove(ipd.dir, { recursive: true });
  }
}
