import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import { writeXlsx } from "../lib/resource/spreadsheet.ts";
import { dtQuery, setup } from "./helpers.ts";

/** The header row each .xlsx import template must carry (the import accepts these names). */
const TEMPLATES: Record<string, string[]> = {
  pasien: [
    "erm",
    "first_name",
    "last_name",
    "gender",
    "tgl_lahir",
    "phone",
    "nomor_kartu",
    "nik",
    "village",
    "address",
    "postalCode",
  ],
  room: ["name", "desc", "classroom"],
  inacbg: ["kode", "deskripsi", "cmg", "case_type", "severity"],
  inatarif: [
    "regional",
    "kelas_rs",
    "kepemilikan",
    "jenis_rawat",
    "kode_inacbg",
    "desc_inacbg",
    "tarif_kelas_3",
    "tarif_kelas_2",
    "tarif_kelas_1",
  ],
  icd: ["code", "code2", "desc", "desc_indo", "kind"],
  "disputed-claim": ["kode_icd", "keyword", "rekomendasi", "sumber"],
  doctor: [
    "front_title",
    "first_name",
    "last_name",
    "last_title",
    "phone",
    "gender",
    "dpjp",
    "igd",
    "approval",
  ],
};

/** The template's sheet as rows of cells. */
const sheetRows = (bytes: Uint8Array) => {
  const wb = XLSX.read(bytes, { type: "array" });
  return XLSX.utils.sheet_to_json<string[]>(wb.Sheets[wb.SheetNames[0]], { header: 1 });
};

Deno.test("import templates: each .xlsx template is a real workbook with only the header row", async () => {
  await using t = await setup();
  for (const [name, headers] of Object.entries(TEMPLATES)) {
    const res = await t.req(`/api/${name}/template`);
    assert.equal(res.status, 200, name);
    assert.equal(
      res.headers.get("content-type"),
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    assert.equal(
      res.headers.get("content-disposition"),
      `attachment; filename="template-${name}.xlsx"`,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    assert.deepEqual([...bytes.subarray(0, 2)], [0x50, 0x4b], `${name}: a zip (xlsx)`);
    assert.deepEqual(sheetRows(bytes), [headers], name);
  }
  // the template needs a session like every other call
  assert.equal((await t.app.request("/api/icd/template")).status, 401);
});

Deno.test("import templates: a template filled with one row imports that row", async () => {
  await using t = await setup();
  const rows: Record<string, Record<string, string>> = {
    icd: {
      code: "A00.0",
      code2: "A000",
      desc: "Cholera due to Vibrio cholerae 01",
      desc_indo: "Kolera",
      kind: "",
    },
    "disputed-claim": {
      kode_icd: "J18.9",
      keyword: "pneumonia tanpa foto toraks",
      rekomendasi: "Lampirkan hasil foto toraks",
      sumber: "BA Dispute 2024",
    },
    pasien: {
      erm: "000123",
      first_name: "Siti",
      last_name: "Aminah",
      gender: "P",
      tgl_lahir: "01-01-1980",
      phone: "",
    },
    doctor: { first_name: "Budi", last_name: "Santoso", front_title: "dr.", gender: "L" },
  };
  for (const [name, row] of Object.entries(rows)) {
    const headers = sheetRows(
      new Uint8Array(await (await t.req(`/api/${name}/template`)).arrayBuffer()),
    )[0];
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
  assert.equal(pasien.body.data[0].fullname, "Siti Aminah");
});
