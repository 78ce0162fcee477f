/**
 * Dashboard figures (issue 6) for `deno task bench`: p95 of each `/api/report/...` call over the
 * inpatient bench's data set (bench/ipd_data.ts: 50,000 stays with 5 examinations each over
 * 20,000 patients, two years, the real ICD-10 / ICD-9-CM code sets), read back from its KV file
 * after the inpatient figures. Alone: `deno run -A --unstable-kv bench/report_bench.ts [stays]`.
 */
import { visitsOf } from "../lib/ipd/stay.ts";
import { hospitalDay } from "../lib/hospital_time.ts";
import { Store } from "../lib/db/store.ts";
import {
  appOf,
  benchSize,
  closeStore,
  ipdData,
  type IpdFile,
  printFigure,
  type Report,
} from "./ipd_file.ts";
import {
  distinct,
  firstRequestAfterRestart,
  getter,
  IN_PROCESS,
  overHttp,
  passes,
} from "./measure.ts";

const DAY = 86_400_000;
const CALLS = [
  "medical-record-info",
  "top-icd-10",
  "top-icd-9",
  "analysis-tarif-info",
  "dpjp-info",
];

/** A seeded generator, so every run asks for the same periods. */
function rng(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

/**
 * `count` distinct periods: a random month, a random quarter, now and then the whole two years
 * up to a random day, and the default month (no parameters) once.
 */
function periods(now: number, count: number): string[] {
  const rand = rng(7);
  const range = (from: number, to: number) =>
    `startDate=${hospitalDay(new Date(from))}&endDate=${hospitalDay(new Date(to))}`;
  return distinct(count, (i) => {
    if (i === 0) return "";
    const to = now - rand() * 700 * DAY;
    if (i % 10 === 9) return range(to - 730 * DAY, to);
    return range(to - (i % 2 ? 30 : 91) * DAY, to);
  });
}

/**
 * Reports each report call's p95 on the data set: on the first pass, warm, and right after a
 * stay changes (in-process), and over HTTP; the first call after a restart in a new process.
 */
export async function reportBench(report: Report, { dir, file, world }: IpdFile): Promise<void> {
  const stays = world.stays.toLocaleString("id-ID");
  console.log(
    `\nDasbor: ${stays} kunjungan data uji rawat inap (${
      world.openStays.length.toLocaleString("id-ID")
    } masih dirawat)`,
  );
  // a restart: the first call loads the stays' index from the KV file and builds the sorted views
  console.log(
    `  panggilan pertama setelah restart (proses baru; memuat dan membangun indeks): ${
      (await firstRequestAfterRestart(file, dir, "/api/report/medical-record-info")).toFixed(0)
    } ms`,
  );
  const store = await Store.open(file);
  const { app, cookie } = await appOf(store, dir);
  const get = getter(app, cookie);
  const col = visitsOf(store);
  const open = (await col.index()).where("status", "dirawat").map((r) => r.value._id);
  /** One admitted stay changes (its origin, back and forth), as an edit saves it. */
  const change = async (i: number) => {
    const id = open[(i * 7) % open.length];
    await col.update(id, (cur) => ({ ...cur, asal: i % 2 ? "Poli" : "IGD" }));
  };
  const qs = periods(world.now.getTime(), 400);
  for (const call of CALLS) {
    const urls = qs.map((q) => `/api/report/${call}?${q}`);
    const name = `GET /api/report/${call} (${stays} kunjungan)`;
    // (a call after a write rebuilds the period columns: 60 of them, to keep the bench short)
    await passes(report, name, 30, get, urls.slice(0, 300), change, 60);
    await overHttp(report, name, 30, app, cookie, urls.slice(300));
  }
  {
    const t0 = performance.now();
    await change(1);
    const write = performance.now() - t0;
    console.log(
      `  halaman / tepat setelah satu perubahan: ${
        (await get("/")).toFixed(1)
      } ms (${IN_PROCESS}; ` +
        `tulisnya ${write.toFixed(1)} ms; yang pertama di proses ini: membangun kelengkapan klaim)`,
    );
    await change(2);
    console.log(`  halaman / setelah perubahan berikutnya: ${(await get("/")).toFixed(1)} ms`);
  }
  await closeStore(store);
}

if (import.meta.main) {
  const data = await ipdData(benchSize(Number(Deno.args[0] ?? 50_000)));
  await reportBench(printFigure, data);
  await Deno.remove(data.dir, { recursive: true });
}
