import assert from "node:assert/strict";
import { writeXlsx } from "../lib/resource/spreadsheet.ts";
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
  assert.equal(r.body.message, "Harap pilih file .xlsx atau CSV terlebih dahulu.");
});
