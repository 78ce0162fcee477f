/** Worker thread reading an uploaded E-Klaim TXT export, under the import parse limits. */
import { answerParses, type ParseJob } from "../resource/parse_reply.ts";
import { parseEklaim } from "./eklaim.ts";

answerParses((m: ParseJob) => parseEklaim(m.bytes));
