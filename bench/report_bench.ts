/**
 * Dashboard figures for `deno task bench`: p95 of each `/api/report/...` call over 50,000
 * stays (20,000 patients, two years, five examinations each folded into `codes10`/`codes9`),
 * with the real ICD-10 and ICD-9-CM code sets for the descriptions.
 */
import { join } from "node:path";
import * as XLSX from "xlsx";
import { createApp } from "../lib/app.ts";
import { createSession, ensureAdmin, users } from "../lib/auth.ts";
import type { Config } from "../lib/config.ts";
import { newId } from "../lib/ids.ts";
import type { Visit } from "../lib/ipd_model.ts";
import { jakartaDay, percentage } from "../lib/ipd_rules.ts";
import type { Doc } from "../lib/mem_index.ts";
import { visitsOf } from "../lib/ipd.ts";
import { collectionOf } from "../lib/resource.ts";
import { Store } from "../lib/store.ts";
import icd from "../resources/icd.ts";

const SHARED = join(import.meta.dirname!, "..", "..", "shared", "data");
const DAY = 86_400_000;

/** A seeded generator, so every run builds the same stays. */
function rng(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

function readCsv(path: string, code: string, desc: string): { code: string; desc: string }[] {
  const sheet = XLSX.read(Deno.readTextFileSync(path), { type: "string", raw: true, dense: true });
  return XLSX.utils.sheet_to_json<Record<string, string>>(sheet.Sheets[sheet.SheetNames[0]])
    .map((r) => ({ code: String(r[code]), desc: String(r[desc]) }));
}

/** The ICD code sets into the store (as the importer would leave them); returns the codes. */
async function writeIcd(store: Store) {
  const ten = readCsv(join(SHARED, "icd10", "icd10_2010_satusehat.csv"), "CODE", "STR");
  const nine = readCsv(
    join(SHARED, "icd9cm", "icd9cm_v32_cms_procedures.csv"),
    "kode",
    "deskripsi_panjang",
  );
  const docs: Doc[] = [];
  for (const [kind, list] of [["icd10", ten], ["icd9", nine]] as const) {
    for (const { code, desc } of list) {
      docs.push(
        (await icd.prepare!(
          { _id: newId(), code, code2: "", desc, kind },
          { store } as never,
        )) as Doc,
      );
    }
  }
  await collectionOf(store, icd).writeMany(docs);
  return { ten: ten.map((c) => c.code), nine: nine.map((c) => c.code) };
}

/** 50,000 stays over 20,000 patients admitted over the two years up to `now`. */
export function makeVisits(now: number, ten: string[], nine: string[], n = 50_000): Visit[] {
  const rand = rng(42);
  const pick = (list: string[], spread: number) => list[Math.floor(list.length * rand() ** spread)];
  const common10 = ten.filter((c) => c.includes(".")).slice(0, 3000);
  const common9 = nine.slice(0, 1000);
  const doctors = Array.from(
    { length: 40 },
    (_, i) => ({ _id: newId(), fullname: `dr. DPJP ${i}` }),
  );
  const patients = Array.from({ length: 20_000 }, (_, i) => ({
    _id: newId(),
    fullname: `Pasien ${i}`,
    erm: `RM${String(i).padStart(8, "0")}`,
    gender: i % 2 ? "L" : "P",
  }));
  const open = new Set<string>();
  const visits: Visit[] = [];
  for (let i = 0; i < n; i++) {
    const pasien = patients[i % patients.length];
    const visitDate = new Date(now - rand() * 730 * DAY).toISOString();
    const stay = 1 + Math.floor(rand() * 14);
    const end = Date.parse(visitDate) + stay * DAY;
    const admitted = end > now && !open.has(pasien._id);
    if (admitted) open.add(pasien._id);
    const codes10 = new Set<string>(), codes9 = new Set<string>();
    for (let e = 0; e < 5; e++) {
      codes10.add(pick(common10, 3));
      if (rand() < 0.5) codes9.add(pick(common9, 3));
    }
    const ina = 2_000_000 + Math.round(rand() * 8_000) * 1_000;
    const rs = Math.round(ina * (0.6 + rand() * 0.8));
    const p = percentage(ina, rs);
    visits.push({
      _id: newId(),
      pasien,
      visitDate,
      indicationranap: null,
      diagnosis_awal: "",
      asal: "IGD",
      room: { _id: "r1", name: "Melati" },
      igd: null,
      dpjp: doctors[Math.floor(rand() * doctors.length)],
      episode: null,
      criteria: null,
      readmisi: rand() < 0.08,
      readmisi_reason: "",
      openPasien: admitted ? pasien._id : null,
      status: admitted ? "dirawat" : "pulang",
      tanggal_pulang: admitted ? null : new Date(Math.min(end, now)).toISOString(),
      dischargepatient: null,
      summary_diagnosis: [],
      summary_tindakan: [],
      ipddetails: [],
      tarifInaTotal: ina,
      tarifRsTotal: rs,
      percentageTotal: p,
      latestTarifIna: ina,
      latestTarifRs: rs,
      latestPercentage: p,
      codes10: [...codes10],
      codes9: [...codes9],
    });
  }
  return visits;
}

const p95 = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];

/**
 * Builds the data set in a KV file under `dir` and reports each call's p95 (300 requests: the
 * default month, a random month, a random quarter, and one in ten over the whole two years).
 */
export async function benchReport(
  dir: string,
  config: Config,
  report: (name: string, value: number, target: number, unit: string) => void,
): Promise<void> {
  const store = await Store.open(join(dir, "report.kv"));
  await ensureAdmin(store, "bench-password");
  const app = createApp({ config, store });
  const cookie = `sid=${await createSession(store, {
    userId: (await users(store).index()).rows()[0].value._id,
    username: "admin",
    fullname: "Bench",
    hospitalCode: "BENCH",
  })}`;
  const { ten, nine } = await writeIcd(store);
  const now = Date.now();
  const visits = makeVisits(now, ten, nine);
  const t0 = performance.now();
  await visitsOf(store).writeMany(visits);
  console.log(
    `\nDasbor: 50.000 kunjungan ditulis dalam ${((performance.now() - t0) / 1000).toFixed(1)} s ` +
      `(${visits.filter((v) => v.status === "dirawat").length} masih dirawat)`,
  );
  const rand = rng(7);
  const periods = Array.from({ length: 300 }, (_, i) => {
    if (i % 10 === 9) {
      return `startDate=${jakartaDay(new Date(now - 730 * DAY))}&endDate=${
        jakartaDay(new Date(now))
      }`;
    }
    if (i % 3 === 0) return "";
    const from = now - rand() * 700 * DAY;
    const len = i % 3 === 1 ? 30 : 91;
    return `startDate=${jakartaDay(new Date(from))}&endDate=${
      jakartaDay(new Date(from + len * DAY))
    }`;
  });
  const get = async (u: string) => {
    const t = performance.now();
    const r = await app.request(u, { headers: { cookie } });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`${u}: ${r.status}`);
    return performance.now() - t;
  };
  // the first call after a write builds the sorted views (every write drops them today)
  console.log(
    `  panggilan pertama (membangun indeks): ${
      (await get("/api/report/medical-record-info")).toFixed(0)
    } ms`,
  );
  for (
    const call of [
      "medical-record-info",
      "top-icd-10",
      "top-icd-9",
      "analysis-tarif-info",
      "dpjp-info",
    ]
  ) {
    const urls = periods.map((q) => `/api/report/${call}?${q}`);
    for (const u of urls.slice(0, 20)) await get(u);
    (globalThis as { gc?: () => void }).gc?.();
    const times: number[] = [];
    for (const u of urls) times.push(await get(u));
    report(`GET /api/report/${call} (50.000 kunjungan), p95`, p95(times), 30, "ms");
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
  const { loadConfig } = await import("../lib/config.ts");
  const dir = await Deno.makeTempDir({ prefix: "casemix-report-bench-" });
  const config = { ...loadConfig({ get: () => undefined }), dataDir: dir };
  await benchReport(
    dir,
    config,
    (name, value, target, unit) =>
      console.log(
        `${value <= target ? "OK " : "LEBIH"} ${name}: ${
          value.toFixed(2)
        } ${unit} (target <= ${target} ${unit})`,
      ),
  );
  await Deno.remove(dir, { recursive: true });
}
