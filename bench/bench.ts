/**
 * `deno task bench`: imports the official region set and the ICD-10 code set into a KV file and
 * prints the figures the issues set targets for (import time, list and select2 p95, backup and
 * restore, JavaScript per page), then generates 50,000 inpatient stays (bench/ipd_data.ts) and
 * prints the inpatient figures and the dashboard report calls over them.
 */
import { join } from "node:path";
import * as XLSX from "xlsx";
import { build } from "../build.ts";
import { createApp } from "../app.ts";
import { createSession, ensureAdmin, users } from "../lib/auth/auth.ts";
import { backupDir, createBackup } from "../lib/backup/backup.ts";
import { newId } from "../lib/db/ids.ts";
import { restoreBackup } from "../lib/backup/restore.ts";
import { loadConfig } from "../lib/config.ts";
import { Store } from "../lib/db/store.ts";
import icd from "../resources/icd.ts";
import { memIndexBench } from "./mem_bench.ts";
import { growthBench } from "./growth_bench.ts";
import { SHARED } from "./shared_data.ts";
import { pageJs } from "./js_size.ts";
import { ipdBench } from "./ipd_bench.ts";
import { ipdData } from "./ipd_file.ts";
import { reportBench } from "./report_bench.ts";

const DATA = join(SHARED, "wilayah");
const dir = await Deno.makeTempDir({ prefix: "casemix-bench-" });
const store = await Store.open(join(dir, "bench.kv"));
const config = { ...loadConfig({ get: () => undefined }), dataDir: dir };
const app = createApp({ config, store });
await ensureAdmin(store, "bench-password");
/** A session of the store's admin (a session must belong to an existing user). */
const adminId = async (s: Store) => (await users(s).index()).rows()[0].value._id;
const cookie = `sid=${await createSession(store, {
  userId: await adminId(store),
  username: "admin",
  fullname: "Bench",
  hospitalCode: "BENCH",
})}`;

const results: [string, number, number, string][] = [];
const report = (name: string, value: number, target: number, unit: string) => {
  results.push([name, value, target, unit]);
  const ok = value <= target ? "OK " : "LEBIH";
  console.log(
    `${ok} ${name}: ${value.toFixed(unit === "ms" ? 2 : 1)} ${unit} (target <= ${target} ${unit})`,
  );
};

async function upload(res: string, file: string, bytes?: Uint8Array) {
  const fd = new FormData();
  fd.append("file", new File([(bytes ?? await Deno.readFile(join(DATA, file))) as BlobPart], file));
  const t0 = performance.now();
  const r = await app.request(`/api/${res}/import`, {
    method: "POST",
    body: fd,
    headers: { cookie },
  });
  const ms = performance.now() - t0;
  if (r.status !== 200) throw new Error(`${file}: ${await r.text()}`);
  return ms;
}

const p95 = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];

async function timeRequests(urls: string[]): Promise<number> {
  for (const u of urls.slice(0, 20)) {
    await (await app.request(u, { headers: { cookie } })).arrayBuffer();
  }
  // the garbage of the import before is not the reads' cost
  (globalThis as { gc?: () => void }).gc?.();
  const times: number[] = [];
  for (const u of urls) {
    const t0 = performance.now();
    const r = await app.request(u, { headers: { cookie } });
    await r.arrayBuffer();
    times.push(performance.now() - t0);
    if (r.status !== 200) throw new Error(`${u}: ${r.status}`);
  }
  return p95(times);
}

await upload("province", "provinces.csv");
await upload("regency", "regencies.csv");
await upload("district", "districts.csv");
report("Impor 83.762 kelurahan (CSV)", (await upload("village", "villages.csv")) / 1000, 8, "s");

const terms = ["an", "jaya", "sari", "mekar", "baru", "tengah", "kota", "ilir", "suka", "lama"];
const cols = ["kode", "desc", "districtId.desc"];
const listUrls: string[] = [];
for (let i = 0; i < 300; i++) {
  const p = new URLSearchParams({
    draw: String(i),
    start: String((i % 5) * 100),
    length: "100",
    "search[value]": terms[i % terms.length],
    "order[0][column]": String(i % 3),
    "order[0][dir]": i % 2 ? "desc" : "asc",
  });
  cols.forEach((c, j) => {
    p.set(`columns[${j}][data]`, c);
    p.set(`columns[${j}][searchable]`, "true");
    p.set(`columns[${j}][orderable]`, "true");
  });
  listUrls.push(`/api/village?${p}`);
}
report("GET /api/village cari+urut, 100 per halaman, p95", await timeRequests(listUrls), 15, "ms");
const selUrls = Array.from(
  { length: 300 },
  (_, i) => `/api/village/select2?q=${terms[i % terms.length]}&page=${1 + (i % 3)}`,
);
report("GET /api/village/select2?q=..., p95", await timeRequests(selUrls), 10, "ms");

// ICD-10 (SATUSEHAT ICD10_2010, 18,549 codes) as an .xlsx built in memory from the CSV
{
  const csv = await Deno.readTextFile(join(SHARED, "icd10", "icd10_2010_satusehat.csv"));
  const sheet = XLSX.read(csv, { type: "string", raw: true, dense: true });
  const xlsx = new Uint8Array(XLSX.write(sheet, { type: "array", bookType: "xlsx" }));
  const rows = csv.trim().split("\n").length - 1;
  report(
    `Impor ${rows.toLocaleString("id-ID")} kode ICD-10 (.xlsx ${
      (xlsx.length / 1024).toFixed(0)
    } KB)`,
    (await upload("icd", "icd10.xlsx", xlsx)) / 1000,
    3,
    "s",
  );
}
const icdQueries = [
  "a0",
  "j18.9",
  "fever",
  "chol",
  "tuberc lung",
  "a09",
  "i10",
  "e11.9",
  "e119",
  "k35",
  "pneum",
  "diab mell",
  "o80",
  "z38.0",
  "typh",
  "fract femur",
  "malig neo",
  "s",
  "unspecified",
  "dengue",
];
const icdSelUrls = Array.from(
  { length: 400 },
  (_, i) =>
    `/api/icd/select2-icd10?q=${encodeURIComponent(icdQueries[i % icdQueries.length])}&page=${
      1 + (i % 40 === 39 ? 1 : 0)
    }`,
);
report("GET /api/icd/select2-icd10?q=..., p95", await timeRequests(icdSelUrls), 5, "ms");
const icdTerms = [
  "cholera",
  "fever",
  "a0",
  "j18",
  "pneumonia",
  "tuberculosis",
  "unspecified",
  "fracture",
  "diabetes",
  "malignant",
];
const icdCols = icd.columns.map((c) => c.data); // as the table sends them
const icdListUrls: string[] = [];
for (let i = 0; i < 300; i++) {
  const p = new URLSearchParams({
    draw: String(i),
    start: String((i % 3) * 100),
    length: "100",
    "search[value]": icdTerms[i % icdTerms.length],
    "order[0][column]": String(i % 3),
    "order[0][dir]": i % 2 ? "desc" : "asc",
  });
  icdCols.forEach((c, j) => {
    p.set(`columns[${j}][data]`, c);
    p.set(`columns[${j}][searchable]`, "true");
    p.set(`columns[${j}][orderable]`, "true");
  });
  icdListUrls.push(`/api/icd?${p}`);
}
report("GET /api/icd cari+urut, 100 per halaman, p95", await timeRequests(icdListUrls), 15, "ms");

console.log(
  `Memori proses (RSS) dengan indeks wilayah terisi: ${
    (Deno.memoryUsage().rss / 2 ** 20).toFixed(0)
  } MB, heap JS ${(Deno.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB`,
);
store.close();
{
  // a restart: the first request loads the village index from the KV file
  const again = await Store.open(join(dir, "bench.kv"));
  const app2 = createApp({ config, store: again });
  const t0 = performance.now();
  await (await app2.request(listUrls[0], { headers: { cookie } })).arrayBuffer();
  console.log(
    `Permintaan pertama setelah restart (memuat indeks 83.762 kelurahan): ${
      (performance.now() - t0).toFixed(0)
    } ms`,
  );
  again.close();
}

{
  // backup and restore: the region set plus 20,000 patients, requests answered meanwhile
  const store3 = await Store.open(join(dir, "bench.kv"));
  const app3 = createApp({ config, store: store3 });
  const admin = (await users(store3).index()).rows()[0].value;
  const cookie3 = `sid=${await createSession(store3, {
    userId: admin._id,
    username: "admin",
    fullname: "Bench",
    hospitalCode: "BENCH",
  })}`;
  const names = ["Budi", "Siti", "Agus", "Dewi", "Rina", "Joko", "Ayu", "Putu", "Made", "Nur"];
  await store3.collection({ name: "pasien" }).writeMany(Array.from({ length: 20_000 }, (_, i) => {
    const first = names[i % 10], last = `${names[(i * 7) % 10]}wati ${i}`;
    return {
      _id: newId(),
      erm: `RM${String(i).padStart(8, "0")}`,
      first_name: first,
      last_name: last,
      fullname: `${first} ${last}`,
      gender: i % 2 ? "L" : "P",
      phone: `08${String(1e9 + i)}`,
    };
  }));
  let records = 0;
  for await (const _ of store3.kv.list({ prefix: [] })) records++;
  const get = async (u: string) => {
    const t0 = performance.now();
    const r = await app3.request(u, { headers: { cookie: cookie3 } });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`${u}: ${r.status}`);
    return performance.now() - t0;
  };
  for (const u of listUrls) await get(u); // warm the index and its cached orderings
  const calm: number[] = [];
  for (const u of listUrls.slice(0, 100)) calm.push(await get(u));
  calm.sort((a, b) => a - b);
  /** Runs `op` while requests go out one after another; returns its time and their latencies. */
  const during = async (op: () => Promise<unknown>) => {
    let done = false;
    const t0 = performance.now();
    const running = op().finally(() => done = true);
    const lat: number[] = [];
    for (let i = 0; !done; i++) lat.push(await get(listUrls[i % listUrls.length]));
    await running;
    return { s: (performance.now() - t0) / 1000, lat: lat.sort((a, b) => a - b) };
  };
  const bdir = backupDir(dir);
  const b = await during(() => createBackup(store3, bdir, { name: "bench" }));
  const size = (await Deno.stat(join(bdir, (await Array.fromAsync(Deno.readDir(bdir)))[0].name)))
    .size;
  report(
    `Backup ${records.toLocaleString("id-ID")} entri KV (${(size / 2 ** 20).toFixed(0)} MB)`,
    b.s,
    10,
    "s",
  );
  const line = (what: string, xs: number[]) =>
    console.log(
      `  ${what}: ${xs.length} permintaan GET /api/village, p50 ${
        xs[Math.floor(xs.length / 2)].toFixed(1)
      } ms, p95 ${p95(xs).toFixed(1)} ms, maks ${xs.at(-1)!.toFixed(1)} ms`,
    );
  line("tanpa backup", calm);
  line("selama backup", b.lat);
  const ids = (await Array.fromAsync(store3.kv.list<{ _id: string }>({ prefix: ["db_backup"] })))
    .map((e) => e.value._id);
  const r = await during(() => restoreBackup(store3, bdir, ids[0]));
  report("Restore (termasuk backup otomatis sebelum ganti)", r.s, 10, "s");
  line("selama restore (tertahan sebentar saat basis data diganti)", r.lat);
  store3.close();
}

console.log("\nMemIndex 50.000 data, satu tulis lalu satu baca (p95):");
for (const [k, v] of Object.entries(memIndexBench())) console.log(`  ${k}: ${v.toFixed(3)} ms`);
console.log("");
growthBench(report);

console.log("");
await build();
{
  // what a table page really loads: the scripts it names plus their static imports, gzipped
  const pageStore = await Store.open(":memory:");
  const pageApp = createApp({ config, store: pageStore });
  await ensureAdmin(pageStore, "bench-password");
  const pageCookie = `sid=${await createSession(pageStore, {
    userId: await adminId(pageStore),
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

// inpatient stays (issue 5): 50,000 generated stays in their own KV file; the dashboard's
// report calls (issue 6) then run on the same file
console.log("");
const ipd = await ipdData();
await ipdBench(report, ipd);
await reportBench(report, ipd);
await Deno.remove(ipd.dir, { recursive: true });

await Deno.remove(dir, { recursive: true });
const over = results.filter(([, v, t]) => v > t);
console.log(over.length ? `\n${over.length} angka di atas target.` : "\nSemua angka dalam target.");
