/**
 * Pages on a low-power PC: Chromium (playwright-core, /usr/bin/chromium) with its CPU slowed
 * 6x (CDP `Emulation.setCPUThrottlingRate`) and an empty cache opens each page; the figure is
 * three figures: **usable**, from the start of navigation until its rows are shown (rendered
 * on the server) and every island armed, so a click or the search box answers (see WATCH);
 * **interactive**, from a letter typed into the search box at first paint until the filtered
 * rows are shown (the 500 ms typing delay included, and shown apart); **hydrated**, until every
 * island has hydrated. The server runs in its own process (bench/page_server.ts, as in a
 * hospital: not sharing the bench's or the browser driver's event loop), unthrottled, over
 * loopback (the hospital LAN). Medians of `RUNS` (usable, hydrated) and `TYPED_RUNS`
 * (interactive) fresh contexts.
 *
 * `pageBench(report, ipd)` is called by bench.ts with the 50,000-stay data set (which holds
 * ICD-10); it adds the official region set for `/kelurahan`. Alone:
 * `deno run -A --unstable-kv bench/page_bench.ts [stays]` generates its own data set.
 */
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { benchSize, ipdData, type IpdFile, printFigure, type Report } from "./ipd_file.ts";
const RUNS = 9;
const THROTTLE = 6;
/** Fresh contexts per page in which a letter is typed at first paint (`interactive`). */
const TYPED_RUNS = 5;
const USABLE = "casemix-bench-usable";
const HYDRATED = "casemix-bench-hydrated";
const PAINTED = "casemix-bench-painted";
/** The search box's typing delay (components/ui/ServerTable.tsx `SearchBox`). */
const SEARCH_DELAY = 500;
/** Targets (ms) of a letter typed at first paint until its rows show, and of full hydration. */
const INTERACTIVE = 800;
const HYDRATED_TARGET = 800;
/** The pages the issue measures, with the target in ms. */
export const PAGES: [path: string, target: number][] = [
  ["/", 600],
  ["/ipd", 600],
  ["/icd", 600],
  ["/kelurahan", 600],
  ["/discharge-patient", 600],
];

/**
 * Tells, from the page, when it is usable (ms since navigation start): its rows painted (the
 * first contentful paint; they are rendered on the server) and every island armed, so a click
 * or a keystroke is answered (held and replayed if it comes before hydration; see
 * lib/client/boot.ts). Also when every island has hydrated. One console message each, so
 * nothing is evaluated in the page while it loads (Playwright's own page scripts would cost a
 * throttled CPU tens of ms).
 */
export const WATCH = `(() => {
  let paint = 0, armed = 0, told = false;
  const all = (attr) => {
    const els = document.querySelectorAll("[data-island-id]");
    if (!els.length) return false;
    for (const el of els) if (el.dataset[attr] !== "true") return false;
    return true;
  };
  const tell = () => {
    if (told || !paint || !armed) return;
    told = true;
    console.debug("${USABLE}", Math.max(paint, armed),
      document.querySelectorAll("main tbody tr").length, paint, armed);
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.name === "first-contentful-paint") {
        paint = e.startTime;
        console.debug("${PAINTED}", paint);
        tell();
      }
    }
  }).observe({ type: "paint", buffered: true });
  const obs = new MutationObserver(() => {
    if (!armed && all("ready")) { armed = performance.now(); tell(); }
    if (all("hydrated")) {
      obs.disconnect();
      console.debug("${HYDRATED}", performance.now());
    }
  });
  // attributes only: the parser's own insertions would wake a childList observer hundreds of times
  obs.observe(document, { subtree: true, attributes: true,
    attributeFilter: ["data-ready", "data-hydrated"] });
})();`;

/** One page's figures: time to usable and rows shown then; time for a search typed then. */
export interface PageFigure {
  ms: number;
  rows: number;
  runs: number[];
  /** Median ms until the first contentful paint, and until every island was armed. */
  paintMs: number;
  armedMs: number;
  /** Median ms from navigation start until every island has hydrated (no longer held). */
  hydratedMs: number;
  /**
   * Median ms from a letter typed into the search box at first paint until the filtered rows
   * are shown (the 500 ms typing delay included), and the runs' figures; none without a box.
   */
  interactiveMs?: number;
  interactiveRuns?: number[];
}

/**
 * A letter typed into the page's search box (none on the dashboard) at its first paint, as a
 * clerk does who clicks the box as soon as it shows: the time from the keystroke until the
 * server's answer to it is drawn (the table no longer busy). Undefined without a search box.
 */
async function typedAtPaint(page: Page, path: string): Promise<number | undefined> {
  const box = page.locator("main input[type=search]").first();
  await box.waitFor({ state: "attached", timeout: 30_000 }).catch(() => {});
  if (!(await box.count())) return undefined;
  await box.click();
  const letter = "a";
  const answer = page.waitForResponse((r) =>
    new URL(r.url()).searchParams.get("search[value]") === letter && r.status() === 200
  );
  const t0 = performance.now();
  await page.keyboard.type(letter);
  await answer;
  await page.waitForFunction(() => !document.querySelector("main [aria-busy=true]"), null, {
    polling: "raf",
    timeout: 30_000,
  });
  const ms = performance.now() - t0;
  if ((await box.inputValue()) !== letter) throw new Error(`${path}: huruf yang diketik hilang`);
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One page's figures from one fresh context (ms since navigation start). */
interface Load {
  ms: number;
  rows: number;
  paint: number;
  armed: number;
  hydrated: number;
  /** ms from a letter typed at first paint until its rows were shown (typed runs only). */
  typed?: number;
}

/**
 * Opens `path` once in a fresh context: throttled CPU, empty cache, 1366x768, en-US; with
 * `typed`, a letter is typed into its search box at first paint.
 */
async function load(
  browser: Browser,
  url: string,
  cookie: string,
  path: string,
  typed = false,
): Promise<Load> {
  const [name, value] = cookie.split("=");
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: "en-US" });
  try {
    await ctx.addCookies([{ name, value, url }]);
    await ctx.addInitScript({ content: WATCH });
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
    const told = (what: string) =>
      page.waitForEvent("console", { predicate: (m) => m.text().startsWith(what), timeout: 60_000 })
        .then((m) => Promise.all(m.args().slice(1).map((a) => a.jsonValue() as Promise<number>)));
    const usable = told(USABLE), hydrated = told(HYDRATED), painted = told(PAINTED);
    const res = await page.goto(url + path, { waitUntil: "commit" });
    if (res?.status() !== 200) throw new Error(`${path}: ${res?.status()}`);
    const typedMs = typed ? await painted.then(() => typedAtPaint(page, path)) : undefined;
    const [ms, rows, paint, armed] = await usable;
    return { ms, rows, paint, armed, hydrated: (await hydrated)[0], typed: typedMs };
  } finally {
    await ctx.close();
  }
}

/**
 * Each page's median time to usable (ms) with a throttled CPU and an empty cache. The pages take
 * turns (one round opens each once), so a slower moment of the machine falls on all of them; a
 * first round warms the server and is not counted.
 */
export async function measurePages(
  url: string,
  cookie: string,
  pages = PAGES.map(([p]) => p),
): Promise<Map<string, PageFigure>> {
  const browser = await chromium.launch({
    executablePath: Deno.env.get("CHROME_PATH") || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  const loads = new Map<string, Load[]>(pages.map((p) => [p, []]));
  const typed = new Map<string, number[]>(pages.map((p) => [p, []]));
  try {
    for (let i = 0; i < RUNS + 1; i++) {
      for (const path of pages) {
        const l = await load(browser, url, cookie, path);
        if (i > 0) loads.get(path)!.push(l);
      }
    }
    for (let i = 0; i < TYPED_RUNS; i++) {
      for (const path of pages) {
        const t = (await load(browser, url, cookie, path, true)).typed;
        if (t !== undefined) typed.get(path)!.push(t);
      }
    }
  } finally {
    await browser.close();
  }
  const out = new Map<string, PageFigure>();
  for (const [path, ls] of loads) {
    const of = (f: (l: Load) => number | undefined) =>
      ls.map(f).filter((x): x is number => x !== undefined);
    const typedRuns = typed.get(path)!.sort((a, b) => a - b);
    out.set(path, {
      ms: median(of((l) => l.ms)),
      rows: ls.at(-1)!.rows,
      runs: of((l) => l.ms).sort((a, b) => a - b),
      interactiveMs: typedRuns.length ? median(typedRuns) : undefined,
      interactiveRuns: typedRuns.length ? typedRuns : undefined,
      hydratedMs: median(of((l) => l.hydrated)),
      paintMs: median(of((l) => l.paint)),
      armedMs: median(of((l) => l.armed)),
    });
  }
  return out;
}

/** Serves the data set in its own process (bench/page_server.ts) and prints each page's figure. */
export async function pageBench(report: Report, ipd: IpdFile): Promise<void> {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--unstable-kv",
      join(import.meta.dirname!, "page_server.ts"),
      ipd.dir,
      ipd.file,
    ],
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  try {
    const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    // the server's log lines (the audit log's head, …) come first; its address is the JSON line
    let out = "", ready: string | undefined;
    while (!(ready = out.split("\n").find((l) => l.startsWith("{") && l.endsWith("}")))) {
      const { value, done } = await reader.read();
      if (done) throw new Error("page_server.ts berhenti sebelum siap");
      out += value;
    }
    reader.releaseLock();
    child.stdout.cancel().catch(() => {});
    const { url, cookie } = JSON.parse(ready) as { url: string; cookie: string };
    console.log(
      `Halaman siap dipakai (Chromium, CPU diperlambat ${THROTTLE}x, cache kosong, 1366x768, ` +
        `median ${RUNS} kali; server di prosesnya sendiri lewat loopback):`,
    );
    const figures = await measurePages(url, cookie);
    for (const [path, target] of PAGES) {
      const f = figures.get(path)!;
      report(`Halaman ${path} siap (${f.rows} baris tampil)`, f.ms, target, "ms");
      console.log(
        `      gambar pertama ${f.paintMs.toFixed(0)} ms, island siap ${f.armedMs.toFixed(0)} ms`,
      );
      if (f.interactiveMs !== undefined) {
        report(
          `Halaman ${path} interaktif: huruf diketik saat gambar pertama sampai baris tersaring ` +
            `tampil (jeda ketik ${SEARCH_DELAY} ms termasuk)`,
          f.interactiveMs,
          INTERACTIVE,
          "ms",
        );
        console.log(
          `      tanpa jeda ketik: ${(f.interactiveMs - SEARCH_DELAY).toFixed(0)} ms; tiap kali ${
            f.interactiveRuns!.map((x) => x.toFixed(0)).join(", ")
          } ms`,
        );
      }
      report(`Halaman ${path} terhidrasi penuh`, f.hydratedMs, HYDRATED_TARGET, "ms");
    }
  } finally {
    await child.stdin.close().catch(() => {});
    await child.status;
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
