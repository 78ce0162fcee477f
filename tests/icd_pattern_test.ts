import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import { icdKindOf } from "../lib/ipd/icd_pattern.ts";
import { writeXlsx } from "../lib/resource/spreadsheet.ts";
import { setup } from "./helpers.ts";
import { fixture } from "./fixtures/mod.ts";

/** A code list's rows (tests/fixtures), every cell as text. */
async function rows(path: string): Promise<Record<string, string>[]> {
  const text = new TextDecoder().decode(await Deno.readFile(fixture(path)));
  const wb = XLSX.read(text, { type: "string", raw: true, dense: true });
  return XLSX.utils.sheet_to_json(wb.Sheets[wb.SheetNames[0]], { raw: true, defval: "" });
}

Deno.test("icd patterns: every code of the shared ICD-10 and ICD-9-CM lists has its kind's form", async () => {
  const lists: [string, string, "icd10" | "icd9", boolean, number][] = [
    ["icd10/icd10_2010_satusehat.csv", "CODE", "icd10", false, 18_549],
    ["icd10/icd10_who_en_id_fendis0709.csv", "kode", "icd10", false, 10_469],
    ["icd9cm/icd9cm_v32_cms_procedures.csv", "kode", "icd9", false, 3_882],
    ["icd9cm/icd9cm_v32_cms_procedures.csv", "kode_tanpa_titik", "icd9", true, 3_882],
  ];
  for (const [path, column, kind, dotless, count] of lists) {
    const codes = (await rows(path)).map((r) => r[column]);
    assert.equal(codes.length, count, path);
    const off = codes.filter((c) => icdKindOf(c, dotless) !== kind);
    assert.deepEqual(off, [], `${path} ${column}`);
  }
  // the hostile and the malformed: neither kind
  for (
    const code of [
      "'; DROP TABLE kv;--",
      "../../A01",
      "A01/../..",
      "A01 ",
      "a01.0",
      "A0",
      "A01.",
      "A01.123",
      "A01.0\u202e",
      "AB1",
      "4",
      "45.",
      "45.123",
      "451.3",
    ]
  ) assert.equal(icdKindOf(code), null, code);
});

type T = Awaited<ReturnType<typeof setup>>;

/** Every stored ICD record with its versionstamp: what a request wrote. */
async function stored(t: T): Promise<string[]> {
  const out: string[] = [];
  for await (const e of t.store.kv.list({ prefix: [] })) {
    if (String(e.key[0]).startsWith("icd")) out.push(`${JSON.stringify(e.key)}@${e.versionstamp}`);
  }
  return out;
}

Deno.test("icd: a code off its kind's pattern is refused by the form and by the import, naming the field or line, storing nothing", async () => {
  await using t = await setup();
  let r = await t.post("/api/icd/update", { id: "", kind: "icd10", code: "A09.9", desc: "Diare" });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const before = await stored(t);
  assert.ok(before.length > 0);

  const form: [Record<string, string>, string, RegExp][] = [
    [{ kind: "icd10", code: "'; DROP TABLE kv;--" }, "code", /^Kode "'; DROP TABLE kv;--" bukan/],
    [{ kind: "icd10", code: "../../A01" }, "code", /^Kode "\.\.\/\.\.\/A01" bukan kode ICD-10/],
    [{ kind: "icd9", code: "A01.0" }, "code", /^Kode "A01\.0" bukan kode ICD-9-CM \(2 angka/],
    [{ kind: "icd10", code: "45.13" }, "code", /^Kode "45\.13" bukan kode ICD-10 \(1 huruf/],
    [{ kind: "icd10", code: "A01.0", code2: "../A010" }, "code2", /^Kode 2 "\.\.\/A010" bukan/],
    [{ kind: "icd10", code: "A01.0", code2: "4513" }, "code2", /^Kode 2 "4513" bukan kode ICD-10/],
  ];
  for (const [fields, field, re] of form) {
    r = await t.post("/api/icd/update", { id: "", desc: "Uji", ...fields });
    assert.equal(r.status, 400, JSON.stringify([fields, r.body]));
    assert.match(r.body.message, re);
    assert.equal(r.body.field, field, JSON.stringify(r.body));
    assert.deepEqual(await stored(t), before);
  }
  // an edit of the stored record to a hostile code: refused, the record as it was
  const row = (await t.json("/api/icd?length=10")).body.data[0];
  r = await t.post("/api/icd/update", {
    id: row._id,
    kind: "icd10",
    code: "A09.9'--",
    desc: "Diare",
    _version: row._version,
  });
  assert.equal(r.status, 400);
  assert.equal(r.body.field, "code");
  assert.deepEqual(await stored(t), before);

  // the import, as .xlsx and as CSV: each bad line named, nothing stored
  const table = [
    ["code", "desc", "kind"],
    ["A00.0", "Cholera", ""],
    ["'; DROP TABLE kv;--", "Jahat", ""],
    ["../../A01", "Jahat", "icd10"],
    ["45.13", "Small bowel endoscopy", "icd10"],
  ];
  const csv = table.map((cells) => cells.map((c) => `"${c}"`).join(",")).join("\n");
  for (const [name, bytes] of [["icd.xlsx", writeXlsx(table)], ["icd.csv", csv]] as const) {
    r = await t.upload("/api/icd/import", name, bytes);
    assert.equal(r.status, 400, JSON.stringify(r.body));
    assert.match(r.body.message, /^Impor dibatalkan, tidak ada data yang disimpan\. 3 kesalahan:/);
    assert.match(r.body.message, /Baris 3: Kode "'; DROP TABLE kv;--" bukan kode ICD-10/);
    assert.match(r.body.message, /Baris 4: Kode "\.\.\/\.\.\/A01" bukan kode ICD-10/);
    assert.match(r.body.message, /Baris 5: Kode "45\.13" bukan kode ICD-10/);
    assert.deepEqual(await stored(t), before);
  }
  // lower case is read as the code it is (stored in capitals)
  r = await t.post("/api/icd/update", { id: "", kind: "icd10", code: "j18.90", desc: "CAP" });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual([r.body.data.code, r.body.data.code2], ["J18.90", "J1890"]);
});
