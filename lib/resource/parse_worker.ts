/**
 * Worker thread that parses an uploaded spreadsheet (`readTable`), so a hostile file costs
 * this thread's heap and time, never the server's (see `parse.ts`).
 */
import { parentPort } from "node:worker_threads";
import { readTable } from "./spreadsheet.ts";
import { AppError } from "../errors.ts";

/** The upload's bytes come as their buffer (transferred), not as a view copied on the way. */
interface Job {
  buffer: ArrayBuffer;
  byteOffset: number;
  byteLength: number;
  format: "csv" | "xlsx";
  maxRows: number;
  memoryMb: number;
}

parentPort!.on("message", (m: Job) => {
  try {
    const bytes = new Uint8Array(m.buffer, m.byteOffset, m.byteLength);
    parentPort!.postMessage({ table: readTable(bytes, m.format, m.maxRows, m.memoryMb) });
  } catch (e) {
    parentPort!.postMessage({
      error: e instanceof Error ? e.message : String(e),
      status: e instanceof AppError ? e.status : 500,
    });
  }
});
