/**
 * Worker thread that parses an uploaded spreadsheet (`readTable`), so a hostile file costs
 * this thread's heap and time, never the server's (see `parse.ts`).
 */
import { readTable } from "./spreadsheet.ts";
import { answerParses, type ParseJob } from "./parse_reply.ts";

type Job = ParseJob<{ format: "csv" | "xlsx"; maxRows: number }>;

answerParses((m: Job) => readTable(m.bytes, m.format, m.maxRows, m.memoryMb));
