/**
 * Dashboard figures (issue 6) for `deno task bench`: p95 of each `/api/report/...` call over the
 * inpatient bench's data set (bench/ipd_data.ts: 50,000 stays with 5 examinations each over
 * 20,000 patients, two years, the real ICD-10 / ICD-9-CM code sets), read back from its KV file
 * after the inpatient figures. Alone: `deno run -A --unstable-kv bench/report_bench.ts [stays]`.
 */
import { visitsOf } from "../lib/ipd/stay.ts";
import { jakartaDay } from "../lib/ipd/rules.ts";
import { Store } from "../lib/db/store.ts";
import { appOf, benchSize, ipdData, type IpdFile, printFigure, type Report } from "./ipd_file.ts";

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

const p95 = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];

/**
 * 300 periods: the default month (no parameters), a random month, a random quarter, and one in
 * ten over the whole two years up to `now`.
 */
function periods(now: number): string[] {
  const rand = rng(7);
  const range = (from: number, to: number) =>
    `startDate=${jakartaDay(new Date(from))}&endDate=${jakartaDay(new Date(to))}`;
  return Array.from({ length: 300 }, (_, i) => {
    if (i % 10 === 9) return range(now - 730 * DAY, now);
    if (i % 3 === 0) return "";
    const from = now - rand() * 700 * DAY;
    return range(from, from + (i % 3 === 1 ? 30 : 91) * DAY);
  });
}

/**
 * Reports each report call's p95 on the data set, with no write between the timed calls; then
 * the first call right after one stay changes.
 */
export async function reportBench(report: Report, { dir, file, world }: IpdFile): Promise<void> {
  const store = await Store.open(file);
  const { app, cookie } = await appOf(store, dir);
  const stays = world.stays.toLocaleString("id-ID");
  const get = async (u: string) => {
    const t = performance.now();
    const r = await app.request(u, { headers: { cookie } });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`${u}: ${r.status}`);
    return performance.now() - t;
  };
  console.log(
    `\nDasbor: ${stays} kunjungan data uji rawat inap (${
      world.openStays.length.toLocaleString("id-ID")
    } masih dirawat)`,
  );
  // a restart: the first call loads the stays' index from the KV file and builds the sorted views
  console.log(
    `  panggilan pertama setelah restart (memuat dan membangun indeks): ${
      (await get("/api/report/medical-record-info")).toFixed(0)
    } ms`,
  );
  const qs = periods(world.now.getTime());
  for (const call of CALLS) {
    const urls = qs.map((q) => `/api/report/${call}?${q}`);
    for (const u of urls.slice(0, 20)) await get(u);
    (globalThis as { gc?: () => void }).gc?.();
    const times: number[] = [];
    for (const u of urls) times.push(await get(u));
    report(`GET /api/report/${call} (${stays} kunjungan), p95`, p95(times), 30, "ms");
  }
  {
    // a stay changes, then the dashboard is asked again
    const col = visitsOf(store);
    const row = (await col.index()).where("status", "dirawat")[0];
    await col.update(row.value._id, { ...row.value, asal: "Poli" });
    console.log(
      `  medical-record-info tepat setelah satu perubahan: ${
        (await get("/api/report/medical-record-info")).toFixed(1)
      } ms, /: ${(await get("/")).toFixed(1)} ms`,
    );
  }
  store.close();
}

if (import.meta.main) {
  const data = await ipdData(benchSize(Number(Deno.args[0] ?? 50_000)));
  await reportBench(printFigure, data);
  await Deno.remove(data.dir, { recursive: true });
}
