/**
 * How an export column writes its cells (`streamXlsx`): numbers as numbers (rupiah formatted),
 * date-times in the hospital's zone, days (`YYYY-MM-DD`) shown `DD-MM-YYYY`, texts as strings.
 */
export interface ExportColumn<R> {
  title: string;
  type: "text" | "number" | "money" | "percent" | "datetime" | "date";
  value: (row: R) => unknown;
  width?: number;
}
