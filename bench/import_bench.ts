/**
 * `deno task bench:import [--runs 3] [--against DIR]`: the two import figures of `deno task
 * bench` alone (the regions to 83,762 villages as CSV, then the 18,549 ICD-10 codes as an .xlsx
 * built from the CSV), through the API with a session, so every record's audit entry is written
 * as in production. Each run imports into a fresh KV file and audit log in a process of its own
 * (with the server's V8 flags) and prints the time, the process's CPU time (every thread) and the
 * main thread's (Linux): on a busy machine the CPU times move less than the clock. `--against DIR`: runs alternate
 * between this checkout and the one in DIR (say a worktree of the commit before), so both are
 * measured in the same minutes; medians per checkout. Data from `SHARED_DATA` (else
 * `../shared/data`).
 */
import { join } from "node:path";
import process from "node:process";
import * as XLSX from "xlsx";
import { SHARED_DATA } from "./shared_data.ts";
import { V8_FLAGS } from "../lib/runtime/v8_flags.ts";

const arg = (name: string) => {
  const i = Deno.args.indexOf(name);
  return i >= 0 ? Deno.args[i + 1] : undefined;
};

/**
 * Seconds of an import: to its answer on the clock, until its audit entries (appended after
 * the answer) are all in the log, and of CPU (the process; the main thread) over both.
 */
interface Took {
  s: number;
  audit: number;
  cpu: number;
  main: number;
}

/** CPU seconds of this process's main thread so far (0 where /proc is not there). */
function mainCpu(): number {
  try {
    const stat = Deno.readTextFileSync(`/proc/self/task/${Deno.pid}/stat`);
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
}

/** One run in this process, with the app of the checkout at `root`. */
async function once(root: string): Promise<{ villages: Took; icd: Took }> {
  const { createApp } = await import(join(root, "app.ts"));
  const { createSession, ensureAdmin, users } = await import(join(root, "lib/auth/auth.ts"));
  const { loadConfig } = await import(join(root, "lib/config.ts"));
  const { Store } = await import(join(root, "lib/db/store.ts"));
  // an older checkout's moves are its own module's: its imports answer after their entries
  const { movesDone } = await import(join(root, "lib/http/outbox.ts"));
  const dir = await Deno.makeTempDir({ prefix: "casemix-import-" });
  const store = await Store.open(join(dir, "bench.kv"));
  const config = { ...loadConfig({ get: () => undefined }), dataDir: dir };
  const app = createApp({ config, store });
  await ensureAdmin(store, "Uji-Casemix-2026!");
  const sid = await createSession(store, {
    userId: (await users(store).index()).rows()[0].value._id,
    username: "admin",
    fullname: "Bench",
    hospitalCode: "BENCH",
  });
  const upload = async (res: string, name: string, bytes: Uint8Array): Promise<Took> => {
    const fd = new FormData();
    fd.append("file", new File([bytes as BlobPart], name));
    const t0 = performance.now(), c0 = process.cpuUsage(), m0 = mainCpu();
    const r = await app.request(`/api/${res}/import`, {
      method: "POST",
      body: fd,
      headers: { cookie: `sid=${sid}` },
    });
    const body = await r.json();
    const s = (performance.now() - t0) / 1000;
    await movesDone?.();
    const cpu = process.cpuUsage(c0);
    const took = {
      s,
      audit: (performance.now() - t0) / 1000,
      cpu: (cpu.user + cpu.system) / 1e6,
      main: mainCpu() - m0,
    };
    if (r.status !== 200) throw new Error(`${name}: ${JSON.stringify(body)}`);
    return took;
  };
  const region = (f: string) => Deno.readFile(join(SHARED_DATA, "wilayah", f));
  for (const [res, f] of [["province", "provinces"], ["regency", "regencies"]]) {
    await upload(res, `${f}.csv`, await region(`${f}.csv`));
  }
  await upload("district", "districts.csv", await region("districts.csv"));
  const villages = await upload("village", "villages.csv", await region("villages.csv"));
  const csv = await Deno.readTextFile(join(SHARED_DATA, "icd10", "icd10_2010_satusehat.csv"));
  const sheet = XLSX.read(csv, { type: "string", raw: true, dense: true });
  const xlsx = new Uint8Array(XLSX.write(sheet, { type: "array", bookType: "xlsx" }));
  const icd = await upload("icd", "icd10.xlsx", xlsx);
  store.close();
  await Deno.remove(dir, { recursive: true });
  return { villages, icd };
}

const here = join(import.meta.dirname!, "..");
if (Deno.args.includes("--once")) {
  console.log(JSON.stringify(await once(arg("--root") ?? here)));
  Deno.exit(0);
}

/** One run in a new process (with `deno task bench`'s V8 flags), for the checkout at `root`. */
async function run(root: string): Promise<{ villages: Took; icd: Took }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--unstable-kv",
      `--config=${join(root, "deno.json")}`,
      `--v8-flags=${V8_FLAGS}`,
      import.meta.filename!,
      "--once",
      "--root",
      root,
    ],
    cwd: root,
    stderr: "inherit",
  }).output();
  if (!out.success) throw new Error(`run in ${root} failed`);
  return JSON.parse(new TextDecoder().decode(out.stdout).trim().split("\n").at(-1)!);
}

const runs = Number(arg("--runs") ?? 3);
const against = arg("--against");
const roots = against ? [here, against] : [here];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (t: Took) =>
  `${t.s.toFixed(2)} s, audit complete ${t.audit.toFixed(2)} s (CPU ${
    t.cpu.toFixed(2)
  } s, main thread ${t.main.toFixed(2)} s)`;
const got = new Map<string, { villages: Took; icd: Took }[]>(roots.map((r) => [r, []]));
for (let i = 0; i < runs; i++) {
  for (const root of i % 2 ? roots.toReversed() : roots) {
    const r = await run(root);
    got.get(root)!.push(r);
    console.log(`${root} run ${i + 1}: villages ${fmt(r.villages)}; ICD-10 ${fmt(r.icd)}`);
  }
}
for (const [root, all] of got) {
  const med = (k: "villages" | "icd"): Took => ({
    s: median(all.map((r) => r[k].s)),
    audit: median(all.map((r) => r[k].audit)),
    cpu: median(all.map((r) => r[k].cpu)),
    main: median(all.map((r) => r[k].main)),
  });
  console.log(
    `${root}: impor 83.762 kelurahan (CSV) median ${fmt(med("villages"))}, target <= 8 s; ` +
      `impor 18.549 kode ICD-10 (.xlsx) median ${fmt(med("icd"))}, target <= 3 s`,
  );
}
