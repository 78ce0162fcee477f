/**
 * An .xlsx whose sheet claims a huge range: the import must read its two rows without walking
 * the claimed range (tests/import_test.ts checks the rows, `deno task bench` the time).
 */
import * as XLSX from "xlsx";
import { writeXlsx } from "../lib/resource/spreadsheet.ts";

/** A real .xlsx whose sheet XML claims the given dimension (rows: header, `11,Aceh`). */
export function xlsxWithDimension(ref: string): Uint8Array {
  const cfb = XLSX.CFB.read(writeXlsx([["kode", "nama"], ["11", "Aceh"]]), { type: "array" });
  const e = cfb.FileIndex[cfb.FullPaths.findIndex((p: string) => p.endsWith("sheet1.xml"))];
  const xml = new TextDecoder().decode(e.content as Uint8Array);
  e.content = new TextEncoder().encode(
    xml.replace(/<dimension ref="[^"]*"\/>/, `<dimension ref="${ref}"/>`),
  );
  e.size = (e.content as Uint8Array).length;
  return new Uint8Array(XLSX.CFB.write(cfb, { type: "array", fileType: "zip" }) as ArrayBuffer);
}
