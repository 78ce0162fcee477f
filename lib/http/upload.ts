import type { Context } from "hono";
import { badRequest } from "../errors.ts";
import { bufferedBody } from "./receive.ts";
import { indexOf } from "./utf8.ts";

/** An uploaded file: its name as the browser sent it, and its bytes. */
export interface Upload {
  name: string;
  bytes: Uint8Array;
}

const enc = new TextEncoder();
const malformed = () => badRequest("Format unggahan tidak valid.");

const BLANK_LINE = enc.encode("\r\n\r\n");

/** The parts of a multipart body as views of it, never copied (as a form parser does, twice). */
function partsOf(body: Uint8Array, boundary: string): { headers: string; data: Uint8Array }[] {
  const delimiter = enc.encode(`\r\n--${boundary}`);
  // the first delimiter opens the body, without the line break (unless a preamble comes first)
  const first = delimiter.subarray(2);
  const opening = first.every((b, i) => body[i] === b) ? -2 : indexOf(body, delimiter, 0);
  if (opening === -1) throw malformed();
  let at = opening + delimiter.length;
  const parts = [];
  while (body[at] !== 0x2d || body[at + 1] !== 0x2d) { // "--": the last delimiter
    const head = indexOf(body, BLANK_LINE, at);
    const end = head < 0 ? -1 : indexOf(body, delimiter, head + 4);
    if (end < 0) throw malformed();
    const headers = new TextDecoder().decode(body.subarray(at, head));
    parts.push({ headers, data: body.subarray(head + 4, end) });
    at = end + delimiter.length;
  }
  return parts;
}

/** The file a multipart upload sends as `file` (null: none or empty; 400: a malformed form). */
export async function uploadedFile(c: Context): Promise<Upload | null> {
  const type = c.req.header("content-type") ?? "";
  const boundary = type.match(/^multipart\/form-data;.*\bboundary="?([^";]+)"?/i)?.[1];
  const body = bufferedBody(c.req.raw);
  if (!boundary || !body) {
    const form = await c.req.parseBody().catch(() => {
      throw malformed();
    });
    const file = form.file;
    if (!(file instanceof File) || file.size === 0) return null;
    return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
  }
  for (const { headers, data } of partsOf(body, boundary)) {
    const disposition = headers.match(/^content-disposition:(.*)$/im)?.[1] ?? "";
    if (disposition.match(/\bname="([^"]*)"/)?.[1] !== "file") continue;
    const name = disposition.match(/\bfilename="([^"]*)"/)?.[1];
    if (name === undefined || data.length === 0) return null;
    return { name, bytes: data };
  }
  return null;
}
