import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import { writeXlsx } from "../lib/resource/spreadsheet.ts";
import { dtQuery, setup } from "./helpers.ts";

/**
 * The Indonesian header row of every import's .xlsx template (the import reads these headers),
 * in sidebar order: every resource with an import.
 */
const TEMPLATES: Record<string, string[]> = {
  pasien: [
    "No. ERM",
    "Nama Depan",
    "Nama Belakang",
    "Jenis Kelamin",
    "Tanggal Lahir",
    "Telepon",
    "No. Kartu BPJS",
    "NIK",
    "Kelurahan",
    "Alamat",
    "Kode Pos",
  ],
  room: ["Nama", "Deskripsi", "Kelas"],
  inacbg: ["Kode", "Deskripsi", "CMG", "Tipe Kasus", "Severity"],
  inatarif: [
    "Regional",
    "Kelas RS",
    "Kepemilikan",
    "Jenis Rawat",
    "Kode INA-CBG",
    "Deskripsi",
    "Tarif Kelas 3",
    "Tarif Kelas 2",
    "Tarif Kelas 1",
  ],
  icd: ["Kode", "Kode 2", "Deskripsi", "Deskripsi (Indonesia)", "Jenis"],
  "disputed-claim": ["Kode ICD", "Keyword", "Rekomendasi", "Sumber"],
  province: ["Kode", "Nama"],
  regency: ["Kode", "Nama", "Provinsi"],
  district: ["Kode", "Nama", "Kabupaten/Kota"],
  village: ["Kode", "Nama", "Kecamatan"],
  user: [
    "Nama Lengkap",
    "Email",
    "Telepon",
    "Username",
    "Jenis Kelamin",
    "Peran",
    "NIK",
    "Password",
  ],
  doctor: [
    "Gelar Depan",
    "Nama Depan",
    "Nama Belakang",
    "Gelar Belakang",
    "Telepon",
    "Jenis Kelamin",
    "DPJP",
    "IGD",
    "Approval",
  ],
};

const GUIDE_HEAD = ["Kolom", "Wajib diisi", "Nilai yang diperbolehkan"];

/** The 'Petunjuk' sheet of two templates, row by row (column, required, allowed values). */
const GUIDES: Record<string, string[][]> = {
  pasien: [
    GUIDE_HEAD,
    ["No. ERM", "Ya", "Teks, paling banyak 30 karakter."],
    ["Nama Depan", "Ya", "Teks, paling banyak 100 karakter."],
    ["Nama Belakang", "Tidak", "Teks, paling banyak 100 karakter."],
    ["Jenis Kelamin", "Tidak", "Salah satu dari: L (Laki-laki), P (Perempuan)."],
    [
      "Tanggal Lahir",
      "Tidak",
      "Tanggal DD-MM-YYYY (mis. 31-01-1980), DD/MM/YYYY, YYYY-MM-DD atau sel tanggal Excel.",
    ],
    ["Telepon", "Tidak", "Angka saja; boleh diawali +, dipisah spasi, - atau tanda kurung."],
    ["No. Kartu BPJS", "Tidak", "13 angka."],
    ["NIK", "Tidak", "16 angka (KTP/KK)."],
    ["Kelurahan", "Tidak", "Kode Kelurahan yang sudah ada di aplikasi."],
    ["Alamat", "Tidak", "Teks, paling banyak 500 karakter."],
    ["Kode Pos", "Tidak", "Teks."],
  ],
  village: [
    GUIDE_HEAD,
    ["Kode", "Ya", "Teks, paling banyak 20 karakter."],
    ["Nama", "Ya", "Teks, paling banyak 200 karakter."],
    ["Kecamatan", "Ya", "Kode Kecamatan yang sudah ada di aplikasi."],
  ],
  doctor: [
    GUIDE_HEAD,
    ["Gelar Depan", "Tidak", "Teks, paling banyak 30 karakter."],
    ["Nama Depan", "Ya", "Teks, paling banyak 100 karakter."],
    ["Nama Belakang", "Tidak", "Teks, paling banyak 100 karakter."],
    ["Gelar Belakang", "Tidak", "Teks, paling banyak 60 karakter."],
    ["Telepon", "Tidak", "Angka saja; boleh diawali +, dipisah spasi, - atau tanda kurung."],
    ["Jenis Kelamin", "Tidak", "Salah satu dari: L (Laki-laki), P (Perempuan)."],
    [
      "DPJP",
      "Tidak",
      "ya atau tidak (kosong: tidak, atau tetap seperti tersimpan). " +
      "Dapat dipilih sebagai DPJP kunjungan rawat inap.",
    ],
    [
      "IGD",
      "Tidak",
      "ya atau tidak (kosong: tidak, atau tetap seperti tersimpan). Dapat dipilih sebagai dokter IGD.",
    ],
    ["Approval", "Tidak", "ya atau tidak (kosong: tidak, atau tetap seperti tersimpan)."],
  ],
};

/** A workbook's sheets by name, each as rows of cells. */
const sheets = (bytes: Uint8Array) => {
  const wb = XLSX.read(bytes, { type: "array" });
  return Object.fromEntries(
    wb.SheetNames.map((n) => [n, XLSX.utils.sheet_to_json<string[]>(wb.Sheets[n], { header: 1 })]),
  );
};

const template = async (t: Awaited<ReturnType<typeof setup>>, name: string) =>
  sheets(new Uint8Array(await (await t.req(`/api/${name}/template`)).arrayBuffer()));

Deno.test("import templates: each is an .xlsx with the Indonesian header row and a 'Petunjuk' sheet", async () => {
  await using t = await setup();
  for (const [name, headers] of Object.entries(TEMPLATES)) {
    const res = await t.req(`/api/${name}/template`);
    assert.equal(res.status, 200, name);
    assert.equal(
      res.headers.get("content-type"),
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      name,
    );
    assert.equal(
      res.headers.get("content-disposition"),
      `attachment; filename="template-${name}.xlsx"`,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    assert.deepEqual([...bytes.subarray(0, 2)], [0x50, 0x4b], `${name}: a zip (xlsx)`);
    const book = sheets(bytes);
    assert.deepEqual(Object.keys(book), ["Data", "Petunjuk"], name);
    assert.deepEqual(book.Data, [headers], name);
    // one guide row per column, in the same order, each saying whether it is required
    const guide = book.Petunjuk;
    assert.deepEqual(guide[0], GUIDE_HEAD, name);
    assert.deepEqual(guide.slice(1).map((r) => r[0]), headers, name);
    for (const r of guide.slice(1)) {
      assert.ok(["Ya", "Tidak"].includes(r[1]) && r[2]?.length > 4, `${name}: ${r}`);
    }
    if (GUIDES[name]) assert.deepEqual(guide, GUIDES[name], name);
  }
  // the template needs a session like every other call
  assert.equal((await t.app.request("/api/icd/template")).status, 401);
});

/** One row for each template, by its Indonesian header (blank where not given). */
const ROWS: Record<string, Record<string, string>> = {
  province: { Kode: "91", Nama: "Papua Uji" },
  regency: { Kode: "91.01", Nama: "Kabupaten Uji", Provinsi: "91" },
  district: { Kode: "91.01.01", Nama: "Distrik Uji", "Kabupaten/Kota": "91.01" },
  village: { Kode: "91.01.01.2001", Nama: "Kampung Uji", Kecamatan: "91.01.01" },
  pasien: {
    "No. ERM": "000123",
    "Nama Depan": "Siti",
    "Nama Belakang": "Aminah",
    "Jenis Kelamin": "P",
    "Tanggal Lahir": "01-01-1980",
  },
  room: { Nama: "Melati", Kelas: "Kelas Uji" },
  inacbg: { Kode: "A-4-10-I", Deskripsi: "DEMAM BERDARAH RINGAN", Severity: "I" },
  inatarif: {
    Regional: "1",
    "Kelas RS": "CP",
    "Kode INA-CBG": "A-4-10-I",
    Deskripsi: "DEMAM BERDARAH RINGAN",
    "Tarif Kelas 3": "3000000",
    "Tarif Kelas 2": "3495000",
    "Tarif Kelas 1": "3990000",
  },
  icd: {
    Kode: "A00.0",
    "Kode 2": "A000",
    Deskripsi: "Cholera due to Vibrio cholerae 01",
    "Deskripsi (Indonesia)": "Kolera",
  },
  "disputed-claim": {
    "Kode ICD": "J18.9",
    Keyword: "pneumonia tanpa foto toraks",
    Rekomendasi: "Lampirkan hasil foto toraks",
    Sumber: "BA Dispute 2024",
  },
  user: {
    "Nama Lengkap": "Budi Petugas",
    Email: "budi@rs.test",
    Username: "budi",
    Peran: "casemix",
    Password: "sandi-budi-panjang-123",
  },
  doctor: { "Gelar Depan": "dr.", "Nama Depan": "Budi", "Nama Belakang": "Santoso", DPJP: "ya" },
};

Deno.test("import templates: every template filled with one row under its headers imports it", async () => {
  await using t = await setup();
  const cls = await t.post("/api/class-room/update", {
    id: "",
    name: "Kelas Uji",
    classtype: "third",
  });
  assert.equal(cls.status, 200, JSON.stringify(cls.body));
  assert.deepEqual(Object.keys(ROWS).sort(), Object.keys(TEMPLATES).sort());
  for (const [name, row] of Object.entries(ROWS)) {
    const headers = (await template(t, name)).Data[0];
    const file = writeXlsx([headers, headers.map((h) => row[h] ?? "")]);
    const r = await t.upload(`/api/${name}/import`, `${name}.xlsx`, file);
    assert.equal(r.status, 200, `${name}: ${JSON.stringify(r.body)}`);
    assert.equal(r.body.created, 1, name);
  }
  const icd = await t.json(
    `/api/icd?${dtQuery(["code", "code2", "desc"], { search: "cholerae" })}`,
  );
  assert.deepEqual(icd.body.data.map((d: { code: string; kind: string }) => [d.code, d.kind]), [
    ["A00.0", "icd10"],
  ]);
  const pasien = await t.json(`/api/pasien?${dtQuery(["erm", "fullname"], { search: "000123" })}`);
  assert.equal(pasien.body.recordsFiltered, 1);
  const p = pasien.body.data[0];
  assert.deepEqual([p.fullname, p.tgl_lahir, p.gender], ["Siti Aminah", "1980-01-01", "P"]);
  const village = await t.json(`/api/village?${dtQuery(["kode", "desc"], { search: "91.01" })}`);
  assert.deepEqual(village.body.data.map((v: { desc: string }) => v.desc), ["Kampung Uji"]);
  const doctor = await t.json(`/api/doctor?${dtQuery(["fullname"], { search: "santoso" })}`);
  assert.deepEqual([doctor.body.data[0].fullname, doctor.body.data[0].dpjp], [
    "dr. Budi Santoso",
    true,
  ]);
});
