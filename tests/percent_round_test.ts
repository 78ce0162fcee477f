import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import { formatPercent, roundPercent } from "../lib/ipd/rules.ts";
import { setup } from "./helpers.ts";
import { admission, seedIpd } from "./ipd_fixtures.ts";

/**
 * A percentage's sign is taken before it is rounded, and it rounds half away from zero, the
 * same on the stay, the list, the report, the export and the print (issue 26 item 4).
 */

Deno.test("percent: rounds half away from zero on its decimal digits; a tiny loss stays a loss", () => {
  const cases: [number, number, string][] = [
    [12.5, 12.5, "12,50 %"],
    [-12.5, -12.5, "-12,50 %"],
    [0.125, 0.13, "0,13 %"],
    [-0.125, -0.13, "-0,13 %"],
    [12.505, 12.51, "12,51 %"],
    [-12.505, -12.51, "-12,51 %"],
    [1.005, 1.01, "1,01 %"],
    [-0.005, -0.01, "-0,01 %"],
    [-0.004, -0, "-0,00 %"],
    [0.004, 0, "0,00 %"],
    [0, 0, "0,00 %"],
  ];
  for (const [p, rounded, shown] of cases) {
    assert.ok(Object.is(roundPercent(p), rounded), `${p} → ${roundPercent(p)}`);
    assert.equal(formatPercent(p), shown, String(p));
  }
});

type T = Awaited<ReturnType<typeof setup>>;

const postJson = (t: T, path: string, body: unknown) =>
  t.json(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

Deno.test("percent: stay, print, list filter, dashboard, tariff analysis and export agree", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  // the room is kelas 2: grouping j4 gives an INA-CBG tariff of Rp 5.000.000
  const bills: [number, string, boolean][] = [
    [5_000_200, "-0,00 %", true], // -0.004 %
    [5_000_250, "-0,01 %", true], // -0.005 %
    [5_006_250, "-0,13 %", true], // -0.125 %
    [4_993_750, "0,13 %", false], // 0.125 %
    [5_625_250, "-12,51 %", true], // -12.505 %
    [5_000_000, "0,00 %", false],
  ];
  const ids: string[] = [];
  for (const [i, [rs]] of bills.entries()) {
    const p = await t.post("/api/pasien/update", {
      id: "",
      erm: `77000${i}`,
      first_name: `Pasien ${i}`,
      last_name: "",
      gender: "L",
      tgl_lahir: "1980-01-01",
    });
    assert.equal(p.status, 200, JSON.stringify(p.body));
    const stay = await t.post("/api/ipd/update", admission(w, { pasienId: p.body.data._id }));
    assert.equal(stay.status, 200, JSON.stringify(stay.body));
    const r = await postJson(t, "/api/ipd/visitexamination/update", {
      id: "",
      ipdId: stay.body.data._id,
      examinationDate: "2026-11-01T10:00",
      subject: "S",
      object: "O",
      assesment: "A",
      plan: "P",
      keyword: [],
      diagnosis: [w.icd["J18.9"]],
      tindakan: [],
      grouping: w.j4,
      tarifinacbgSelect: "",
      tarif_rs: String(rs),
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.data.visit.tarifInaTotal, 5_000_000);
    ids.push(stay.body.data._id);
  }
  const losses = bills.filter((b) => b[2]).length;

  for (const [i, [rs, shown, loss]] of bills.entries()) {
    const page = await (await t.req(`/ipd/${ids[i]}`)).text();
    const cls = loss ? "pct pct-red" : "pct pct-yellow";
    assert.ok(page.includes(`<span class="${cls}">${shown}</span>`), `${rs}: stay page`);
    const print = await (await t.req(`/ipd/${ids[i]}/print`)).text();
    assert.ok(print.includes(`data-total="pct" class="num">${shown}<`), `${rs}: print`);
  }

  const negative = await t.json("/api/ipd?analysisFilter=negative&length=100");
  assert.equal(negative.body.recordsFiltered, losses);
  const positive = await t.json("/api/ipd?analysisFilter=positive&length=100");
  assert.equal(positive.body.recordsFiltered, bills.length - losses);

  const info = await t.json("/api/report/medical-record-info");
  assert.equal(info.body.negativePercentage.count, losses);
  const analysis = await t.json(
    "/api/report/analysis-tarif-info?startDate=2026-11-01&endDate=2026-11-30",
  );
  assert.equal(analysis.status, 200, JSON.stringify(analysis.body));
  assert.equal(analysis.body.negativePercentage.data, losses);
  assert.equal(analysis.body.positivePercentage.data, bills.length - losses);

  const file = await t.req("/api/ipd/export-ipd-data");
  const wb = XLSX.read(new Uint8Array(await file.arrayBuffer()));
  const sheet = XLSX.utils.sheet_to_json<Record<string, number>>(wb.Sheets[wb.SheetNames[0]]);
  const byErm = new Map(sheet.map((r) => [String(r["No. ERM"]), r["Analisa (%)"]]));
  // the rounded value; a loss too small to round to -0,01 keeps its exact value (Excel: -0.00)
  assert.deepEqual(bills.map((_, i) => byErm.get(`77000${i}`)), [
    -0.004,
    -0.01,
    -0.13,
    0.13,
    -12.51,
    0,
  ]);
});
