import assert from "node:assert/strict";
import { fixture } from "./fixtures/mod.ts";
import { MemIndex } from "../lib/index/index.ts";
import { readTable, writeXlsx } from "../lib/resource/spreadsheet.ts";
import { icdMatch, icdNeedles, otherForm } from "../resources/icd.ts";
import { setup } from "./helpers.ts";
import type { Row, T } from "./master_fixtures.ts";

const ICD = [
  ["A00", "Cholera", "icd10"],
  ["A00.0", "Cholera due to Vibrio cholerae 01, biovar cholerae", "icd10"],
  ["A00.1", "Cholera due to Vibrio cholerae 01, biovar eltor", "icd10"],
  ["A00.9", "Cholera, unspecified", "icd10"],
  ["A01.0", "Typhoid fever", "icd10"],
  ["A15.0", "Tuberculosis of lung, confirmed by sputum microscopy", "icd10"],
  ["J18.9", "Pneumonia, unspecified", "icd10"],
  ["J18.90", "Community acquired pneumonia", "icd10"],
  ["K80.2", "Calculus of gallbladder without cholecystitis", "icd10"],
  ["R50.9", "Fever, unspecified", "icd10"],
  ["99.31", "Vaccination against cholera", "icd9"],
  ["87.44", "Routine chest x-ray, so described", "icd9"],
  ["00.01", "Therapeutic ultrasound of vessels of head and neck", "icd9"],
];

/** Imports the small code set; returns ids by code. */
async function seedIcd(t: T): Promise<Record<string, string>> {
  const r = await t.upload(
    "/api/icd/import",
    "icd.xlsx",
    writeXlsx([["code", "desc"], ...ICD.map(([code, desc]) => [code, desc])]),
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const rows: Row[] = (await t.json("/api/icd?length=1000")).body.data;
  return Object.fromEntries(rows.map((d) => [`${d.code}`, d._id]));
}

Deno.test("icd: code2 derived, kind from the code on import, (code, kind) unique", async () => {
  await using t = await setup();
  let r = await t.post("/api/icd/update", {
    id: "",
    kind: "icd10",
    code: "A00.0",
    code2: "",
    desc: "Cholera",
  });
  assert.equal(r.status, 200);
  assert.equal(r.body.data.code2, "A000");
  r = await t.post("/api/icd/update", {
    id: "",
    kind: "icd10",
    code: "J18.90",
    code2: "J18.90",
    desc: "CAP",
  });
  assert.equal(r.body.data.code2, "J18.90"); // given: kept
  r = await t.post("/api/icd/update", { id: "", kind: "icd10", code: "B01", desc: "Varicella" });
  assert.equal(r.body.data.code2, "B01");

  // a file without a kind column (the ICD-9-CM list) and one with blank kind cells
  r = await t.upload(
    "/api/icd/import",
    "icd9.xlsx",
    writeXlsx([
      ["kode", "kode_tanpa_titik", "deskripsi_pendek", "deskripsi_panjang"],
      [
        "00.01",
        "0001",
        "Ther ult head & neck",
        "Therapeutic ultrasound of vessels of head and neck",
      ],
    ]),
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  r = await t.upload(
    "/api/icd/import",
    "icd.xlsx",
    writeXlsx([["CODE", "STR", "SAB"], ["A09", "Diarrhoea", ""], [
      "45.13",
      "Small bowel endoscopy",
      "",
    ], [
      "A01.0",
      "Typhoid fever",
      "ICD10_2010",
    ]]),
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const rows: Row[] = (await t.json("/api/icd?length=1000")).body.data;
  assert.deepEqual(
    Object.fromEntries(rows.map((d) => [d.code, [d.kind, d.code2]])),
    {
      "00.01": ["icd9", "0001"],
      "45.13": ["icd9", "4513"],
      "A00.0": ["icd10", "A000"],
      "A01.0": ["icd10", "A010"],
      "A09": ["icd10", "A09"],
      "B01": ["icd10", "B01"],
      "J18.90": ["icd10", "J18.90"],
    },
  );

  // the same code twice in one kind: 409 (ignoring case); a code of the other kind's pattern: 400
  r = await t.post("/api/icd/update", { id: "", kind: "icd10", code: "a00.0", desc: "Dup" });
  assert.equal(r.status, 409);
  assert.match(r.body.message, /Kode dan jenis "A00.0 \(ICD-10\)" sudah digunakan/);
  r = await t.post("/api/icd/update", { id: "", kind: "icd9", code: "A00.0", desc: "Other kind" });
  assert.equal(r.status, 400, JSON.stringify(r.body));
  assert.match(r.body.message, /^Kode "A00.0" bukan kode ICD-9-CM/);
  r = await t.post("/api/icd/update", { id: "", kind: "icd9", code: "45.13", desc: "Dup" });
  assert.equal(r.status, 409);
  r = await t.post("/api/icd/update", { id: "", kind: "icd10", code: "45.13", desc: "Other kind" });
  assert.equal(r.status, 400);
  // a duplicate inside one import file is named by row
  r = await t.upload(
    "/api/icd/import",
    "icd.xlsx",
    writeXlsx([["code", "desc"], ["Z00", "General exam"], ["z00", "Again"]]),
  );
  assert.equal(r.status, 400);
  assert.match(r.body.message, /Baris 3: Kode dan jenis "Z00 \(ICD-10\)" sudah ada di baris 2/);
  r = await t.post("/api/icd/update", { id: "", kind: "icd11", code: "X", desc: "x" });
  assert.equal(r.status, 400);
  assert.match(r.body.message, /Jenis harus salah satu dari: icd10, icd9/);
  assert.equal((await t.json("/api/icd")).body.recordsTotal, 7);
});

Deno.test("icd lookups: code prefix with or without dot, word prefixes, one kind, chosen ids left out", async () => {
  await using t = await setup();
  const id = await seedIcd(t);
  const codes = async (path: string) => {
    const r = await t.json(path);
    assert.equal(r.status, 200, path);
    return r.body.results.map((o: { text: string }) => o.text.split(" - ")[0]);
  };
  const icd10 = (q: string) => codes(`/api/icd/select2-icd10?q=${encodeURIComponent(q)}`);
  assert.deepEqual(await icd10("a0"), ["A00", "A00.0", "A00.1", "A00.9", "A01.0"]);
  assert.deepEqual(await icd10("A00."), ["A00", "A00.0", "A00.1", "A00.9"]); // dotless: a00
  assert.deepEqual(await icd10("a000"), ["A00.0"]);
  assert.deepEqual(await icd10("j18.9"), ["J18.9", "J18.90"]);
  assert.deepEqual(await icd10("J189"), ["J18.9", "J18.90"]);
  assert.deepEqual(await icd10("chol"), ["A00", "A00.0", "A00.1", "A00.9", "K80.2"]);
  assert.deepEqual(await icd10("vib chol"), ["A00.0", "A00.1"]);
  assert.deepEqual(await icd10("chol  VIB"), ["A00.0", "A00.1"]);
  assert.deepEqual(await icd10("holera"), []); // inside a word: no
  assert.deepEqual(await icd10("fever"), ["A01.0", "R50.9"]);
  assert.deepEqual(await icd10("tuberc lung"), ["A15.0"]);
  assert.deepEqual(await icd10("tuberc liver"), []);
  assert.deepEqual(await icd10("99"), []); // an ICD-9 code is not offered for a diagnosis
  assert.equal((await icd10("")).length, 10);

  const text = await t.json("/api/icd/select2-icd10?q=a00.0");
  assert.deepEqual(text.body.results, [{
    id: id["A00.0"],
    text: "A00.0 - Cholera due to Vibrio cholerae 01, biovar cholerae",
  }]);

  // ids already chosen on the form: repeated diagnosis[] or comma-separated
  const ex = `diagnosis[]=${id["A00.0"]}&diagnosis[]=${id["A00.1"]}`;
  assert.deepEqual(await codes(`/api/icd/select2-icd10?q=chol&${ex}`), ["A00", "A00.9", "K80.2"]);
  assert.deepEqual(
    await codes(`/api/icd/select2-icd10?q=chol&diagnosis=${id["A00"]},${id["K80.2"]}`),
    ["A00.0", "A00.1", "A00.9"],
  );

  const icd9 = (q: string) => codes(`/api/icd/select2-icd9?${q}`);
  assert.deepEqual(await icd9("q=chol"), ["99.31"]);
  assert.deepEqual(await icd9("q=87.4"), ["87.44"]);
  assert.deepEqual(await icd9("q=8744"), ["87.44"]);
  assert.deepEqual(await icd9("q=chest x"), ["87.44"]);
  assert.deepEqual(await icd9("q=a0"), []);
  assert.deepEqual(await icd9(""), ["00.01", "87.44", "99.31"]);
  assert.deepEqual(await icd9(`tindakan=${id["00.01"]},${id["99.31"]}`), ["87.44"]);
  assert.deepEqual(await icd9(`tindakan[]=${id["87.44"]}`), ["00.01", "99.31"]);
  // the diagnosis list does not hide procedures
  assert.deepEqual(await icd9(`q=chol&diagnosis=${id["99.31"]}`), ["99.31"]);

  // the table: 100 a page by default, searched across code, code2 and description
  const list = await t.json("/api/icd?draw=1&search[value]=cholera");
  assert.equal(list.body.recordsFiltered, 5);
  assert.equal((await t.json("/api/icd?draw=1&search[value]=a000")).body.data[0].code, "A00.0");
});

Deno.test("icd lookup: the prefilter never drops a match (full ICD-10 set, many queries)", async () => {
  const csv = await Deno.readFile(fixture("icd10/icd10_2010_satusehat.csv"));
  const table = readTable(csv, "csv", 50_000);
  const index = new MemIndex(["code", "code2", "desc", "kind"]);
  for (const [i, [code, desc]] of table.rows.entries()) {
    const _id = String(i).padStart(6, "0");
    index.put(_id, {
      value: { _id, code, code2: otherForm(code), desc, kind: "icd10" },
      versionstamp: "1",
    });
  }
  const run = (search: string, prefilter?: (q: string) => string[]) =>
    index.query({
      search,
      searchFields: ["code", "code2", "desc"],
      where: { kind: "icd10" },
      match: icdMatch,
      prefilter,
      order: [{ field: "code", dir: "asc" }],
    }).rows.map((r) => r.value._id);
  for (
    const q of [
      "a0",
      "A00.",
      "a000",
      "j18.9",
      "J189",
      "chol",
      "vib chol",
      " chol   vib ",
      "fever",
      "fever unsp",
      "tuberc lung",
      "unspecified",
      "s",
      "e1",
      "e11.9",
      ".",
      "0",
      "(",
      "-",
      "and",
      "non-insulin",
      "o80",
      "z38.0",
      "zzz",
    ]
  ) {
    const plain = run(q);
    assert.deepEqual(run(q, icdNeedles), plain, q);
    if (!["zzz", "(", "-"].includes(q)) assert.ok(plain.length > 0, q);
  }
});
