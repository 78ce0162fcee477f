import * as XLSX from "xlsx";
import { badRequest } from "../errors.ts";
import { formatNumber } from "../format.ts";

import { IMPORT_LIMITS } from "./import_limits.ts";
import { csvCells } from "./csv_cells.ts";

/** A parsed sheet: the header cells and the data rows, every cell as text. */
export interface Table {
  headers: string[];
  rows: string[][];
}

const u16 = (b: Uint8Array, o: number) => b[o] | b[o + 1] << 8;
const u32 = (b: Uint8Array, o: number) =>
  (b[o] | b[o + 1] << 8 | b[o + 2] << 16) + b[o + 3] * 2 ** 24;

/** Refuses a zip bomb from its central directory, before unpacking; returns the unpacked size. */
function checkZip(b: Uint8Array): number {
  const bad = (why: string) => badRequest(`Berkas .xlsx tidak dapat dibaca: ${why}.`);
  // the end of central directory record, within the last 64 KB (its comment's most)
  const floor = Math.max(0, b.length - 65_557);
  let eocd = b.length - 22;
  while (eocd >= floor && u32(b, eocd) !== 0x06054b50) eocd--;
  if (eocd < floor) throw bad("bukan arsip xlsx yang utuh");
  const entries = u16(b, eocd + 10);
  let p = u32(b, eocd + 16);
  if (entries > IMPORT_LIMITS.zipEntries || entries === 0xffff) {
    throw bad("isi arsip terlalu banyak");
  }
  let total = 0;
  let bomb: { size: number; packed: number } | undefined;
  for (let i = 0; i < entries; i++) {
    if (p + 46 > b.length || u32(b, p) !== 0x02014b50) throw bad("direktori arsip rusak");
    const size = u32(b, p + 24);
    const packed = u32(b, p + 20);
    if (size === 0xffffffff) throw bad("arsip ZIP64 tidak didukung");
    if (size > IMPORT_LIMITS.ratioFrom && size > packed * IMPORT_LIMITS.ratio) {
      bomb ??= { size, packed };
    }
    total += size;
    p += 46 + u16(b, p + 28) + u16(b, p + 30) + u16(b, p + 32);
  }
  if (total > IMPORT_LIMITS.unzippedBytes) throw bad("isi arsip terlalu besar setelah dibuka");
  if (bomb) {
    throw bad(
      `isi arsip mengembang lebih dari ${IMPORT_LIMITS.ratio} kali saat dibuka ` +
        `(${Math.round(bomb.size / 1024 / 1024)} MB dari ${
          Math.ceil(bomb.packed / 1024)
        } KB), ciri bom zip`,
    );
  }
  return total;
}

/** Heap a parse needs per byte of unpacked sheet XML or CSV text (about 5, with margin). */
const HEAP_PER_BYTE = 8;

/** Refuses, before parsing, a file whose parse would need more than `memoryMb` of heap. */
function checkMemory(bytes: number, memoryMb: number): void {
  const need = Math.ceil((bytes * HEAP_PER_BYTE) / 1024 / 1024);
  if (need > memoryMb) {
    throw badRequest(
      `Berkas ditolak: membacanya butuh sekitar ${need} MB memori, melebihi batas memori ` +
        `${memoryMb} MB. Pecah berkas menjadi beberapa bagian.`,
    );
  }
}

/** Refuses CSV text whose quoted field never closes, naming the line it opens on. */
function checkQuotes(text: string): void {
  let open = -1, line = 1, at = 0;
  while (true) {
    const q = text.indexOf('"', at);
    if (q < 0) break;
    for (let i = text.indexOf("\n", at); i >= 0 && i < q; i = text.indexOf("\n", i + 1)) line++;
    at = q + 1;
    if (open < 0) open = line;
    else if (text[at] === '"') at++; // "" inside a quoted field
    else open = -1;
  }
  if (open >= 0) {
    throw badRequest(
      `Baris ${open}: tanda kutip (") tidak ditutup; periksa baris itu di berkas CSV.`,
    );
  }
}

const cellText = (c: XLSX.CellObject | undefined): string =>
  c?.v == null ? "" : c.v instanceof Date ? c.v.toISOString() : String(c.v);

/** The first sheet's cells as text (empty ones left as holes); `formulas`: refused. */
function sheetCells(wb: XLSX.WorkBook, formulas: boolean): string[][] {
  const ws = wb.Sheets[wb.SheetNames[0]];
  const data = (ws?.["!data"] ?? []) as (XLSX.CellObject | undefined)[][];
  if (formulas) refuseFormulas(data);
  return data.map((r) => (r ?? []).map(cellText));
}

/** How many formula cells a refusal lists. */
const SHOWN_FORMULAS = 20;

/** Refuses a sheet holding formulas, naming their cells: their values were computed, not typed. */
function refuseFormulas(data: (XLSX.CellObject | undefined)[][]): void {
  const found: string[] = [];
  let count = 0;
  data.forEach((row, r) =>
    row?.forEach((cell, c) => {
      if (cell?.f == null && cell?.F == null) return;
      if (++count <= SHOWN_FORMULAS) {
        const f = cell.f == null
          ? ""
          : ` (=${cell.f.length > 40 ? cell.f.slice(0, 40) + "…" : cell.f})`;
        found.push(`sel ${XLSX.utils.encode_cell({ r, c })}${f}`);
      }
    })
  );
  if (!count) return;
  const more = count > found.length
    ? `, dan ${formatNumber(count - found.length)} sel lainnya`
    : "";
  throw badRequest(
    `Impor dibatalkan, tidak ada data yang disimpan. Berkas berisi rumus di ` +
      `${formatNumber(count)} sel: ${found.join(", ")}${more}. Impor membaca nilai, bukan rumus: ` +
      `salin sel tersebut lalu tempel sebagai nilai (Paste Special → Values), lalu unggah lagi.`,
  );
}

/** Parses CSV or .xlsx bytes into text cells: at most `maxRows` rows, within `memoryMb` of heap. */
export function readTable(
  bytes: Uint8Array,
  format: "csv" | "xlsx",
  maxRows: number,
  memoryMb = Infinity,
): Table {
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  let all: string[][];
  try {
    if (format === "xlsx") {
      if (!isZip) throw badRequest("Berkas bukan .xlsx yang sah.");
      checkMemory(checkZip(bytes), memoryMb);
      const wb = XLSX.read(bytes, {
        type: "array",
        dense: true,
        sheetRows: maxRows + 2,
        cellHTML: false,
      });
      all = sheetCells(wb, true);
    } else {
      if (isZip || bytes.subarray(0, 4096).includes(0)) {
        throw badRequest("Berkas bukan CSV. Simpan data sebagai .csv (teks dipisah koma).");
      }
      checkMemory(bytes.length, memoryMb);
      const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, "");
      checkQuotes(text);
      all = csvCells(text, maxRows + 2) ??
        sheetCells(
          XLSX.read(text, { type: "string", raw: true, dense: true, sheetRows: maxRows + 2 }),
          false,
        );
    }
  } catch (e) {
    if (e instanceof Error && "status" in e) throw e;
    throw badRequest(`Berkas tidak dapat dibaca sebagai ${format.toUpperCase()}.`);
  }
  while (all.length && all.at(-1)!.every((c) => c.trim() === "")) all.pop();
  if (all.length - 1 > maxRows) {
    throw badRequest(`Berkas berisi lebih dari ${maxRows.toLocaleString("id-ID")} baris data.`);
  }
  const [headers = [], ...rows] = all;
  return { headers: headers.map((h) => h.trim()), rows };
}

/** An .xlsx file (templates, tests): a 'Data' sheet of rows of cells, then `more` sheets. */
export function writeXlsx(
  rows: unknown[][],
  more: [name: string, rows: unknown[][]][] = [],
): Uint8Array<ArrayBuffer> {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), "Data");
  for (const [name, cells] of more) {
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(cells), name);
  }
  return new Uint8Array(XLSX.write(wb, { type: "array", bookType: "xlsx" }));
}
