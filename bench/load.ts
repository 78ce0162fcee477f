/**
 * `deno task load [--url http://127.0.0.1:8000] [--users 50] [--seconds 60] [--writes 0.1]
 * [--pid PID] [--settle 15] [--first | --export]`: a bounded load test against a running server (loopback
 * only), logged in as `admin` with `ADMIN_PASSWORD` and hospital code `DEMO` (`--code`). Each
 * simulated user sends one request after another: the patient list with a search, the
 * inpatient list with filters, the discharged list, the ICD select, the `/pasien` and `/ipd`
 * pages and, for the `--writes` share, patient updates (a read, then the save with `_version`;
 * 409s counted apart) and examination adds; search terms typed from the server's own names,
 * numbers and codes, pages, orders and filters varied (bench/load_jobs.ts). Each HTTP request
 * is one sample and every answer's time counts (bench/load_record.ts). Prints throughput in
 * HTTP requests, p50/p95/p99 per class over every answer, non-2xx answers, 409s and timeouts
 * apart, the server's RSS
 * (from /proc/PID/status; without `--pid` the process listening on the URL's port is found
 * through /proc/net/tcp) before, at its peak, right after and `--settle` seconds after the run,
 * and its CPU time per request. `--first` instead times the first
 * answer of each list and the dashboard (run it right after a restart), then a one-match ERM
 * search 100 times by one user; `--export` downloads the export of every stay once and prints
 * its time and the server's extra RSS.
 *
 * The request classes are in bench/load_jobs.ts.
 */
import { parseArgs } from "node:util";
import { tableQuery } from "../lib/resource/datatables.ts";
import { DISCHARGE_COLUMNS, VISIT_COLUMNS } from "../lib/ipd/columns.ts";
import { registry } from "../resources/mod.ts";
import { cpuOf, memoryOf, serverPid } from "./proc.ts";
import { discover, login, readJobs, sender, TIMEOUT_MS, writeJobs } from "./load_jobs.ts";
import { pct, printClasses, Recorder } from "./load_record.ts";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

function args() {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      url: { type: "string", default: "http://127.0.0.1:8000" },
      users: { type: "string", default: "50" },
      seconds: { type: "string", default: "60" },
      writes: { type: "string", default: "0.1" },
      pid: { type: "string" },
      code: { type: "string", default: "DEMO" },
      username: { type: "string", default: "admin" },
      export: { type: "boolean", default: false },
      first: { type: "boolean", default: false },
      settle: { type: "string", default: "15" },
    },
  });
  const url = new URL(values.url!);
  if (!LOOPBACK.has(url.hostname)) {
    throw new Error(`Uji beban hanya ke loopback (127.0.0.1/localhost), bukan ${url.hostname}.`);
  }
  const users = Number(values.users), seconds = Number(values.seconds);
  const writes = Number(values.writes);
  if (!(users >= 1 && users <= 500)) throw new Error("--users harus 1..500.");
  if (!(seconds > 0 && seconds <= 3600)) throw new Error("--seconds harus 1..3600.");
  if (!(writes >= 0 && writes <= 1)) throw new Error("--writes harus 0..1.");
  const password = Deno.env.get("ADMIN_PASSWORD");
  if (!password) throw new Error("ADMIN_PASSWORD wajib diatur (password akun admin server).");
  return {
    base: url.origin,
    users,
    seconds,
    writes,
    pid: values.pid ? Number(values.pid) : serverPid(Number(url.port || 80)),
    code: values.code!,
    username: values.username!,
    password,
    exportAll: values.export!,
    first: values.first!,
    settle: Math.max(0, Number(values.settle) || 0),
  };
}

/** A deterministic random source per user (mulberry32). */
function randomOf(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** What the run draws its requests from, read from the server first. */
const mb = (b: number) => `${(b / 1048576).toFixed(0)} MB`;

/** Downloads the export of every stay (admitted and discharged) alone, watching the RSS. */
async function exportAll(base: string, cookie: string, pid: number | undefined) {
  const before = pid ? memoryOf(pid) : null;
  let peak = before?.rss ?? 0;
  const sampler = pid
    ? setInterval(() => peak = Math.max(peak, memoryOf(pid)?.rss ?? 0), 100)
    : undefined;
  const t0 = performance.now();
  const r = await fetch(`${base}/api/ipd/export-ipd-data?statusFilter=semua`, {
    headers: { cookie },
  });
  let bytes = 0;
  for await (const chunk of r.body!) bytes += chunk.length;
  const secs = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  if (r.status !== 200) throw new Error(`Ekspor gagal: ${r.status}`);
  console.log(
    `Ekspor semua kunjungan: ${(bytes / 1048576).toFixed(1)} MB dalam ${secs.toFixed(1)} s` +
      (before
        ? `; RSS sebelum ${mb(before.rss)}, puncak ${mb(peak)} (+${mb(peak - before.rss)})`
        : ""),
  );
}

/** The first answer of each list and the dashboard (run right after the server started). */
async function firstAnswers(base: string, cookie: string) {
  for (
    const path of [
      `/api/ipd?${tableQuery(VISIT_COLUMNS, { draw: 1, start: 0, length: 10 })}`,
      `/api/ipd/discharge-patient?${
        tableQuery(DISCHARGE_COLUMNS, { draw: 1, start: 0, length: 10 })
      }`,
      `/api/pasien?${
        tableQuery(registry.get("pasien")!.columns, { draw: 1, start: 0, length: 10 })
      }`,
      "/",
      "/api/report/top-icd-10",
    ]
  ) {
    const t0 = performance.now();
    const r = await fetch(`${base}${path}`, { headers: { cookie } });
    await r.arrayBuffer();
    console.log(
      `${r.status} ${(performance.now() - t0).toFixed(0).padStart(6)} ms  ${path.split("?")[0]}`,
    );
  }
  // one user alone: the one-match search by ERM number, end to end
  const cols = registry.get("pasien")!.columns;
  const first = await (await fetch(`${base}/api/pasien?start=0&length=1`, { headers: { cookie } }))
    .json();
  const total: number = first.recordsTotal;
  const times: number[] = [];
  for (let i = 0; i < 100; i++) {
    const p = (await (await fetch(
      `${base}/api/pasien?start=${Math.floor((i * 7919) % total)}&length=1`,
      { headers: { cookie } },
    )).json()).data[0];
    const q = tableQuery(cols, { draw: 1, start: 0, length: 10, search: p.erm });
    const t0 = performance.now();
    const r = await fetch(`${base}/api/pasien?${q}`, { headers: { cookie } });
    const body = await r.json();
    times.push(performance.now() - t0);
    if (r.status !== 200 || body.recordsFiltered < 1) throw new Error(`ERM ${p.erm}: ${r.status}`);
  }
  times.sort((a, b) => a - b);
  console.log(
    `Cari 1 ERM (satu pengguna, 100 kali): median ${pct(times, 0.5).toFixed(2)} ms, p95 ${
      pct(times, 0.95).toFixed(2)
    } ms`,
  );
}

async function main() {
  const o = args();
  const cookie = await login(o.base, o.code, o.username, o.password);
  if (o.exportAll) return await exportAll(o.base, cookie, o.pid);
  if (o.first) return await firstAnswers(o.base, cookie);
  const world = await discover(o.base, cookie);
  const reads = readJobs(world), writes = writeJobs(world);
  const memBefore = o.pid ? memoryOf(o.pid) : null;
  const cpuBefore = o.pid ? cpuOf(o.pid) : null;
  let peak = memBefore?.rss ?? 0;
  const sampler = o.pid
    ? setInterval(() => {
      const m = memoryOf(o.pid!);
      if (m) peak = Math.max(peak, m.rss);
    }, 250)
    : undefined;
  console.log(
    `Uji beban ${o.base}: ${o.users} pengguna, ${o.seconds} s, tulis ${o.writes * 100} %, ` +
      `server PID ${o.pid ?? "tidak diketahui"}`,
  );
  const rec = new Recorder(TIMEOUT_MS);
  rec.declare([...reads, ...writes].flatMap((j) => j.classes ?? [j.name]));
  const send = sender(o.base, cookie, rec);
  const end = rec.t0 + o.seconds * 1000;
  let toolErrors = 0;
  const user = async (u: number) => {
    const rnd = randomOf(1000 + u);
    while (performance.now() < end) {
      const job = rnd() < o.writes
        ? writes[Math.floor(rnd() * writes.length)]
        : reads[Math.floor(rnd() * reads.length)];
      try {
        await job.run(rnd, send);
      } catch (e) {
        // an answer the job could not read (its request is counted already)
        toolErrors++;
        if (toolErrors === 1) console.error(`${job.name}: ${e instanceof Error ? e.message : e}`);
      }
    }
  };
  await Promise.all(Array.from({ length: o.users }, (_, u) => user(u)));
  const secs = (performance.now() - rec.t0) / 1000;
  clearInterval(sampler);
  const memAfter = o.pid ? memoryOf(o.pid) : null;
  const cpuAfter = o.pid ? cpuOf(o.pid) : null;
  printClasses(rec);
  const { total, errors, conflicts } = rec.totals();
  console.log(
    `Throughput: ${(total / secs).toFixed(1)} req/s (${total} permintaan HTTP dalam ${
      secs.toFixed(1)
    } s); galat ${errors} (non-2xx, timeout, gagal sambung); konflik 409 ${conflicts}; ` +
      `permintaan > 1 s dalam 30 s pertama: ${rec.slowFirst30}`,
  );
  if (toolErrors) console.log(`Jawaban yang tak terbaca oleh alat: ${toolErrors}`);
  if (memBefore && memAfter) {
    console.log(
      `RSS server: sebelum ${mb(memBefore.rss)}, puncak selama uji ${mb(peak)}, sesudah ${
        mb(memAfter.rss)
      } (puncak seumur proses ${mb(memAfter.hwm)})`,
    );
  } else console.log("RSS server: tidak terbaca (beri --pid PID server)");
  if (memAfter && o.settle > 0) {
    // what the server keeps once the run is over (V8 hands back freed heap when allocation stops)
    await new Promise((ok) => setTimeout(ok, o.settle * 1000));
    const settled = memoryOf(o.pid!);
    if (settled) console.log(`RSS server ${o.settle} s setelah uji: ${mb(settled.rss)}`);
  }
  if (cpuBefore !== null && cpuAfter !== null) {
    // CPU per request hardly depends on what else runs on the machine, unlike latencies
    console.log(
      `CPU server: ${(cpuAfter - cpuBefore).toFixed(1)} s selama uji, ${
        ((cpuAfter - cpuBefore) * 1000 / Math.max(1, total)).toFixed(2)
      } ms per permintaan`,
    );
  }
  if (errors || toolErrors) Deno.exitCode = 1;
}

if (import.meta.main) {
  try {
    await main();
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    Deno.exit(1);
  }
}
