import * as XLSX from "xlsx";
import { zoneOffsetMs } from "../hospital_time.ts";

/** How an export column writes its cells. */
export interface ExportColumn<R> {
  title: string;
  type: "text" | "number" | "money" | "percent" | "datetime";
  value: (row: R) => unknown;
  width?: number;
}

const FORMATS = {
  // the sign before the currency, as the screens write it ('-Rp 13.300.100')
  money: '"Rp "#,##0;-"Rp "#,##0',
  number: "0",
  percent: "0.00",
  datetime: "dd-mm-yyyy hh:mm",
};

function cell(type: ExportColumn<unknown>["type"], v: unknown): XLSX.CellObject | undefined {
  if (v == null || v === "") return undefined;
  if (type === "text") return { t: "s", v: String(v) }; // a string cell is never evaluated
  if (type === "datetime") {
    const ms = Date.parse(String(v));
    if (Number.isNaN(ms)) return { t: "s", v: String(v) };
    // an Excel date serial, in the hospital's wall-clock time
    return { t: "n", v: (ms + zoneOffsetMs()) / 86_400_000 + 25_569, z: FORMATS.datetime };
  }
  const n = Number(v);
  if (!Number.isFinite(n)) return { t: "s", v: String(v) };
  return { t: "n", v: n, z: FORMATS[type] };
}

/**
 * A real .xlsx of `rows`: header titles, numbers as numbers (rupiah formatted), dates as
 * dates in the hospital's time zone, and every text as a string cell, so nothing is ever run as a formula.
 */
export function exportXlsx<R>(
  columns: ExportColumn<R>[],
  rows: R[],
  sheet = "Data",
): Uint8Array<ArrayBuffer> {
  const data: (XLSX.CellObject | undefined)[][] = [
    columns.map((c) => ({ t: "s", v: c.title })),
  ];
  for (const r of rows) data.push(columns.map((c) => cell(c.type, c.value(r))));
  const ws: XLSX.WorkSheet = { "!data": data } as unknown as XLSX.WorkSheet;
  ws["!ref"] = XLSX.utils.encode_range({
    s: { r: 0, c: 0 },
    e: { r: Math.max(0, data.length - 1), c: Math.max(0, columns.length - 1) },
  });
  ws["!cols"] = columns.map((c) => ({ wch: c.width ?? Math.max(10, c.title.length + 2) }));
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, sheet);
  return new Uint8Array(XLSX.write(wb, { type: "array", bookType: "xlsx", bookSST: true }));
}
