const strict = new TextDecoder("utf-8", { fatal: true });
const lenient = new TextDecoder();

const isUtf8 = (b: Uint8Array) => {
  try {
    strict.decode(b);
    return true;
  } catch {
    return false;
  }
};

/** `name=value` bytes of a form body with `+` and `%XX` undone, as a browser encoded them. */
function unescape(b: Uint8Array): Uint8Array {
  const out = new Uint8Array(b.length);
  let n = 0;
  const hex = (c: number) =>
    c >= 48 && c <= 57 ? c - 48 : (c | 32) >= 97 && (c | 32) <= 102 ? (c | 32) - 87 : -1;
  for (let i = 0; i < b.length; i++) {
    const hi = b[i] === 37 && i + 2 < b.length ? hex(b[i + 1]) : -1;
    const lo = hi >= 0 ? hex(b[i + 2]) : -1;
    if (lo >= 0) {
      out[n++] = hi * 16 + lo;
      i += 2;
    } else out[n++] = b[i] === 43 ? 32 : b[i];
  }
  return out.subarray(0, n);
}

/** The first field of an `application/x-www-form-urlencoded` body that is not UTF-8. */
function formField(body: Uint8Array): string | null {
  let start = 0;
  for (let i = 0; i <= body.length; i++) {
    if (i < body.length && body[i] !== 38) continue; // '&'
    const pair = body.subarray(start, i);
    start = i + 1;
    const eq = pair.indexOf(61); // '='
    const name = unescape(eq < 0 ? pair : pair.subarray(0, eq));
    if (!isUtf8(name) || (eq >= 0 && !isUtf8(unescape(pair.subarray(eq + 1))))) {
      return lenient.decode(name);
    }
  }
  return null;
}

/** Where `s` first occurs in `b` from `from` (-1: nowhere); `Buffer.indexOf` is slow in Deno. */
export function indexOf(b: Uint8Array, s: Uint8Array, from: number): number {
  for (
    let i = b.indexOf(s[0], from);
    i >= 0 && i <= b.length - s.length;
    i = b.indexOf(s[0], i + 1)
  ) {
    let k = 1;
    while (k < s.length && b[i + k] === s[k]) k++;
    if (k === s.length) return i;
  }
  return -1;
}

/** The first text part (no `filename`) of a multipart body whose name or value is not UTF-8. */
function multipartField(body: Uint8Array, type: string): string | null {
  const boundary = type.match(/boundary="?([^";]+)"?/i)?.[1];
  if (!boundary) return null;
  const enc = new TextEncoder();
  const delimiter = enc.encode(`\r\n--${boundary}`);
  const headEnd = enc.encode("\r\n\r\n");
  const first = indexOf(body, delimiter.subarray(2), 0);
  // after each delimiter: `--` (the end) or a part: headers, a blank line, the content
  for (let at = first < 0 ? -1 : first + delimiter.length - 2; at >= 0;) {
    if (body[at] === 45 && body[at + 1] === 45) return null;
    const head = indexOf(body, headEnd, at);
    const next = indexOf(body, delimiter, at);
    if (head < 0 || next < 0 || head > next) return null;
    const headers = body.subarray(at, head);
    const text = lenient.decode(headers);
    const name = text.match(/\bname="([^"]*)"/i)?.[1] ?? "";
    if (!isUtf8(headers)) return name;
    if (!/filename\*?=/i.test(text) && !isUtf8(body.subarray(head + 4, next))) return name;
    at = next + delimiter.length;
  }
  return null;
}

/** The first string (key or value) holding U+FFFD in a JSON text read leniently. */
function jsonField(body: Uint8Array): string | null {
  let data: unknown;
  try {
    data = JSON.parse(lenient.decode(body));
  } catch {
    return null; // not JSON: refused as such by the reader
  }
  if (!data || typeof data !== "object") return "";
  for (const [k, v] of Object.entries(data)) {
    if (k.includes("\ufffd") || JSON.stringify(v ?? "").includes("\ufffd")) return k;
  }
  return "";
}

/** The first field of a form or JSON body that is not UTF-8 (a parser would make it U+FFFD). */
export function invalidUtf8Field(body: Uint8Array, contentType: string): string | null {
  const type = contentType.split(";")[0].trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") return formField(body);
  if (isUtf8(body)) return null;
  if (type === "multipart/form-data") return multipartField(body, contentType);
  if (contentType.includes("application/json")) return jsonField(body);
  return null;
}
