/** An .xlsx template for a download; SheetJS is loaded on the first one, not with the server. */
export async function templateXlsx(
  rows: unknown[][],
  more?: [name: string, rows: unknown[][]][],
): Promise<Uint8Array<ArrayBuffer>> {
  return (await import("./spreadsheet.ts")).writeXlsx(rows, more);
}
