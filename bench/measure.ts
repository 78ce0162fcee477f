/**
 * How the benches measure, shared: timed passes over a list of URLs (the first pass, warm,
 * after writes), each checked against the same target and labelled as measured in-process
 * (`app.request`); one figure over real HTTP from a separate client process; the first request
 * after a restart, in a new process.
 */
import type { Hono } from "hono";
import type { Report } from "./ipd_file.ts";

/** What in-process figures say in their label. */
export const IN_PROCESS = "dalam proses, app.request";
/** What figures over HTTP say in their label. */
export const OVER_HTTP = "HTTP 127.0.0.1, klien di proses lain";

export const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
export const gc = () => (globalThis as { gc?: () => void }).gc?.();

/** Milliseconds of one in-process GET (body read); throws unless 200. */
export type Get = (url: string) => Promise<number>;

/** An in-process `Get` on `app` with the session `cookie`. */
export function getter(app: Hono<any>, cookie: string): Get {
  return async (u) => {
    const t0 = performance.now();
    const r = await app.request(u, { headers: { cookie } });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`${u}: ${r.status}`);
    return performance.now() - t0;
  };
}

/** `n` distinct values from `make(i)` for i = 0, 1, 2, ... (throws if it cannot find them). */
export function distinct<T>(n: number, make: (i: number) => T, key = (x: T) => String(x)): T[] {
  const seen = new Map<string, T>();
  for (let i = 0; seen.size < n; i++) {
    if (i > n * 50) throw new Error(`only ${seen.size} distinct values of ${n}`);
    const v = make(i);
    if (!seen.has(key(v))) seen.set(key(v), v);
  }
  return [...seen.values()];
}

/**
 * Times `urls` (all distinct) and reports three p95 figures against `target` ms: the first
 * pass (every query new to the server), the same URLs warm, and, when `write` is given, each
 * URL (the first `writes` of them) right after `write(i)` changed the data it reads.
 */
export async function passes(
  report: Report,
  name: string,
  target: number,
  get: Get,
  urls: string[],
  write?: (i: number) => Promise<unknown>,
  writes = urls.length,
): Promise<void> {
  if (new Set(urls).size !== urls.length) throw new Error(`${name}: URLs repeat`);
  gc();
  const first: number[] = [];
  for (const u of urls) first.push(await get(u));
  report(
    `${name}, p95 putaran pertama (${urls.length} URL berbeda; ${IN_PROCESS})`,
    p95(first),
    target,
    "ms",
  );
  gc();
  const warm: number[] = [];
  for (const u of urls) warm.push(await get(u));
  report(`${name}, p95 hangat (URL yang sama lagi; ${IN_PROCESS})`, p95(warm), target, "ms");
  if (!write) return;
  gc();
  const after: number[] = [];
  for (let i = 0; i < Math.min(writes, urls.length); i++) {
    await write(i);
    after.push(await get(urls[i]));
  }
  report(
    `${name}, p95 tepat setelah tiap tulis (${after.length} kali; ${IN_PROCESS})`,
    p95(after),
    target,
    "ms",
  );
}

const CLIENT = new URL("./http_client.ts", import.meta.url).pathname;
const FIRST = new URL("./first_request.ts", import.meta.url).pathname;

/**
 * Serves `app` on a free loopback port and has a separate Deno process GET `urls` over HTTP
 * one after another; reports their p95 against `target` ms.
 */
export async function overHttp(
  report: Report,
  name: string,
  target: number,
  app: Hono<any>,
  cookie: string,
  urls: string[],
): Promise<void> {
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);
  try {
    const base = `http://127.0.0.1:${server.addr.port}`;
    const out = await run(CLIENT, JSON.stringify({ base, cookie, urls }));
    const times: number[] = JSON.parse(out).times;
    report(`${name}, p95 (${urls.length} URL; ${OVER_HTTP})`, p95(times), target, "ms");
  } finally {
    await server.shutdown();
  }
}

/**
 * The first request after a restart, in a new process: it opens the KV file `file` as the
 * server does at start (bundle checked, store readied), then times one GET of `url` (which
 * loads the indexes it needs from the file). Milliseconds.
 */
export async function firstRequestAfterRestart(
  file: string,
  dataDir: string,
  url: string,
): Promise<number> {
  return JSON.parse(await run(FIRST, JSON.stringify({ file, dataDir, url }))).ms;
}

async function run(script: string, input: string): Promise<string> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--unstable-kv", script],
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(new TextEncoder().encode(input));
  await w.close();
  const { code, stdout } = await child.output();
  const text = new TextDecoder().decode(stdout);
  if (code !== 0) throw new Error(`${script}: exit ${code}: ${text}`);
  return text.trim().split("\n").at(-1)!;
}
