/**
 * How an export column writes its cells. Every .xlsx export is written by `streamXlsx`
 * (xlsx_stream.ts): header titles with filter buttons, the header row frozen, numbers as numbers
 * (rupiah formatted), dates as dates in the hospital's time zone, every text a string cell.
 */
export interface ExportColumn<R> {
  title: string;
  type: "text" | "number" | "money" | "percent" | "datetime";
  value: (row: R) => unknown;
  width?: number;
}
