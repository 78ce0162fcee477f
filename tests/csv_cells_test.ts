import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import { csvCells } from "../lib/resource/csv_cells.ts";
import { fixture } from "./fixtures/mod.ts";

/** SheetJS's reading of CSV text (the oracle), as text cells with empty ones as holes. */
function sheetjs(text: string, sheetRows: number): string[][] {
  const wb = XLSX.read(text, { type: "string", raw: true, dense: true, sheetRows });
  const data = (wb.Sheets[wb.SheetNames[0]]?.["!data"] ?? []) as XLSX.CellObject[][];
  return data.map((r) => (r ?? []).map((c) => String(c.v)));
}

/** Rows with their holes spelled out (assertEquals would take a hole for undefined). */
const shape = (rows: string[][]) =>
  Array.from(rows, (r, i) => i in rows ? Array.from(r, (c, j) => j in r ? c : "<hole>") : null);

Deno.test("csvCells reads the region and ICD files as SheetJS does", async () => {
  const files = [
    "wilayah/villages.csv",
    "wilayah/districts.csv",
    "icd10/icd10_2010_satusehat.csv",
    "icd10/icd10_who_en_id_fendis0709.csv",
    "icd9cm/icd9cm_v32_cms_procedures.csv",
  ];
  for (const f of files) {
    const text = (await Deno.readTextFile(fixture(f))).replace(/^\uFEFF/, "");
    const fast = csvCells(text, 200_002);
    if (!fast) throw new Error(`${f}: not read`);
    assert.deepEqual(shape(fast), shape(sheetjs(text, 200_002)), f);
  }
});

Deno.test("csvCells matches SheetJS on 3,000 generated texts, or leaves them to it", () => {
  // quotes, separators, line ends, blanks and letters past ASCII, in random order
  const parts = [
    "a",
    "b",
    "1",
    ",",
    ",",
    '"',
    '""',
    "\r",
    "\n",
    "\r\n",
    " ",
    ";",
    "\t",
    "é",
    "kode",
  ];
  let seed = 7;
  const rand = (n: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % n;
  let read = 0;
  for (let i = 0; i < 3_000; i++) {
    let text = i % 2 ? "kode," : "";
    for (let k = rand(40); k >= 0; k--) text += parts[rand(parts.length)];
    const rows = 1 + rand(6);
    const fast = csvCells(text, rows);
    if (!fast) continue;
    read++;
    assert.deepEqual(shape(fast), shape(sheetjs(text, rows)), JSON.stringify(text));
  }
  // most texts are read here, not left to SheetJS
  if (read < 1_500) throw new Error(`only ${read} of 3,000 read`);
});

Deno.test("csvCells leaves other separators and sniffed formats to SheetJS", () => {
  assert.deepEqual(csvCells("kode;nama\n1;a\n", 10), null);
  assert.deepEqual(csvCells("kode\tnama\n1\ta\n", 10), null);
  assert.deepEqual(csvCells("sep=,\nkode,nama\n", 10), null);
  assert.deepEqual(csvCells("ID,nama\n1,a\n", 10), null);
  assert.deepEqual(csvCells("<table>", 10), null);
  assert.deepEqual(csvCells("", 10), null);
  assert.deepEqual(csvCells('kode,nama\n1,"a, b"\r\n2,"c ""d"""\n', 10), [
    ["kode", "nama"],
    ["1", "a, b"],
    ["2", 'c "d"'],
  ]);
});
