/**
 * One claim, one package: once E-Klaim grouped a stay (here through an imported TXT) its group
 * and tariff are the package everywhere, with the source; the ward's own pick stays beside it.
 * Through the API only (a fresh :memory: KV), expected figures by hand.
 */
import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import { dtQuery, setup, versionOf } from "./helpers.ts";
import { admit, exam, postJson, seedIpd } from "./ipd_fixtures.ts";
import { admitDischarge, type EklaimLine, eklaimTxt } from "./claim_fixtures.ts";

type T = Awaited<ReturnType<typeof setup>>;
const NOW = new Date("2026-11-24T05:00:00Z");

/** The TXT of `lines` with E-Klaim's VERSI_INACBG column added. */
const withVersion = (txt: string, version: string) =>
  txt.trimEnd().split("\n").map((l, i) => `${l}\t${i ? version : "VERSI_INACBG"}`).join("\n") +
  "\n";

const SITI: EklaimLine = {
  sep: "0301R0011126V000001",
  mrn: "000123",
  admission: "2026-11-01",
  discharge: "2026-11-04",
  inacbg: "J-4-17-I",
  tarif: 1_200_000,
  tarifRs: 1_500_000,
};

const COLS = ["pasien.fullname", "visitDate", "tanggal_pulang", "tarifInaTotal"];
const listed = async (t: T, path: string, filters: Record<string, string> = {}, search = "") =>
  (await t.json(
    `${path}?${dtQuery(COLS, { length: 100, search })}&${new URLSearchParams(filters)}`,
  )).body;
const exported = async (t: T) => {
  const res = await t.req("/api/ipd/export-ipd-discharge-data");
  assert.equal(res.status, 200);
  const wb = XLSX.read(new Uint8Array(await res.arrayBuffer()));
  return XLSX.utils.sheet_to_json<Record<string, unknown>>(wb.Sheets[wb.SheetNames[0]], {
    raw: true,
  });
};
const period = "startDate=01-11-2026&endDate=30-11-2026";

Deno.test("one package: a TXT import that regroups a stay changes its package on the stay page, lists, export, dashboard and print, with the source", async () => {
  await using t = await setup({ now: () => NOW });
  const w = await seedIpd(t);
  // the ward picked J-4-16-I at the room's class 2 (Rp 5.000.000); the bill is Rp 1.500.000
  const siti = await admitDischarge(
    t,
    w,
    w.pasien,
    { masuk: "2026-11-01", pulang: "2026-11-04" },
    w.j4,
    "1500000",
  );
  // Rahma's stay (J-4-16-II kelas 2, 5.200.000) is in no TXT
  const rahma = await admitDischarge(
    t,
    w,
    w.pasien2,
    { masuk: "2026-11-08", pulang: "2026-11-10" },
    w.j5,
    "2600000",
  );
  let stay = (await t.json(`/api/ipd/${siti}`)).body.data;
  assert.deepEqual([stay.tarifInaTotal, stay.percentageTotal], [5_000_000, 70]);

  // E-Klaim grouped it J-4-17-I, Rp 1.200.000 (grouper 5.10.7)
  const txt = withVersion(eklaimTxt([SITI]), "5.10.7.202603311031");
  const r = await t.upload("/api/klaim/import-eklaim", "eklaim.txt", txt);
  assert.equal(r.status, 200, JSON.stringify(r.body));

  // the stay page's API: E-Klaim's package in force, (1.200.000 - 1.500.000) / 1.200.000 = -25 %
  stay = (await t.json(`/api/ipd/${siti}`)).body.data;
  assert.deepEqual(
    [stay.inacbg, stay.tarifInaTotal, stay.tarifRsTotal, stay.percentageTotal],
    ["J-4-17-I", 1_200_000, 1_500_000, -25],
  );
  assert.deepEqual(stay.paket, {
    code: "J-4-17-I",
    description: "GRUP J-4-17-I",
    tariff: 1_200_000,
    kelas: "second",
    fromEklaim: true,
    source: "E-Klaim 5.10.7",
    at: NOW.toISOString(),
    assumed: { code: "J-4-16-I", tariff: 5_000_000, kelas: "second" },
  });

  // the discharge list, and its analysis filter on the stored percentage
  const row = (await listed(t, "/api/ipd/discharge-patient", {}, "000123"))
    .data[0];
  assert.deepEqual(
    [row.tarifInaTotal, row.percentageTotal, row.paket.source],
    [1_200_000, -25, "E-Klaim 5.10.7"],
  );
  const negative = await listed(t, "/api/ipd/discharge-patient", { analysisFilter: "negative" });
  assert.deepEqual(negative.data.map((d: { _id: string }) => d._id), [siti]);
  const positive = await listed(t, "/api/ipd/discharge-patient", { analysisFilter: "positive" });
  assert.deepEqual(positive.data.map((d: { _id: string }) => d._id), [rahma]);

  // the export's cells
  const sheet = await exported(t);
  const cells = sheet.find((x) => x["No. ERM"] === "000123")!;
  assert.deepEqual(
    [
      "INA-CBG",
      "Sumber Paket",
      "INA-CBG Dipilih Petugas",
      "Tarif Dipilih Petugas",
      "Total INA-CBG",
      "Total RS",
      "Analisa (%)",
    ].map((k) => cells[k]),
    ["J-4-17-I", "E-Klaim 5.10.7", "J-4-16-I", 5_000_000, 1_200_000, 1_500_000, -25],
  );

  // the dashboard's tariff analysis: one stay below 0, 1.200.000 - 1.500.000
  // (Rahma's: 5.200.000 - 2.600.000 = 2.600.000 above 0)
  const tariff = (await t.json(`/api/report/analysis-tarif-info?${period}`)).body;
  assert.deepEqual(
    [tariff.negativePercentage.data, tariff.negativePercentage.sum, tariff.positivePercentage.data],
    [1, -300_000, 1],
  );
  assert.equal(tariff.positivePercentage.sum, 2_600_000);

  // the Klaim list: the ward's pick against E-Klaim's, the source of the one in force
  const klaim = (await t.json(`/api/klaim?${dtQuery(["pasien.fullname"], { length: 100 })}`))
    .body.data.find((k: { _id: string }) => k._id === siti);
  assert.deepEqual(
    [klaim.inacbgApp, klaim.tarifApp, klaim.inacbgFinal, klaim.tarifFinal, klaim.sumber],
    ["J-4-16-I", 5_000_000, "J-4-17-I", 1_200_000, "E-Klaim 5.10.7"],
  );

  // the print and the stay page
  const print = await (await t.req(`/ipd/${siti}/print`)).text();
  assert.match(print, /data-total="ina"[^>]*>Rp 1\.200\.000</);
  assert.match(print, /data-total="pct"[^>]*>-25,00 %</);
  assert.match(print, /paket INA-CBG yang berlaku: E-Klaim 5\.10\.7/);
  assert.match(
    print,
    /<dt>Sumber Paket<\/dt><dd>E-Klaim 5\.10\.7, grouping 24-11-2026 12:00<\/dd>/,
  );
  assert.match(print, /<dt>Dipilih Petugas<\/dt><dd>J-4-16-I \(Kelas 2\) · Rp 5\.000\.000<\/dd>/);
  const page = await (await t.req(`/ipd/${siti}`)).text();
  assert.match(page, /data-total="ina"[^>]*>Rp 1\.200\.000</);
  assert.match(
    page,
    /data-paket="eklaim"[^>]*><span[^>]*>J-4-17-I \(Kelas 2\)<\/span><small>E-Klaim 5\.10\.7, grouping/,
  );
  assert.match(page, /data-total="petugas"[^>]*>Rp 5\.000\.000</);

  // Rahma's stay keeps the package the ward picked, said so
  const other = (await t.json(`/api/ipd/${rahma}`)).body.data;
  assert.deepEqual(
    [other.tarifInaTotal, other.paket.source, other.paket.fromEklaim, other.paket.assumed.tariff],
    [5_200_000, "dipilih petugas", false, 5_200_000],
  );
  const hers = sheet.find((x) => x["No. ERM"] === "000456")!;
  assert.deepEqual([hers["INA-CBG"], hers["Sumber Paket"]], ["J-4-16-II", "dipilih petugas"]);
  assert.match(await (await t.req(`/ipd/${rahma}/print`)).text(), /yang berlaku: dipilih petugas/);

  // the same file again changes nothing
  const v = await versionOf(t, "ipd", siti);
  assert.equal((await t.upload("/api/klaim/import-eklaim", "eklaim.txt", txt)).status, 200);
  assert.equal(await versionOf(t, "ipd", siti), v);
});

Deno.test("one package: an examination after E-Klaim grouped changes the ward's package, not the one in force; the hospital total follows the examinations", async () => {
  await using t = await setup({ now: () => NOW });
  const w = await seedIpd(t);
  // still admitted: J-4-16-I kelas 2 (5.000.000) picked, bill 1.500.000 (70 %)
  const s = await admit(t, w, { visitDate: "2026-11-20T08:00" });
  const first = await postJson(t, "/api/ipd/visitexamination/update", {
    ...exam(w, s._id, { examinationDate: "2026-11-20T10:00", keyword: [] }),
  });
  assert.equal(first.status, 200, JSON.stringify(first.body));
  let info = (await t.json(`/api/report/medical-record-info?${period}`)).body;
  assert.equal(info.negativePercentage.count, 0);

  // E-Klaim grouped it so far J-4-17-I, Rp 1.200.000 (a TXT naming the open stay)
  const txt = eklaimTxt([{
    ...SITI,
    admission: "2026-11-20",
    discharge: "2026-11-23",
    tarifRs: 1_500_000,
  }]);
  assert.equal((await t.upload("/api/klaim/import-eklaim", "e.txt", txt)).status, 200);
  let stay = (await t.json(`/api/ipd/${s._id}`)).body.data;
  assert.deepEqual([stay.tarifInaTotal, stay.percentageTotal], [1_200_000, -25]);
  assert.equal(stay.paket.source, "E-Klaim");
  info = (await t.json(`/api/report/medical-record-info?${period}`)).body;
  assert.equal(info.negativePercentage.count, 1);
  const open = await listed(t, "/api/ipd", { analysisFilter: "negative" });
  assert.deepEqual(open.data.map((d: { _id: string }) => d._id), [s._id]);

  // the ward picks J-4-16-II kelas 2 (5.200.000) on a new examination billing 500.000
  const second = await postJson(t, "/api/ipd/visitexamination/update", {
    ...exam(w, s._id, {
      examinationDate: "2026-11-22T10:00",
      keyword: [],
      grouping: w.j5,
      tarif_rs: "500000",
    }),
  });
  assert.equal(second.status, 200, JSON.stringify(second.body));
  stay = (await t.json(`/api/ipd/${s._id}`)).body.data;
  // in force: E-Klaim's 1.200.000 against the bill 2.000.000: (1.2 - 2.0) / 1.2 = -66,67 %
  assert.deepEqual(
    [stay.inacbg, stay.tarifInaTotal, stay.tarifRsTotal, stay.percentageTotal.toFixed(4)],
    ["J-4-17-I", 1_200_000, 2_000_000, "-66.6667"],
  );
  assert.deepEqual(stay.paket.assumed, { code: "J-4-16-II", tariff: 5_200_000, kelas: "second" });
  // the examination keeps its own pick: (5.2 - 2.0) / 5.2 = 61,54 %
  assert.equal(second.body.data.examination.percentage.toFixed(2), "61.54");
  assert.equal(second.body.data.examination.tarif_ina, 5_200_000);
  const rows = await listed(t, "/api/ipd", { analysisFilter: "negative" });
  assert.equal(rows.data[0].paket.assumed.tariff, 5_200_000);
});
