/**
 * Worker thread that parses an uploaded spreadsheet (`readTable`), so a hostile file costs
 * this thread's heap and time, never the server's (see `parse.ts`).
 */
import { parentPort } from "node:worker_threads";
import { readTable } from "./spreadsheet.ts";
import { AppError } from "../errors.ts";

interface Job {
  bytes: Uint8Array;
  format: "csv" | "xlsx";
  maxRows: number;
  memoryMb: number;
}

parentPort!.on("message", (m: Job) => {
  try {
    parentPort!.postMessage({ table: readTable(m.bytes, m.format, m.maxRows, m.memoryMb) });
  } catch (e) {
    parentPort!.postMessage({
      error: e instanceof Error ? e.message : String(e),
      status: e instanceof AppError ? e.status : 500,
    });
  }
});
