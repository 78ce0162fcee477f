/**
 * The Klaim list (issue 28) for `deno task bench`: the readiness of every discharged stay
 * (`claimChecks`, built once and kept until a stay, room, class or keyword changes), then
 * `GET /api/klaim` first page and filtered (period, DPJP, room, rule, status, readiness), each
 * p95 against 50 ms: first pass, warm, right after an examination is added to an open stay (the
 * next request redoes that patient's stays), and right after a discharge (its package's stays
 * and the medians). Run after
 * bench/claim_bench.ts, so claims exist for the status filters. Alone:
 * `deno run -A --unstable-kv bench/klaim_list_bench.ts [stays]` (default: the five-year
 * hospital, 75,000 stays).
 */
import { toLocalInput } from "../lib/hospital_time.ts";
import { visitsOf } from "../lib/ipd/stay.ts";
import { claimChecks } from "../lib/claim/checks.ts";
import { maskReady } from "../lib/claim/mask.ts";
import { Store } from "../lib/db/store.ts";
import { registry } from "../resources/mod.ts";
import { claimBench } from "./claim_bench.ts";
import {
  appOf,
  benchSize,
  closeStore,
  FIVE_YEARS,
  ipdData,
  type IpdFile,
  printFigure,
  type Report,
} from "./ipd_file.ts";
import { collectionOf } from "../lib/resource/resource.ts";
import { getter, p95, passes } from "./measure.ts";

const TARGET = 50;
const COLUMNS = ["pasien.fullname", "pasien.erm", "dpjp.fullname", "room.name", "tanggal_pulang"];

/** A DataTables request of the Klaim list (`i` makes each URL distinct), with `filters`. */
function url(i: number, filters: Record<string, string> = {}, order = 4): string {
  const p = new URLSearchParams({
    draw: String(i + 1),
    start: "0",
    length: "100",
    "search[value]": "",
    "order[0][column]": String(order),
    "order[0][dir]": i % 2 ? "asc" : "desc",
    ...filters,
  });
  COLUMNS.forEach((c, k) => {
    p.set(`columns[${k}][data]`, c);
    p.set(`columns[${k}][searchable]`, "true");
    p.set(`columns[${k}][orderable]`, "true");
  });
  return `/api/klaim?${p}`;
}

/** Reports the readiness build and the list's p95 figures. */
export async function klaimListBench(report: Report, { dir, file, world }: IpdFile) {
  const store = await Store.open(file);
  const { app, cookie } = await appOf(store, dir);
  const stays = (await visitsOf(store).index()).where("status", "pulang").length;
  const t0 = performance.now();
  const checks = await claimChecks(store, registry);
  const ms = performance.now() - t0;
  const ready = [...checks.values()].filter((c) => maskReady(c.mask)).length;
  console.log(
    `  kelengkapan klaim ${stays.toLocaleString("id-ID")} pasien pulang (claimChecks, sekali ` +
      `lalu disimpan): ${ms.toFixed(0)} ms; ${ready.toLocaleString("id-ID")} siap klaim`,
  );
  const get = getter(app, cookie);
  const months = Array.from({ length: 24 }, (_, k) => {
    const d = new Date(world.now.getTime() - k * 30 * 86_400_000).toISOString().slice(0, 7);
    return `${d}-01 / ${d}-28`;
  });
  const rules = ["GROUPING", "DIAGNOSIS_UTAMA", "BUKTI_TINDAKAN", "KELAS_TARIF", "LAMA_RAWAT"];
  const filtered = Array.from({ length: 120 }, (_, i) => {
    const f: Record<string, string> = { dateRange: months[i % months.length] };
    if (i % 2) f.dpjpFilter = world.dpjp[i % world.dpjp.length]._id;
    if (i % 3 === 1) f.roomFilter = world.rooms[i % world.rooms.length]._id;
    if (i % 4 === 0) f.ruleFilter = rules[i % rules.length];
    if (i % 4 === 1) f.klaimStatus = ["final", "belum", "terkirim"][i % 3];
    if (i % 4 === 2) f.readyFilter = i % 8 < 4 ? "siap" : "perbaikan";
    return url(i, f, i % 5);
  });
  const at = toLocalInput(world.now.toISOString());
  let added = 0;
  const addExam = async () => {
    const i = added++;
    const stay = world.openStays[(i * 7) % world.openStays.length];
    const r = await app.request("/api/ipd/visitexamination/update", {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams({
        id: "",
        ipdId: stay._id,
        examinationDate: at,
        subject: "Kontrol harian",
        object: "TD 120/80",
        assesment: "Membaik",
        plan: "Lanjut terapi",
        keyword: "",
        diagnosis: world.icd10[i % world.icd10.length]._id,
        tindakan: "",
        grouping: world.tariffs[i % world.tariffs.length]._id,
        tarifinacbgSelect: "",
        tarif_rs: String(250_000 + i * 1_000),
      }),
    });
    const body = await r.text();
    if (r.status !== 200) throw new Error(`visitexamination/update: ${r.status} ${body}`);
  };
  await passes(
    report,
    "GET /api/klaim halaman pertama, 100 per halaman",
    TARGET,
    get,
    Array.from({ length: 100 }, (_, i) => url(i)),
    addExam,
    20,
  );
  await passes(
    report,
    "GET /api/klaim filter (periode, DPJP, ruang, aturan, status, kelengkapan)",
    TARGET,
    get,
    filtered,
    addExam,
    20,
  );
  // a discharge moves the medians: the next list redoes its package's stays
  const how = (await collectionOf(store, registry.get("discharge-patient")!).index()).rows()[0];
  const index = await visitsOf(store).index();
  const after: number[] = [];
  for (const o of world.openStays.slice(-10)) {
    const r = await app.request("/api/ipd/discharge-patient/update", {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams({
        id: o._id,
        _version: index.get(o._id)!.versionstamp,
        tanggal_pulang: at,
        dischargepatient: how.value._id,
        confirm_no_diagnosis: "1",
      }),
    });
    const body = await r.text();
    if (r.status !== 200) throw new Error(`discharge-patient/update: ${r.status} ${body}`);
    after.push(await get(url(after.length)));
  }
  report(
    `GET /api/klaim halaman pertama tepat setelah tiap kepulangan, p95 (${after.length} kali)`,
    p95(after),
    TARGET,
    "ms",
  );
  await closeStore(store);
}

/** The E-Klaim import, then the Klaim list, on a data set of its own (the five-year hospital). */
export async function claimsBench(report: Report, opts = FIVE_YEARS): Promise<void> {
  console.log("");
  const data = await ipdData(opts);
  await claimBench(report, data);
  await klaimListBench(report, data);
  await Deno.remove(data.dir, { recursive: true });
}

if (import.meta.main) {
  await claimsBench(printFigure, Deno.args[0] ? benchSize(Number(Deno.args[0])) : FIVE_YEARS);
}
