import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import { writeXlsx } from "../lib/resource/spreadsheet.ts";
import { fixture } from "./fixtures/mod.ts";
import { setup } from "./helpers.ts";

type T = Awaited<ReturnType<typeof setup>>;

/** A source CSV of tests/fixtures/ as rows of text cells (codes stay text). */
async function csvRows(path: string): Promise<Record<string, string>[]> {
  const text = new TextDecoder().decode(await Deno.readFile(fixture(path)));
  const wb = XLSX.read(text, { type: "string", raw: true, dense: true });
  return XLSX.utils.sheet_to_json(wb.Sheets[wb.SheetNames[0]], { raw: true, defval: "" });
}

/** The CSV turned into an .xlsx (all cells as text) and imported through the API. */
async function importAsXlsx(t: T, res: string, rows: Record<string, string>[]) {
  const headers = Object.keys(rows[0]);
  const xlsx = writeXlsx([headers, ...rows.map((r) => headers.map((h) => r[h]))]);
  const r = await t.upload(`/api/${res}/import`, `${res}.xlsx`, xlsx);
  assert.equal(r.status, 200, JSON.stringify(r.body).slice(0, 500));
  return r.body;
}

/** Every stored record of a resource, read through the list API 1,000 at a time. */
async function all(t: T, res: string, query = "") {
  const out: Record<string, unknown>[] = [];
  for (let start = 0;; start += 1000) {
    const page = await t.json(`/api/${res}?start=${start}&length=1000${query}`);
    out.push(...page.body.data);
    if (out.length >= page.body.recordsFiltered) return out;
  }
}

Deno.test("code sets: ICD-10 2010 and ICD-9-CM import exactly, codes and texts byte-for-byte", async () => {
  await using t = await setup();
  const icd10 = await csvRows("icd10/icd10_2010_satusehat.csv");
  assert.equal(icd10.length, 18_549);
  const r10 = await importAsXlsx(t, "icd", icd10);
  assert.equal(r10.created, 18_549);
  const icd9 = await csvRows("icd9cm/icd9cm_v32_cms_procedures.csv");
  assert.equal(icd9.length, 3_882);
  const r9 = await importAsXlsx(t, "icd", icd9);
  assert.equal(r9.created, 3_882);

  const stored10 = new Map((await all(t, "icd", "&kind=icd10")).map((d) => [d.code, d]));
  assert.equal(stored10.size, 18_549);
  for (const src of icd10) {
    const d = stored10.get(src.CODE);
    assert.ok(d, `ICD-10 ${src.CODE} hilang`);
    assert.equal(d.desc, src.STR, src.CODE);
    assert.equal(d.code2, src.CODE.replace(".", ""));
  }
  const stored9 = new Map((await all(t, "icd", "&kind=icd9")).map((d) => [d.code, d]));
  assert.equal(stored9.size, 3_882);
  for (const src of icd9) {
    const d = stored9.get(src.kode);
    assert.ok(d, `ICD-9-CM ${src.kode} hilang`);
    assert.equal(d.desc, src.deskripsi_panjang, src.kode);
    assert.equal(d.code2, src.kode_tanpa_titik);
  }
  assert.equal(stored9.get("00.01")?.code2, "0001");

  const again = await importAsXlsx(t, "icd", icd9);
  assert.deepEqual([again.created, again.updated, again.unchanged], [0, 0, 3_882]);
  const q = await t.json("/api/icd/select2-icd10?q=A00.0");
  assert.equal(q.body.results[0].text, `A00.0 - ${stored10.get("A00.0")!.desc}`);
});

Deno.test("code sets: INA-CBG groups, the PMK 3/2023 tariff sample and dispute keywords", async () => {
  await using t = await setup();
  const groups = await csvRows("inacbg/inacbg_groups_v5.csv");
  assert.equal((await importAsXlsx(t, "inacbg", groups)).created, 1_106);
  const storedGroups = new Map((await all(t, "inacbg")).map((d) => [d.kode, d]));
  for (const g of groups) assert.equal(storedGroups.get(g.kode)?.deskripsi, g.deskripsi);

  const tariffs = await csvRows("inacbg/tarif_inacbg_pmk3_2023_sample.csv");
  const res = await importAsXlsx(t, "inatarif", tariffs);
  assert.equal(res.created, 254);
  assert.deepEqual(res.warnings, [], "the official tariffs follow the class pattern");
  const stored = await all(t, "inatarif");
  assert.equal(stored.length, 254);
  const code = (kelas: string, owner: string) => kelas + (owner === "SWASTA" ? "S" : "P");
  const byKey = new Map(stored.map((d) => [`${d.regional}|${d.kelas_rs}|${d.kode_inacbg}`, d]));
  for (const src of tariffs) {
    const d = byKey.get(
      `${src.regional}|${code(src.kelas_rs, src.kepemilikan)}|${src.kode_inacbg}`,
    );
    assert.ok(d, `${src.kode_inacbg} ${src.kelas_rs} ${src.kepemilikan} hilang`);
    assert.equal(d.desc_inacbg, src.deskripsi);
    assert.deepEqual(
      [d.tarif_kelas_3, d.tarif_kelas_2, d.tarif_kelas_1],
      [Number(src.tarif_kelas3), Number(src.tarif_kelas2), Number(src.tarif_kelas1)],
    );
    assert.equal(d.jenis_rawat, src.jenis_rawat);
  }
  const counts = Object.groupBy(stored, (d) => `${d.regional}${d.kelas_rs}`);
  assert.deepEqual(
    Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, v!.length])),
    { "1AP": 78, "1AS": 78, "5DS": 98 },
  );

  const disputes = await csvRows("dispute_klaim/ba_dispute_klaim_seed.csv");
  assert.equal((await importAsXlsx(t, "disputed-claim", disputes)).created, 13);
  const storedDisputes = new Map((await all(t, "disputed-claim")).map((d) => [d.keyword, d]));
  assert.equal(storedDisputes.size, 13);
  for (const src of disputes) {
    const d = storedDisputes.get(src.keyword);
    assert.ok(d, src.keyword);
    assert.deepEqual(
      [d.kode_icd, d.rekomendasi, d.sumber],
      [src.kode_terkait, src.rekomendasi, src.sumber],
    );
  }
});
