/** Worker thread parsing an upload: a hostile file costs its heap and time, not the server's. */
import { readTable } from "./spreadsheet.ts";
import { answerParses, type ParseJob } from "./parse_reply.ts";

type Job = ParseJob<{ format: "csv" | "xlsx"; maxRows: number }>;

answerParses((m: Job) => readTable(m.bytes, m.format, m.maxRows, m.memoryMb));
