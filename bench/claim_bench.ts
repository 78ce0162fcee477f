/**
 * The E-Klaim import (issue 28) for `deno task bench`: a TXT export of 10,000 inpatient rows in
 * the public layout (tests/claim_fixtures.ts), made from the inpatient bench's discharged stays
 * (with rawat jalan rows and unknown MRNs among them; each with the stay's SEP and the patient's
 * card where recorded, so the import fills the SEPs the stays lack), imported through the API,
 * then the same file again (nothing to write); each with the time until its audit entries
 * (appended after the answer) are all in the log. Alone: `deno run -A --unstable-kv bench/claim_bench.ts [stays]`.
 */
import { visitsOf } from "../lib/ipd/stay.ts";
import { hospitalDay } from "../lib/hospital_time.ts";
import { Store } from "../lib/db/store.ts";
import { type EklaimLine, eklaimTxt } from "../tests/claim_fixtures.ts";
import {
  appOf,
  benchSize,
  closeStore,
  ipdData,
  type IpdFile,
  printFigure,
  type Report,
} from "./ipd_file.ts";

const ROWS = 10_000;

/** Reports the import's time, first and again, against the 10 s target. */
export async function claimBench(report: Report, { dir, file }: IpdFile): Promise<void> {
  const store = await Store.open(file);
  const { app, cookie } = await appOf(store, dir);
  const stays = (await visitsOf(store).index()).rows().map((r) => r.value)
    .filter((v) => v.status === "pulang").slice(0, ROWS);
  const lines: EklaimLine[] = stays.map((v, i) => ({
    // E-Klaim's SEP and card are the ones the hospital recorded, where it did
    sep: v.nomor_sep || `0301R001B${String(i).padStart(10, "0")}`,
    kartu: v.pasien.nomor_kartu || undefined,
    mrn: i % 100 === 42 ? `X${i}` : v.pasien.erm,
    admission: hospitalDay(v.visitDate),
    discharge: hospitalDay(v.tanggal_pulang!),
    inacbg: i % 5 ? "J-4-16-I" : "J-4-16-II",
    tarif: 5_000_000 + (i % 3) * 100_000,
    tarifRs: v.tarifRsTotal + (i % 7 ? 0 : 50_000),
    ptd: i % 20 === 19 ? 2 : 1,
  }));
  const body = new TextEncoder().encode(eklaimTxt(lines));
  const n = (x: number) => x.toLocaleString("id-ID");
  const rows = `${n(lines.length)} baris, ${n(lines.filter((l) => l.ptd === 1).length)} rawat inap`;
  for (const pass of ["pertama", "ulang, tanpa perubahan"]) {
    const fd = new FormData();
    fd.append("file", new File([body], "eklaim.txt"));
    const t0 = performance.now();
    const r = await app.request("/api/klaim/import-eklaim", {
      method: "POST",
      body: fd,
      headers: { cookie },
    });
    const s = (performance.now() - t0) / 1000;
    const res = await r.json();
    if (r.status !== 200) throw new Error(`impor E-Klaim: ${r.status} ${res.message}`);
    console.log(`  ${res.message}`);
    report(`POST /api/klaim/import-eklaim (${rows}; ${pass})`, s, 10, "s");
    // the records' entries are appended after the answer; the log's list waits for them
    const audit = await app.request("/api/audit?draw=1&start=0&length=1", { headers: { cookie } });
    if (audit.status !== 200) throw new Error(`jejak audit: ${audit.status}`);
    await audit.body?.cancel();
    const all = (performance.now() - t0) / 1000;
    console.log(`  jejak audit impor lengkap ${all.toFixed(1)} s setelah impor dimulai`);
  }
  await closeStore(store);
}

if (import.meta.main) {
  const data = await ipdData(benchSize(Number(Deno.args[0] ?? 50_000)));
  await claimBench(printFigure, data);
  await Deno.remove(data.dir, { recursive: true });
}
