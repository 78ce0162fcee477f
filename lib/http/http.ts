import type { Context } from "hono";
import { AppError, badRequest } from "../errors.ts";
import { invalidUtf8Field } from "./utf8.ts";

/** The refusal of a field (or, unnamed, a body) that is not UTF-8 text. */
function notUtf8(field: string) {
  if (!field) return badRequest("Isi permintaan bukan teks UTF-8 yang sah; kirim ulang.");
  return badRequest(
    `Isian ${field} berisi teks yang bukan UTF-8 yang sah; periksa isinya lalu kirim ulang.`,
  ).at(field);
}

/** A form, multipart or JSON body as an object; a field that is not UTF-8 text is refused (400). */
async function readBody(c: Context, all: boolean): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  const json = type.includes("application/json");
  let raw: unknown;
  let bad: string | null;
  try {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    bad = invalidUtf8Field(bytes, type);
    raw = bad !== null
      ? null
      : json
      ? JSON.parse(new TextDecoder().decode(bytes))
      : await c.req.parseBody({ all });
  } catch {
    throw badRequest("Format permintaan tidak valid.");
  }
  if (bad !== null) throw notUtf8(bad);
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) {
    throw badRequest("Format permintaan tidak valid.");
  }
  if (json) {
    for (const [k, v] of Object.entries(raw)) {
      const texts = Array.isArray(v) ? v : [v];
      if (!k.isWellFormed() || texts.some((t) => typeof t === "string" && !t.isWellFormed())) {
        throw notUtf8(k.isWellFormed() ? k : "");
      }
    }
  }
  return raw as Record<string, unknown>;
}

/** Reads a form-encoded, multipart or JSON body into plain text fields (see `readBody`). */
export async function readFields(c: Context): Promise<Record<string, string>> {
  const raw = await readBody(c, false);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (v == null || typeof v === "object") continue;
    out[k] = String(v);
  }
  return out;
}

/** Reads a body keeping lists; a JSON object `{"a": {"b": 5}}` becomes the form's `a[b]`. */
export async function readForm(c: Context): Promise<Record<string, string | string[]>> {
  const raw = await readBody(c, true);
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(raw)) {
    const key = k.endsWith("[]") ? k.slice(0, -2) : k;
    if (Array.isArray(v)) {
      out[key] = v.filter((x) => x != null && typeof x !== "object").map(String);
    } else if (v != null && typeof v === "object") {
      for (const [sub, x] of Object.entries(v)) {
        if (x != null && typeof x !== "object") out[`${k}[${sub}]`] = String(x);
      }
    } else if (v != null) {
      out[key] = k.endsWith("[]") ? [String(v)] : String(v);
    }
  }
  return out;
}

/** A list field: an array as is, text split on commas; empty entries dropped. */
export function listOf(v: string | string[] | undefined): string[] {
  const list = Array.isArray(v) ? v : (v ?? "").split(",");
  return [...new Set(list.map((x) => x.trim()).filter(Boolean))];
}

/** Text fields only (lists joined with commas), for schemas that take text. */
export function textFields(f: Record<string, string | string[]>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(f).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : v]),
  );
}

/** An Excel file as a download. */
export function xlsxFile(
  c: Context,
  filename: string,
  body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>,
): Response {
  c.header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  c.header("content-disposition", `attachment; filename="${filename}"`);
  return c.body(body);
}

/** Maps any thrown error to its status and Indonesian message, in one place. */
export function onError(err: Error, c: Context): Response {
  const status = err instanceof AppError ? err.status : 500;
  if (status === 500) console.error(err);
  const message = status === 500
    ? "Terjadi kesalahan pada server. Silakan coba lagi."
    : err.message;
  const wantsHtml = (c.req.header("accept") ?? "").includes("text/html") &&
    !c.req.path.startsWith("/api/");
  if (wantsHtml) {
    const esc = message.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
    return c.html(
      `<!doctype html><html lang="id"><meta charset="utf-8"><title>Kesalahan</title>` +
        `<link rel="stylesheet" href="/static/app.css"><main class="error-page"><h1>${status}</h1>` +
        `<p>${esc}</p><a href="/">Kembali ke beranda</a></main></html>`,
      status,
    );
  }
  // the fields it names (lib/errors.ts `at`): the first is the one a form marks and focuses
  const { details, fields, data } = err instanceof AppError ? err : {};
  return c.json({
    success: false,
    message,
    ...(details ? { errors: details } : {}),
    ...(fields ? { field: Object.keys(fields)[0], fields } : {}),
    ...(data === undefined ? {} : { data }),
  }, status);
}
