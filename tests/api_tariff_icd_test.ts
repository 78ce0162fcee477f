import { join } from "node:path";
import { SHARED_DATA } from "../bench/shared_data.ts";
import assert from "node:assert/strict";
import { MemIndex } from "../lib/index/index.ts";
import { readTable, writeXlsx } from "../lib/resource/spreadsheet.ts";
import { icdMatch, icdNeedles, otherForm } from "../resources/icd.ts";
import { setup, versionOf } from "./helpers.ts";

type T = Awaited<ReturnType<typeof setup>>;
type Row = Record<string, unknown> & { _id: string };

const TARIF = {
  id: "",
  regional: "1",
  kelas_rs: "AP",
  kode: "A-4-10-I",
  desc: "SEPTIKEMIA (RINGAN)",
};
/** The edit form sends each class twice: formatted text and the plain number. */
const RS = {
  tarif_RS_Kelas3: "Rp 3.702.300",
  tarif_RS_Kelas2: "Rp 4.313.200",
  tarif_RS_Kelas1: "Rp 4.924.100",
};
const RAW = { tarif_Kelas3: "3702300", tarif_Kelas2: "4313200", tarif_Kelas1: "4924100" };
const STORED = { tarif_kelas_3: 3702300, tarif_kelas_2: 4313200, tarif_kelas_1: 4924100 };

const pick = (o: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, o[k]]));

async function tariffs(t: T, query = ""): Promise<Row[]> {
  const r = await t.json(`/api/inatarif?length=1000&${query}`);
  assert.equal(r.status, 200);
  return r.body.data;
}

Deno.test("tariff form: rupiah text or plain numbers, stored as kode_inacbg/desc_inacbg/tarif_kelas_N", async () => {
  await using t = await setup();
  for (
    const [regional, money] of [
      ["1", RS],
      ["2", RAW],
      ["3", { ...RS, ...RAW }],
      // the plain number wins when both are sent (it is what the money input holds)
      ["4", { ...RAW, tarif_RS_Kelas3: "Rp 1", tarif_RS_Kelas2: "", tarif_RS_Kelas1: "Rp 2" }],
    ] as const
  ) {
    const r = await t.post("/api/inatarif/update", { ...TARIF, regional, ...money });
    assert.equal(r.status, 200, `${regional}: ${JSON.stringify(r.body)}`);
    const d = r.body.data;
    assert.deepEqual(
      pick(d, ["regional", "kelas_rs", "kode_inacbg", "desc_inacbg", ...Object.keys(STORED)]),
      { regional, kelas_rs: "AP", kode_inacbg: "A-4-10-I", desc_inacbg: TARIF.desc, ...STORED },
    );
    for (const form of ["kode", "desc", "tarif_RS_Kelas3", "tarif_Kelas3"]) {
      assert.equal(form in d, false, form);
    }
  }
  assert.equal((await tariffs(t)).length, 4);

  // an edit through the same form fields
  const id = (await tariffs(t, "regional=1"))[0]._id;
  const r = await t.post("/api/inatarif/update", {
    ...TARIF,
    id,
    _version: await versionOf(t, "inatarif", id),
    kode: "a-4-10-ii",
    desc: "SEPTIKEMIA (SEDANG)",
    tarif_RS_Kelas3: "Rp 6.323.900",
    tarif_Kelas3: "6323900",
    tarif_RS_Kelas2: "Rp 7.367.300",
    tarif_Kelas2: "7367300",
    tarif_RS_Kelas1: "Rp 8.410.800",
    tarif_Kelas1: "8410800",
  });
  assert.equal(r.status, 200);
  assert.deepEqual(pick(r.body.data, ["_id", "kode_inacbg", "tarif_kelas_3", "tarif_kelas_1"]), {
    _id: id,
    kode_inacbg: "A-4-10-II",
    tarif_kelas_3: 6323900,
    tarif_kelas_1: 8410800,
  });

  // a tariff that is not a number, or missing, is refused and names the field
  let bad = await t.post("/api/inatarif/update", {
    ...TARIF,
    regional: "5",
    ...RS,
    tarif_RS_Kelas2: "empat juta",
  });
  assert.equal(bad.status, 400);
  assert.match(bad.body.message, /Tarif Kelas 2 harus berupa rupiah bulat/);
  bad = await t.post("/api/inatarif/update", { ...TARIF, regional: "5", ...RAW, tarif_Kelas1: "" });
  assert.equal(bad.status, 400);
  assert.match(bad.body.message, /Tarif Kelas 1 wajib diisi/);
  bad = await t.post("/api/inatarif/update", {
    ...TARIF,
    regional: "5",
    ...RAW,
    tarif_Kelas1: "-5",
  });
  assert.equal(bad.status, 400);
  assert.match(bad.body.message, /Tarif Kelas 1 tidak boleh negatif/);
  assert.equal((await tariffs(t)).length, 4);
});

Deno.test("tariff: options per class, select2 filtered by regional and kelas_rs, (regional, kelas_rs, kode) unique", async () => {
  await using t = await setup();
  const save = async (f: Record<string, string>) =>
    await t.post("/api/inatarif/update", { ...TARIF, ...RAW, ...f });
  const a = (await save({})).body.data;
  assert.equal((await save({ regional: "2" })).status, 200); // same code, other regional
  assert.equal((await save({ kelas_rs: "BP" })).status, 200); // same code, other hospital class
  assert.equal((await save({ kode: "A-4-11-I", desc: "INFEKSI" })).status, 200);
  const dup = await save({ kode: "a-4-10-i", desc: "lagi" });
  assert.equal(dup.status, 409);
  assert.match(dup.body.message, /Regional, kelas RS dan kode "Regional 1 · AP · A-4-10-I"/);
  const dupEdit = await save({ id: (await tariffs(t, "regional=2"))[0]._id, regional: "1" });
  assert.equal(dupEdit.status, 409);
  assert.equal((await tariffs(t)).length, 4);

  // no description: taken from the INA-CBG group list when the code is there
  let r = await save({ kode: "A-4-12-I", desc: "" });
  assert.equal(r.body.data.desc_inacbg, "");
  const g = await t.post("/api/inacbg/update", {
    id: "",
    kode: "A-4-13-I",
    deskripsi: "ENDOKARDITIS",
  });
  assert.equal(g.status, 200);
  r = await save({ kode: "a-4-13-i", desc: "" });
  assert.equal(r.body.data.desc_inacbg, "ENDOKARDITIS");
  r = await save({ kode: "A-4-13-I", desc: "Sendiri", regional: "2" });
  assert.equal(r.body.data.desc_inacbg, "Sendiri");
  for (const x of await tariffs(t, "search[value]=a-4-1")) {
    if (/A-4-1[23]/.test(String(x.kode_inacbg))) {
      await t.json(`/api/inatarif/delete/${x._id}`, { method: "DELETE" });
    }
  }

  const one = await t.json(`/api/inatarif/${a._id}`);
  assert.equal(one.status, 200);
  assert.deepEqual(
    [...one.body].sort((x: { id: string }, y: { id: string }) => x.id.localeCompare(y.id)),
    [
      { id: "first", text: "Kelas 1 - Rp 4.924.100", value: 4924100 },
      { id: "second", text: "Kelas 2 - Rp 4.313.200", value: 4313200 },
      { id: "third", text: "Kelas 3 - Rp 3.702.300", value: 3702300 },
    ],
  );
  assert.equal((await t.json("/api/inatarif/01HZZZZZZZZZZZZZZZZZZZZZZZ")).status, 404);

  const sel = async (q: string) =>
    (await t.json(`/api/inatarif/select2?${q}`)).body.results.map((o: { text: string }) => o.text);
  assert.deepEqual(await sel("regional=1&kelas_rs=AP"), [
    "A-4-10-I - SEPTIKEMIA (RINGAN)",
    "A-4-11-I - INFEKSI",
  ]);
  assert.deepEqual(await sel("regional=1&kelas_rs=AP&q=infeksi"), ["A-4-11-I - INFEKSI"]);
  assert.deepEqual(await sel("regional=1&kelas_rs=BP"), ["A-4-10-I - SEPTIKEMIA (RINGAN)"]);
  assert.deepEqual(await sel("regional=3&kelas_rs=AP"), []);
  assert.equal((await sel("q=a-4-10")).length, 3);
  // the table takes the same filters
  assert.equal((await tariffs(t, "regional=1")).length, 3);
  assert.equal((await tariffs(t, "regional=1&kelas_rs=AP")).length, 2);
});

const HEAD = [
  "kode_inacbg",
  "deskripsi",
  "regional",
  "kelas_rs",
  "kepemilikan",
  "jenis_rawat",
  "tarif_kelas1",
  "tarif_kelas2",
  "tarif_kelas3",
];

Deno.test("tariff import: kelas + kepemilikan → code, class ratio warnings (inpatient only), description from the group list", async () => {
  await using t = await setup();
  const g = await t.post("/api/inacbg/update", {
    id: "",
    kode: "A-4-10-I",
    deskripsi: "SEPTIKEMIA (RINGAN)",
  });
  assert.equal(g.status, 200);

  const file = writeXlsx([
    HEAD,
    // official values: no warning
    ["A-4-10-I", "", "1", "A", "SWASTA", "INAP", 4924100, 4313200, 3702300],
    // kelas 2 off by exactly Rp 100 from the rounded value: still fine
    ["A-4-10-III", "SEPTIKEMIA (BERAT)", 1, "A", "Swasta", "INAP", 11340400, 9933600, 8526600],
    // kelas 2 far off: imported with a warning
    ["A-4-11-I", "INFEKSI", 1, "A", "SWASTA", "INAP", 6540500, 5000000, 4917700],
    // kelas 1 off by Rp 101
    ["A-4-11-II", "INFEKSI (SEDANG)", 1, "A", "PEMERINTAH", "", 8410901, 7367300, 6323900],
    // outpatient: the same value in every class is normal
    ["B-2-10-0", "PROSEDUR PADA HATI", 5, "D", "SWASTA", "JALAN", 2482800, 2482800, 2482800],
    ["Q-5-44-0", "", 5, "DS", "", "", 250000, 250000, 250000],
  ]);
  let r = await t.upload("/api/inatarif/import", "tarif.xlsx", file);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.created, 6);
  assert.equal(r.body.warnings.length, 2);
  assert.match(r.body.warnings[0], /^Baris 4: A-4-11-I: tarif kelas 2 tidak sesuai pola resmi/);
  assert.match(r.body.warnings[1], /^Baris 5: A-4-11-II: tarif kelas 1 tidak sesuai pola resmi/);
  assert.match(r.body.message, /Peringatan \(2 baris, tetap diimpor\):\nBaris 4: A-4-11-I/);

  const rows = Object.fromEntries((await tariffs(t)).map((d) => [d.kode_inacbg, d]));
  assert.deepEqual(
    pick(rows["A-4-10-I"], ["regional", "kelas_rs", "desc_inacbg", "tarif_kelas_3"]),
    { regional: "1", kelas_rs: "AS", desc_inacbg: "SEPTIKEMIA (RINGAN)", tarif_kelas_3: 3702300 },
  );
  assert.equal(rows["A-4-11-II"].kelas_rs, "AP");
  assert.equal(rows["A-4-11-I"].tarif_kelas_2, 5000000);
  assert.equal(rows["B-2-10-0"].kelas_rs, "DS");
  assert.equal(rows["Q-5-44-0"].desc_inacbg, ""); // not in the group list
  assert.equal(rows["Q-5-44-0"].jenis_rawat, "JALAN");

  // the same file again: matched on (regional, kelas_rs, kode), nothing new
  r = await t.upload("/api/inatarif/import", "tarif.xlsx", file);
  assert.equal(r.status, 200);
  assert.deepEqual([r.body.created, r.body.updated, r.body.unchanged], [0, 0, 6]);
});

Deno.test("tariff import: a non-numeric tariff or an unknown owner refuses the file, naming row and field", async () => {
  await using t = await setup();
  let r = await t.upload(
    "/api/inatarif/import",
    "tarif.xlsx",
    writeXlsx([
      HEAD,
      ["A-4-10-I", "X", 1, "A", "SWASTA", "INAP", 4924100, 4313200, 3702300],
      ["A-4-10-II", "X", 1, "A", "SWASTA", "INAP", 8410800, "tujuh juta", 6323900],
      ["A-4-10-III", "X", 1, "B", "", "INAP", 11340400, 9933500, 8526600],
      ["A-4-11-I", "X", 1, "A", "SWASTA", "INAP", 6540500, 5729100, ""],
    ]),
  );
  assert.equal(r.status, 400);
  assert.deepEqual(r.body.errors, [
    "Baris 3: Tarif Kelas 2 harus berupa rupiah bulat 0 sampai 100.000.000.000 (tanpa pecahan).",
    "Baris 4: Kepemilikan wajib diisi (PEMERINTAH atau SWASTA) untuk kelas RS B.",
    "Baris 5: Tarif Kelas 3 wajib diisi dengan angka.",
  ]);
  assert.equal((await tariffs(t)).length, 0);
  r = await t.json("/api/inatarif/import", { method: "POST", body: new FormData() });
  assert.equal(r.body.message, "Harap pilih file .xlsx terlebih dahulu.");
});

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
    code2: "J1890X",
    desc: "CAP",
  });
  assert.equal(r.body.data.code2, "J1890X"); // given: kept
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
      "J18.90": ["icd10", "J1890X"],
    },
  );

  // the same code twice in one kind: 409 (ignoring case); in the other kind: allowed
  r = await t.post("/api/icd/update", { id: "", kind: "icd10", code: "a00.0", desc: "Dup" });
  assert.equal(r.status, 409);
  assert.match(r.body.message, /Kode dan jenis "A00.0 \(ICD-10\)" sudah digunakan/);
  r = await t.post("/api/icd/update", { id: "", kind: "icd9", code: "A00.0", desc: "Other kind" });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  r = await t.post("/api/icd/update", { id: "", kind: "icd9", code: "45.13", desc: "Dup" });
  assert.equal(r.status, 409);
  r = await t.post("/api/icd/update", { id: "", kind: "icd10", code: "45.13", desc: "Other kind" });
  assert.equal(r.status, 200);
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
  assert.equal((await t.json("/api/icd")).body.recordsTotal, 9);
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
  const csv = await Deno.readFile(
    join(SHARED_DATA, "icd10", "icd10_2010_satusehat.csv"),
  );
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
