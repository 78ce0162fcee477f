import assert from "node:assert/strict";
import { fixture } from "./fixtures/mod.ts";
import { MemIndex } from "../lib/index/index.ts";
import { readTable, writeXlsx } from "../lib/resource/spreadsheet.ts";
import { icdMatch, icdNeedles, otherForm, tidyName } from "../resources/icd.ts";
import { setup } from "./helpers.ts";
import { BILINGUAL_ICD10, type Row, type T } from "./master_fixtures.ts";

/** Issue 29: the ICD lookups and the ICD list find codes by Indonesian words too. */

const BILINGUAL = BILINGUAL_ICD10.join("\n");

const icd10 = async (t: T, q: string) => {
  const r = await t.json(`/api/icd/select2-icd10?q=${encodeURIComponent(q)}`);
  assert.equal(r.status, 200, q);
  return r.body.results as { id: string; text: string; note?: string }[];
};
const codesOf = (list: { text: string }[]) => list.map((o) => o.text.split(" - ")[0]);
const byCode = async (t: T) =>
  Object.fromEntries(
    ((await t.json("/api/icd?length=1000")).body.data as Row[]).map((d) => [d.code, d]),
  );

Deno.test("icd: the bilingual CSV imports as it is; English stays the name, Indonesian beside", async () => {
  await using t = await setup();
  const r = await t.upload("/api/icd/import", "icd10_who_en_id.csv", BILINGUAL);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.created, 5);
  const d = await byCode(t);
  assert.equal(d["A01.0"].desc, "Typhoid fever");
  assert.equal(d["A01.0"].desc_indo, "Demam tifoid");
  assert.equal(d["A01.0"].kind, "icd10");
  assert.equal(d["A01.0"].code2, "A010");
  // the list's spacing before commas and inside brackets is tidied
  assert.equal(d["R50.9"].desc_indo, "Demam, tidak spesifik");
  assert.equal(d["A90"].desc_indo, "Demam berdarah [dengue klasik]");

  // 'demam' finds them in the ICD-10 lookup: the English text is the option, the Indonesian its note
  const found = await icd10(t, "demam");
  assert.deepEqual(codesOf(found), ["A01.0", "A90", "R50.9"]);
  assert.deepEqual(found[0], {
    id: d["A01.0"]._id,
    text: "A01.0 - Typhoid fever",
    note: "Demam tifoid",
  });
  assert.deepEqual(codesOf(await icd10(t, "demam tif")), ["A01.0"]);
  assert.deepEqual(codesOf(await icd10(t, "DEMAM Berd")), ["A90"]);
  assert.deepEqual(codesOf(await icd10(t, "dengue demam")), ["A90"]); // words of both languages
  assert.deepEqual(codesOf(await icd10(t, "sirosis")), ["K74.6"]);
  assert.deepEqual(codesOf(await icd10(t, "emam")), []); // inside a word: no
  assert.deepEqual(codesOf(await icd10(t, "fever")), ["A01.0", "A90", "R50.9"]);
  assert.deepEqual(codesOf(await icd10(t, "a0")), ["A01.0", "A09"]);

  // the ICD list searches the Indonesian name too, and shows it as a column
  const list = await t.json("/api/icd?draw=1&search[value]=demam");
  assert.deepEqual(list.body.data.map((x: Row) => x.code).sort(), ["A01.0", "A90", "R50.9"]);
  const page = await (await t.req("/icd")).text();
  assert.match(page, /Deskripsi \(Indonesia\)/);
  assert.match(page, /Excel \.xlsx atau CSV/);
});

Deno.test("icd: a file without Indonesian names keeps those stored; one with the column sets them", async () => {
  await using t = await setup();
  let r = await t.upload("/api/icd/import", "who.csv", BILINGUAL);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  // the SATUSEHAT list (CODE,STR,SAB) again: its wording of the English name, no Indonesian
  r = await t.upload(
    "/api/icd/import",
    "satusehat.xlsx",
    writeXlsx([["CODE", "STR", "SAB"], ["A01.0", "Typhoid fever", "ICD10_2010"], [
      "A15.0",
      "Tuberculosis of lung, confirmed by sputum microscopy",
      "ICD10_2010",
    ]]),
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.match(r.body.message, /1 baru, 0 diperbarui, 1 tidak berubah/);
  let d = await byCode(t);
  assert.equal(d["A01.0"].desc_indo, "Demam tifoid");
  assert.equal(d["A15.0"].desc_indo, "");
  assert.deepEqual(codesOf(await icd10(t, "demam tif")), ["A01.0"]);
  // a file with the column says what each name is, an empty cell included
  r = await t.upload(
    "/api/icd/import",
    "fix.xlsx",
    writeXlsx([["kode", "nama_en", "nama_id"], ["A01.0", "Typhoid fever", ""], [
      "A15.0",
      "Tuberculosis of lung, confirmed by sputum microscopy",
      "Tuberkulosis paru, dikonfirmasi dengan mikroskop dahak",
    ]]),
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  d = await byCode(t);
  assert.equal(d["A01.0"].desc_indo, "");
  assert.deepEqual(codesOf(await icd10(t, "paru")), ["A15.0"]);
  assert.deepEqual(codesOf(await icd10(t, "demam tif")), []);
  // the form edits it like any field
  r = await t.post("/api/icd/update", {
    id: d["A01.0"]._id,
    kind: "icd10",
    code: "A01.0",
    code2: "A010",
    desc: "Typhoid fever",
    desc_indo: "Demam  tifoid ",
    _version: String(d["A01.0"]._version ?? ""),
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.data.desc_indo, "Demam tifoid");
  // a file of another type is refused naming both it takes
  r = await t.upload("/api/icd/import", "icd.txt", "kode,nama_en\nA00,Cholera\n");
  assert.equal(r.status, 400);
  assert.match(r.body.message, /Berkas harus \.xlsx atau CSV \(bukan \.txt\)/);
});

Deno.test("icd: tidyName spaces an Indonesian name as staff write it", () => {
  assert.equal(tidyName("Demam , tidak spesifik"), "Demam, tidak spesifik");
  assert.equal(tidyName("Esensial ( primer) hipertensi"), "Esensial (primer) hipertensi");
  assert.equal(tidyName(" Fatty ( perubahan ) hati , lain "), "Fatty (perubahan) hati, lain");
  assert.equal(tidyName("Non - insulin-dependent"), "Non - insulin-dependent");
  assert.equal(tidyName(""), "");
});

Deno.test("icd lookup: the whole bilingual list imports; Indonesian words found, prefilter exact", async () => {
  const csv = await Deno.readFile(fixture("icd10/icd10_who_en_id_fendis0709.csv"));
  await using t = await setup();
  const r = await t.upload("/api/icd/import", "icd10_who_en_id_fendis0709.csv", csv);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.created, 10_469);
  // 59 names hold 'demam', in code order 20 a page: A01.0 on the first, A90 on the second
  const page = async (n: number) =>
    codesOf((await t.json(`/api/icd/select2-icd10?q=demam&page=${n}`)).body.results);
  const [first, second] = [await page(1), await page(2)];
  assert.ok(first.includes("A01.0"), `${first}`);
  assert.ok(second.includes("A90"), `${second}`);
  // (the list's own wording: scarlet fever A38 is 'Demam berdarah' too)
  assert.deepEqual(codesOf(await icd10(t, "demam berdarah")).slice(0, 3), ["A38", "A90", "A91"]);

  // the lookup's prefilter never drops a match the plain check finds, in either language
  const index = new MemIndex(["code", "code2", "desc", "desc_indo", "kind"]);
  for (const [i, [code, desc, indo]] of readTable(csv, "csv", 50_000).rows.entries()) {
    const _id = String(i).padStart(6, "0");
    const value = { _id, code, code2: otherForm(code), desc, desc_indo: tidyName(indo) };
    index.put(_id, { value: { ...value, kind: "icd10" }, versionstamp: "1" });
  }
  const run = (search: string, prefilter?: (q: string) => string[]) =>
    index.query({
      search,
      searchFields: ["code", "code2", "desc", "desc_indo"],
      where: { kind: "icd10" },
      match: icdMatch,
      prefilter,
      order: [{ field: "code", dir: "asc" }],
    }).rows.map((r) => r.value._id);
  const queries = ["demam", "demam berd", "berdarah demam", "sirosis hati", "tidak spes", "gagal"];
  for (const q of [...queries, "ginjal akut", "kolera", "fever", "a0", "a010", "zzz", "("]) {
    const plain = run(q);
    assert.deepEqual(run(q, icdNeedles), plain, q);
    if (!["zzz", "("].includes(q)) assert.ok(plain.length > 0, q);
  }
});
