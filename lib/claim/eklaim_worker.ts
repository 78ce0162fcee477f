/**
 * Worker thread that reads an uploaded E-Klaim TXT export (`parseEklaim`), off the server's
 * thread and under the import parse limits (lib/resource/parse.ts).
 */
import { answerParses, type ParseJob } from "../resource/parse_reply.ts";
import { parseEklaim } from "./eklaim.ts";

answerParses((m: ParseJob) => parseEklaim(m.bytes));
