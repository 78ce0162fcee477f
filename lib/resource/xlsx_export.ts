/**
 * How an export column writes its cells. Every .xlsx export is written by `streamXlsx`
 * (xlsx_stream.ts): header titles with filter buttons, the header row frozen, numbers as numbers
 * (rupiah formatted), date-times as dates in the hospital's time zone, days (`date`, `YYYY-MM-DD`)
 * as dates shown `DD-MM-YYYY`, every text a string cell.
 */
export interface ExportColumn<R> {
  title: string;
  type: "text" | "number" | "money" | "percent" | "datetime" | "date";
  value: (row: R) => unknown;
  width?: number;
}
