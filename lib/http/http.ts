import type { Context } from "hono";
import { AppError, badRequest } from "../errors.ts";

/** Reads a form-encoded, multipart or JSON body into plain text fields. */
export async function readFields(c: Context): Promise<Record<string, string>> {
  const type = c.req.header("content-type") ?? "";
  let raw: Record<string, unknown>;
  try {
    raw = type.includes("application/json") ? await c.req.json() : await c.req.parseBody();
  } catch {
    throw badRequest("Format permintaan tidak valid.");
  }
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) {
    throw badRequest("Format permintaan tidak valid.");
  }
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (v == null || typeof v === "object") continue;
    out[k] = String(v);
  }
  return out;
}

/**
 * Reads a body keeping lists: repeated form fields (`diagnosis` or `diagnosis[]`) and JSON
 * arrays become string arrays; a JSON object's own values become text fields named as a form
 * names them (`{"tarif_rs_rincian": {"kamar": 5}}` → `tarif_rs_rincian[kamar]`); other values
 * become text.
 */
export async function readForm(c: Context): Promise<Record<string, string | string[]>> {
  const type = c.req.header("content-type") ?? "";
  let raw: Record<string, unknown>;
  try {
    raw = type.includes("application/json")
      ? await c.req.json()
      : await c.req.parseBody({ all: true });
  } catch {
    throw badRequest("Format permintaan tidak valid.");
  }
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) {
    throw badRequest("Format permintaan tidak valid.");
  }
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
  const details = err instanceof AppError ? err.details : undefined;
  // the fields it names (lib/errors.ts `at`): the first is the one a form marks and focuses
  const fields = err instanceof AppError ? err.fields : undefined;
  return c.json({
    success: false,
    message,
    ...(details ? { errors: details } : {}),
    ...(fields ? { field: Object.keys(fields)[0], fields } : {}),
  }, status);
}
