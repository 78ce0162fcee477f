/**
 * The inpatient figures of issue 5 ("Speed"): on 50,000 generated stays with 5 examinations
 * each over 20,000 patients (bench/ipd_data.ts, in a KV file, read back after a restart), the
 * list APIs with filters, search and order; adding an examination to an open stay; exporting
 * 10,000 filtered rows; JavaScript on the inpatient pages. Called from bench/bench.ts (after
 * `build()`; the dashboard figures, bench/report_bench.ts, follow on the same file), or alone
 * with them: `deno run -A --unstable-kv --v8-flags=--expose-gc bench/ipd_bench.ts [stays]`.
 */
import { visitsOf } from "../lib/ipd/stay.ts";
import { DISCHARGE_COLUMNS } from "../lib/ipd/list.ts";
import { jakartaDay, toLocalInput } from "../lib/ipd/rules.ts";
import { Store } from "../lib/db/store.ts";
import ipdDef from "../lib/ipd/resource.ts";
import type { IpdWorld } from "./ipd_data.ts";
import { appOf, benchSize, ipdData, type IpdFile, printFigure, type Report } from "./ipd_file.ts";
import { pageJs } from "./js_size.ts";
import { reportBench } from "./report_bench.ts";

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
const gc = () => (globalThis as { gc?: () => void }).gc?.();
const n = (x: number) => x.toLocaleString("id-ID");

/** DataTables parameters of a list request. */
function listUrl(
  path: string,
  columns: string[],
  i: number,
  q: { search?: string; order: number; dir: "asc" | "desc"; filters?: Record<string, string> },
) {
  const p = new URLSearchParams({
    draw: String(i),
    start: String((i % 3) * 100),
    length: "100",
    "search[value]": q.search ?? "",
    "order[0][column]": String(q.order),
    "order[0][dir]": q.dir,
    ...q.filters,
  });
  columns.forEach((c, j) => {
    p.set(`columns[${j}][data]`, c);
    p.set(`columns[${j}][searchable]`, "true");
    p.set(`columns[${j}][orderable]`, "true");
  });
  return `${path}?${p}`;
}

/** 300 list requests mixing orders, searches and the filters of the list's page. */
function listUrls(world: IpdWorld, mode: "dirawat" | "pulang"): string[] {
  const columns = (mode === "pulang" ? DISCHARGE_COLUMNS : ipdDef.columns)
    .map((c) => c.orderable === false ? "" : c.data);
  const orderable = columns.map((c, i) => [c, i] as const).filter(([c]) => c).map(([, i]) => i);
  const path = mode === "pulang" ? "/api/ipd/discharge-patient" : "/api/ipd";
  const today = jakartaDay(world.now);
  const daysAgo = (d: number) => jakartaDay(new Date(world.now.getTime() - d * 86_400_000));
  const ranges = mode === "pulang"
    ? [
      `${daysAgo(30)} / ${today}`,
      `${daysAgo(400)} / ${daysAgo(300)}`,
      `${daysAgo(700)} / ${daysAgo(600)}`,
    ]
    : [`${daysAgo(7)} / ${today}`, `${daysAgo(14)} / ${daysAgo(7)}`];
  const searches = ["", "siti", "wulandari", "0011", "melati", "budi pur", "pneumonia", ""];
  const durations = ["1-3", "4-7", "8-14", ">14"];
  const urls: string[] = [];
  for (let i = 0; i < 300; i++) {
    const filters: Record<string, string> = {};
    if (i % 4 === 1) filters.roomFilter = world.rooms[i % world.rooms.length]._id;
    if (i % 4 === 2) filters.durationFilter = durations[i % durations.length];
    if (i % 4 === 3 || i % 8 === 2) filters.dateRange = ranges[i % ranges.length];
    urls.push(listUrl(path, columns, i, {
      search: searches[i % searches.length],
      order: orderable[i % orderable.length],
      dir: i % 2 ? "desc" : "asc",
      filters,
    }));
  }
  return urls;
}

/**
 * Runs the inpatient bench on the data set (read back from its file, as after a restart) and
 * reports its figures. Adds 300 examinations to open stays.
 */
export async function ipdBench(report: Report, { dir, file, world }: IpdFile): Promise<void> {
  // a restart: the first list request loads the stays' index from the KV file
  const store = await Store.open(file);
  const { app, cookie, audit } = await appOf(store, dir);
  let auditMs = 0; // time spent writing audit entries (each add writes one)
  const append = audit.append.bind(audit);
  audit.append = async (...a) => {
    const t0 = performance.now();
    await append(...a);
    auditMs += performance.now() - t0;
  };
  const get = async (u: string) => {
    const t0 = performance.now();
    const r = await app.request(u, { headers: { cookie } });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`${u}: ${r.status}`);
    return performance.now() - t0;
  };
  const pulang = listUrls(world, "pulang"), dirawat = listUrls(world, "dirawat");
  console.log(
    `Permintaan pertama setelah restart (memuat indeks ${n(world.stays)} kunjungan): ${
      (await get(pulang[0])).toFixed(0)
    } ms`,
  );
  /** p95 of the URLs on a warm server (each ordering built once), after a first pass. */
  const timeAll = async (name: string, urls: string[]) => {
    const first: number[] = [];
    for (const u of urls) first.push(await get(u));
    gc();
    const times: number[] = [];
    for (const u of urls) times.push(await get(u));
    report(`${name}, p95`, p95(times), 20, "ms");
    console.log(
      `  putaran pertama (tiap urutan dan teks cari dibuat sekali): p95 ${
        p95(first).toFixed(1)
      } ms, maks ${Math.max(...first).toFixed(0)} ms`,
    );
  };
  await timeAll("GET /api/ipd filter+cari+urut, 100 per halaman", dirawat);
  await timeAll("GET /api/ipd/discharge-patient filter+cari+urut, 100 per halaman", pulang);

  // adding an examination to an open stay (the stay is recomputed in the same commit)
  const at = toLocalInput(world.now.toISOString());
  const adds: number[] = [], after: number[] = [], audits: number[] = [];
  for (let i = 0; i < 300; i++) {
    const stay = world.openStays[(i * 7) % world.openStays.length];
    const fields = new URLSearchParams({
      id: "",
      ipdId: stay._id,
      examinationDate: at,
      subject: "Kontrol harian",
      object: "TD 120/80",
      assesment: "Membaik",
      plan: "Lanjut terapi",
      keyword: i % 5 ? "" : world.keywords[i % world.keywords.length]._id,
      diagnosis: [
        world.icd10[i % world.icd10.length]._id,
        world.icd10[(i * 3) % world.icd10.length]._id,
      ]
        .join(","),
      tindakan: world.icd9[i % world.icd9.length]._id,
      grouping: world.tariffs[i % world.tariffs.length]._id,
      tarifinacbgSelect: "",
      tarif_rs: String(250_000 + i * 1_000),
    });
    const t0 = performance.now(), a0 = auditMs;
    const r = await app.request("/api/ipd/visitexamination/update", {
      method: "POST",
      body: fields,
      headers: { cookie },
    });
    const body = await r.text();
    if (r.status !== 200) throw new Error(`visitexamination/update: ${r.status} ${body}`);
    adds.push(performance.now() - t0);
    audits.push(auditMs - a0);
    // the visit list right after the write (its cached orderings follow the change)
    after.push(await get(dirawat[i % dirawat.length]));
  }
  report("POST /api/ipd/visitexamination/update (tambah, hitung ulang), p95", p95(adds), 15, "ms");
  console.log(`  GET /api/ipd tepat setelah tiap penambahan: p95 ${p95(after).toFixed(2)} ms`);
  const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
  console.log(
    `  jejak audit (1 entri berantai per penambahan, berkas audit.kv): p95 ${
      p95(audits).toFixed(2)
    } ms, bagian ${(100 * sum(audits) / sum(adds)).toFixed(0)}% dari waktu tambah`,
  );

  // exporting the discharged stays of a date range holding about 10,000 of them
  const days = (await visitsOf(store).index()).where("status", "pulang")
    .map((r) => jakartaDay(r.value.tanggal_pulang!)).sort();
  const from = days[Math.max(0, days.length - 10_000)];
  const range = `${from} / ${jakartaDay(world.now)}`;
  const rows = days.filter((d) => d >= from).length;
  const t0 = performance.now();
  const res = await app.request(
    `/api/ipd/export-ipd-discharge-data?${new URLSearchParams({ dateRange: range })}`,
    { headers: { cookie } },
  );
  const bytes = (await res.arrayBuffer()).byteLength;
  if (res.status !== 200) throw new Error(`export: ${res.status}`);
  report(
    `Ekspor ${n(rows)} pasien pulang (.xlsx ${(bytes / 2 ** 20).toFixed(1)} MB, sejak ${from})`,
    (performance.now() - t0) / 1000,
    3,
    "s",
  );
  gc();
  console.log(
    `Memori proses (RSS) dengan indeks rawat inap terisi: ${
      (Deno.memoryUsage().rss / 2 ** 20).toFixed(0)
    } MB, heap JS ${(Deno.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB`,
  );

  // JavaScript of the inpatient pages (needs `build()` first)
  for (const path of ["/ipd", `/ipd/${world.openStays[0]._id}`, "/discharge-patient"]) {
    const js = await pageJs(app, cookie, path);
    const name = path.startsWith("/ipd/") ? "/ipd/{id}" : path;
    if (js) report(`JavaScript halaman ${name} (gzip, ${js.files} berkas)`, js.kb, 40, "KB");
    else console.log(`JavaScript halaman ${name}: halaman belum ada`);
  }
  store.close();
}

if (import.meta.main) {
  const { build } = await import("../build.ts");
  await build();
  const data = await ipdData(benchSize(Number(Deno.args[0] ?? 50_000)));
  await ipdBench(printFigure, data);
  // then the dashboard's figures on the same file, as in bench/bench.ts
  await reportBench(printFigure, data);
  await Deno.remove(data.dir, { recursive: true });
}
