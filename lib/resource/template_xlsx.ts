/**
 * An .xlsx template (a 'Data' sheet of `rows`, then `more` sheets such as 'Petunjuk') for a
 * download. SheetJS (4 MB of heap with its source) is loaded on the first template asked for,
 * not with the server: imports parse in a worker of their own (parse_worker.ts) and exports use
 * the app's streamed writer.
 */
export async function templateXlsx(
  rows: unknown[][],
  more?: [name: string, rows: unknown[][]][],
): Promise<Uint8Array<ArrayBuffer>> {
  return (await import("./spreadsheet.ts")).writeXlsx(rows, "Data", more);
}
