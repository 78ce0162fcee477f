/**
 * The inpatient figures of issue 5 ("Speed"): on 50,000 generated stays with 5 examinations
 * each over 20,000 patients (bench/ipd_data.ts, in a KV file, read back after a restart), the
 * list APIs with filters, search and order; adding an examination to an open stay; exporting
 * 10,000 filtered rows; JavaScript on the inpatient pages. Called from bench/bench.ts (after
 * `build()`; the dashboard figures, bench/report_bench.ts, follow on the same file), or alone
 * with them: `deno run -A --unstable-kv --v8-flags=<V8_FLAGS> bench/ipd_bench.ts [stays]` (the
 * flags of lib/runtime/v8_flags.ts, as `deno task bench` passes them).
 */
import { visitsOf } from "../lib/ipd/stay.ts";
import { DISCHARGE_COLUMNS } from "../lib/ipd/columns.ts";
import { hospitalDay, toLocalInput } from "../lib/hospital_time.ts";
import { Store } from "../lib/db/store.ts";
import { warmIndexes } from "../lib/warm/warm.ts";
import { registry } from "../resources/mod.ts";
import ipdDef from "../lib/ipd/resource.ts";
import type { IpdWorld } from "./ipd_data.ts";
import {
  appOf,
  benchSize,
  closeStore,
  ipdData,
  type IpdFile,
  printFigure,
  type Report,
} from "./ipd_file.ts";
import { FIRST, LAST } from "./ipd_master.ts";
import {
  distinct,
  firstRequestAfterRestart,
  gc,
  getter,
  IN_PROCESS,
  overHttp,
  p95,
  passes,
} from "./measure.ts";
import { pageJs } from "./js_size.ts";
import { reportBench } from "./report_bench.ts";

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

/**
 * `count` list requests, no two asking the same thing: orders, the filters of the list's page
 * and searches as staff type them (a name, part of a medical record number, a room, a DPJP).
 */
function listUrls(world: IpdWorld, mode: "dirawat" | "pulang", count: number): string[] {
  const columns = (mode === "pulang" ? DISCHARGE_COLUMNS : ipdDef.columns)
    .map((c) => c.orderable === false ? "" : c.data);
  const orderable = columns.map((c, i) => [c, i] as const).filter(([c]) => c).map(([, i]) => i);
  const path = mode === "pulang" ? "/api/ipd/discharge-patient" : "/api/ipd";
  const today = hospitalDay(world.now);
  const daysAgo = (d: number) => hospitalDay(new Date(world.now.getTime() - d * 86_400_000));
  const durations = ["1-3", "4-7", "8-14", ">14"];
  const word = (s: string, i: number) => s.toLowerCase().slice(0, 3 + (i % 4));
  const search = (i: number) => {
    const k = Math.floor(i / 6) * 7_919;
    switch (i % 6) {
      case 0:
        return "";
      case 1:
        return word(FIRST[k % FIRST.length], k);
      case 2:
        return `${FIRST[k % FIRST.length]} ${LAST[(k >> 3) % LAST.length]}`.toLowerCase()
          .slice(0, 6 + (k % 6));
      case 3:
        return String(100_000 + (k % world.patients)).padStart(8, "0").slice(2, 6 + (k % 3));
      case 4:
        return word(world.rooms[k % world.rooms.length].name, k);
      default:
        return word(world.dpjp[k % world.dpjp.length].fullname.replace(/^dr\.?\s*/i, ""), k);
    }
  };
  const queries = distinct(count, (i) => {
    const filters: Record<string, string> = {};
    const k = i * 2_654_435;
    if (i % 4 === 1) filters.roomFilter = world.rooms[k % world.rooms.length]._id;
    if (i % 4 === 2) filters.durationFilter = durations[k % durations.length];
    if (i % 4 === 3 || i % 8 === 2) {
      // a range of 1-60 days ending 0-700 days ago (0-14 for the admitted list)
      const end = (k >> 4) % (mode === "pulang" ? 700 : 14), len = 1 + (k >> 2) % 60;
      filters.dateRange = `${daysAgo(end + len)} / ${end ? daysAgo(end) : today}`;
    }
    return {
      search: search(i),
      order: orderable[(i >> 1) % orderable.length],
      dir: i % 2 ? "desc" as const : "asc" as const,
      filters,
    };
  }, (q) => JSON.stringify(q));
  return queries.map((q, i) => listUrl(path, columns, i, q));
}

/**
 * Runs the inpatient bench on the data set (read back from its file, as after a restart) and
 * reports its figures. Adds 300 examinations to open stays.
 */
export async function ipdBench(report: Report, { dir, file, world }: IpdFile): Promise<void> {
  const pulang = listUrls(world, "pulang", 400), dirawat = listUrls(world, "dirawat", 400);
  // a restart: the first list request, in a new process, loads the stays' index from the file
  console.log(
    `Permintaan pertama setelah restart (proses baru; memuat indeks ${n(world.stays)} kunjungan): ${
      (await firstRequestAfterRestart(file, dir, pulang[0])).toFixed(0)
    } ms`,
  );
  const store = await Store.open(file);
  const { app, cookie, audit } = await appOf(store, dir);
  // as a started server does in the background once it listens (main.ts)
  console.log(
    `  pemanasan indeks seperti server setelah start (warmIndexes): ${
      ((await warmIndexes(store, registry)) / 1000).toFixed(1)
    } s; putaran pertama = tiap URL pertama kali setelahnya`,
  );
  const get = getter(app, cookie);
  let auditMs = 0; // time spent writing audit entries (each add writes one)
  const append = audit.append.bind(audit);
  audit.append = async (...a) => {
    const t0 = performance.now();
    await append(...a);
    auditMs += performance.now() - t0;
  };

  // adding an examination to an open stay (the stay is recomputed in the same commit); each
  // list is timed right after one
  const at = toLocalInput(world.now.toISOString());
  const adds: number[] = [], audits: number[] = [];
  let added = 0;
  const addExam = async () => {
    const i = added++;
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
  };
  const lists = [
    ["GET /api/ipd filter+cari+urut, 100 per halaman", dirawat],
    ["GET /api/ipd/discharge-patient filter+cari+urut, 100 per halaman", pulang],
  ] as const;
  for (const [name, urls] of lists) {
    await passes(report, name, 20, get, urls.slice(0, 300), addExam);
    await overHttp(report, name, 20, app, cookie, urls.slice(300));
  }
  report(
    `POST /api/ipd/visitexamination/update (tambah, hitung ulang), p95 (${adds.length} kali; ${IN_PROCESS})`,
    p95(adds),
    15,
    "ms",
  );
  const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
  console.log(
    `  jejak audit (1 entri berantai per penambahan, berkas audit.kv): p95 ${
      p95(audits).toFixed(2)
    } ms, bagian ${(100 * sum(audits) / sum(adds)).toFixed(0)}% dari waktu tambah`,
  );

  await exportFigure(report, app, cookie, store, world);
  gc();
  console.log(
    `Memori proses (RSS) dengan indeks rawat inap terisi: ${
      (Deno.memoryUsage().rss / 2 ** 20).toFixed(0)
    } MB, heap JS ${(Deno.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB`,
  );
  await pageFigures(report, app, cookie, world);
  await closeStore(store);
}

type App = Awaited<ReturnType<typeof appOf>>["app"];

/** Exporting the discharged stays of a date range holding about 10,000 of them. */
async function exportFigure(
  report: Report,
  app: App,
  cookie: string,
  store: Store,
  world: IpdWorld,
): Promise<void> {
  const days = (await visitsOf(store).index()).where("status", "pulang")
    .map((r) => hospitalDay(r.value.tanggal_pulang!)).sort();
  const from = days[Math.max(0, days.length - 10_000)];
  const range = `${from} / ${hospitalDay(world.now)}`;
  const rows = days.filter((d) => d >= from).length;
  const t0 = performance.now();
  const res = await app.request(
    `/api/ipd/export-ipd-discharge-data?${new URLSearchParams({ dateRange: range })}`,
    { headers: { cookie } },
  );
  const bytes = (await res.arrayBuffer()).byteLength;
  if (res.status !== 200) throw new Error(`export: ${res.status}`);
  report(
    `Ekspor ${n(rows)} pasien pulang (.xlsx ${
      (bytes / 2 ** 20).toFixed(1)
    } MB, sejak ${from}; ${IN_PROCESS})`,
    (performance.now() - t0) / 1000,
    3,
    "s",
  );
}

/** JavaScript of the inpatient pages (needs `build()` first). */
async function pageFigures(report: Report, app: App, cookie: string, world: IpdWorld) {
  for (const path of ["/ipd", `/ipd/${world.openStays[0]._id}`, "/discharge-patient"]) {
    const js = await pageJs(app, cookie, path);
    const name = path.startsWith("/ipd/") ? "/ipd/{id}" : path;
    if (js) report(`JavaScript halaman ${name} (gzip, ${js.files} berkas)`, js.kb, 40, "KB");
    else console.log(`JavaScript halaman ${name}: halaman belum ada`);
  }
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
