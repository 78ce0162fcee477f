/**
 * Pages on a low-power PC: Chromium (playwright-core, /usr/bin/chromium) with its CPU slowed
 * 6x (CDP `Emulation.setCPUThrottlingRate`) and an empty cache opens each page; the figure is
 * three figures: **usable**, from the start of navigation until its rows are shown (rendered
 * on the server) and every island armed, so a click or the search box answers (see WATCH);
 * **interactive**, from a letter typed into the search box at first paint until the frame
 * showing the filtered rows is painted (the 500 ms typing delay included, and shown apart); **hydrated**, until every
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
import { FOCUS_AT_PAINT, FOCUSED, HYDRATED, USABLE, WATCH } from "./page_watch.ts";
/** Loads per page (`PAGE_BENCH_RUNS`, default 9; typed ones about half). */
const RUNS = Number(Deno.env.get("PAGE_BENCH_RUNS") ?? 9);
const THROTTLE = 6;
/** Fresh contexts per page in which a letter is typed at first paint (`interactive`). */
const TYPED_RUNS = Math.ceil(RUNS / 2);
/** The search box's typing delay (components/ui/ServerTable.tsx `SearchBox`). */
const SEARCH_DELAY = 500;
/** Targets (ms) of a letter typed at first paint until its rows show, and of full hydration. */
const INTERACTIVE = 800;
const HYDRATED_TARGET = 800;
/**
 * The pages the issue measures, with the target in ms; `PAGE_BENCH_PAGES=/ipd,/icd>/ipd` measures
 * those instead, where `A>B` is page B opened second, after A in the same context with the cache
 * on (what a stylesheet file cached by the first page saves the second).
 */
export const PAGES: [path: string, target: number][] = Deno.env.get("PAGE_BENCH_PAGES")
  ?.split(",").map((p) => [p, 600]) ?? [
  ["/", 600],
  ["/ipd", 600],
  ["/icd", 600],
  ["/kelurahan", 600],
  ["/discharge-patient", 600],
];

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
  /** Median ms from the first paint until the letter was typed (the driver's own delay). */
  typedLagMs?: number;
}

/**
 * A letter typed into the page's search box (focused at its first paint, FOCUS_AT_PAINT), as a
 * clerk does who clicks the box as soon as it shows: the time from the keystroke until the
 * frame showing the server's answer to it has been painted (the table's 100 rows laid out, not
 * only put in the document), both read from the page's clock (see WATCH); and when it was typed
 * (ms since navigation start).
 */
async function typedAtPaint(page: Page, path: string): Promise<{ ms: number; at: number }> {
  const box = page.locator("main input[type=search]").first();
  const letter = "a";
  const answer = page.waitForResponse((r) =>
    new URL(r.url()).searchParams.get("search[value]") === letter && r.status() === 200
  );
  await page.keyboard.type(letter);
  await answer;
  await page.waitForFunction(() => !document.querySelector("main [aria-busy=true]"), null, {
    polling: "raf",
    timeout: 30_000,
  });
  // the table's last busy → shown moment (its painted frame) after the answer
  const { typed, shown } = (await (await page.waitForFunction(
    () => {
      const g = globalThis as unknown as { __typed: number; __shown: number[] };
      return g.__shown.length ? { typed: g.__typed, shown: g.__shown } : null;
    },
    null,
    { polling: "raf", timeout: 30_000 },
  )).jsonValue())!;
  if (!typed || !shown.length) throw new Error(`${path}: ketikan atau baris baru tidak terlihat`);
  if ((await box.inputValue()) !== letter) throw new Error(`${path}: huruf yang diketik hilang`);
  return { ms: shown.at(-1)! - typed, at: typed };
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
  /** ms from the first paint until that letter was typed. */
  typedLag?: number;
}

/**
 * Opens `path` once in a fresh context: throttled CPU, empty cache, 1366x768, en-US; with
 * `typed`, a letter is typed into its search box at first paint.
 */
async function load(
  browser: Browser,
  url: string,
  cookie: string,
  spec: string,
  typed = false,
): Promise<Load> {
  const [before, path] = spec.includes(">") ? spec.split(">") : [undefined, spec];
  const [name, value] = cookie.split("=");
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: "en-US" });
  try {
    await ctx.addCookies([{ name, value, url }]);
    await ctx.addInitScript({ content: WATCH });
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: !before });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
    const told = (what: string) =>
      page.waitForEvent("console", { predicate: (m) => m.text().startsWith(what), timeout: 60_000 })
        .then((m) => Promise.all(m.args().slice(1).map((a) => a.jsonValue() as Promise<number>)));
    if (before) {
      const done = told(HYDRATED);
      await page.goto(url + before, { waitUntil: "commit" });
      await done;
    }
    if (typed) await ctx.addInitScript({ content: FOCUS_AT_PAINT });
    const usable = told(USABLE), hydrated = told(HYDRATED);
    const focused = typed ? told(FOCUSED) : undefined;
    const res = await page.goto(url + path, { waitUntil: "commit" });
    if (res?.status() !== 200) throw new Error(`${path}: ${res?.status()}`);
    const typedAt = await focused?.then(([box]) => box ? typedAtPaint(page, path) : undefined);
    const [ms, rows, paint, armed] = await usable;
    return {
      ms,
      rows,
      paint,
      armed,
      hydrated: (await hydrated)[0],
      typed: typedAt?.ms,
      typedLag: typedAt && typedAt.at - paint,
    };
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
  const lags = new Map<string, number[]>(pages.map((p) => [p, []]));
  try {
    for (let i = 0; i < RUNS + 1; i++) {
      for (const path of pages) {
        const l = await load(browser, url, cookie, path);
        if (i > 0) loads.get(path)!.push(l);
      }
    }
    for (let i = 0; i < TYPED_RUNS; i++) {
      for (const path of pages) {
        const l = await load(browser, url, cookie, path, true);
        if (l.typed !== undefined) typed.get(path)!.push(l.typed);
        if (l.typedLag !== undefined) lags.get(path)!.push(l.typedLag);
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
      typedLagMs: typedRuns.length ? median(lags.get(path)!) : undefined,
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
          } ms; huruf diketik ${f.typedLagMs!.toFixed(0)} ms setelah gambar pertama`,
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
