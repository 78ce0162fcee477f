/** Every request of islands/ and components/: one way to read an answer and word a failure. */
import { useState } from "react";
import { FORBIDDEN } from "../../lib/auth/roles.ts";
import { STALE_MESSAGE } from "../../lib/errors.ts";
import { alertDialog } from "./Dialog.tsx";
import { toast } from "./Toast.tsx";
import { answered, pageSession, relogin, watchSession } from "./session.ts";

/** Where the browser goes once the session has ended (a 401). */
export const LOGIN_PAGE = "/auth/login";

/** The message of a refusal that came without one (a proxy's page, an empty body). */
const FALLBACK: Record<number, string> = {
  401: "Sesi tidak valid, silakan login kembali.",
  403: FORBIDDEN,
  409: STALE_MESSAGE,
};

/** A request the server refused: its status and its (Indonesian) message. */
export class ApiError extends Error {
  constructor(readonly status: number, message: string, readonly body?: unknown) {
    super(message);
  }

  /** Input name → message of the answer's `{ field, fields }` (lib/http/http.ts), first first. */
  get fields(): Record<string, string> {
    const b = this.body as { field?: unknown; fields?: unknown } | null | undefined;
    const said = b?.fields && typeof b.fields === "object"
      ? b.fields as Record<string, unknown>
      : {};
    const out: Record<string, string> = {};
    for (const k of [b?.field, ...Object.keys(said)]) {
      if (typeof k !== "string" || !k || k in out) continue;
      out[k] = typeof said[k] === "string" && said[k] ? said[k] as string : this.message;
    }
    return out;
  }
}

/** An answer as read, whatever its status. */
export interface Answer<T = Record<string, any>> {
  status: number;
  ok: boolean;
  /** The JSON body, or null when the body is not JSON. */
  body: T | null;
  /** The body's `message`; for a refusal without one, a message by status. */
  message: string;
}

/** Sends a request, read whatever its status; a 401 asks for the password in place, then again. */
export async function request<T = Record<string, any>>(
  url: string | URL,
  init: RequestInit = {},
): Promise<Answer<T>> {
  const a = await send<T>(url, init);
  answered(a.status);
  if (a.status !== 401 || !pageSession()) return a;
  if (new URL(url, location.href).pathname === LOGIN_PAGE || !(await relogin(send))) return a;
  const again = await send<T>(url, init);
  answered(again.status);
  return again;
}

/** One request as it is (no login in place): what `request` and the page's session send. */
async function send<T>(url: string | URL, init: RequestInit = {}): Promise<Answer<T>> {
  const res = await fetch(url, {
    ...init,
    headers: { accept: "application/json", ...init.headers as Record<string, string> },
  });
  const text = await res.text().catch(() => "");
  let body: T | null = null;
  try {
    body = JSON.parse(text);
  } catch { /* not JSON: a proxy's page, a plain-text answer */ }
  return { status: res.status, ok: res.ok, body, message: messageOf(res, body, text) };
}

/** The body's `message`; a refusal without one: its text, or a message by its status. */
function messageOf(res: Response, body: unknown, text: string): string {
  const said = (body as { message?: unknown } | null)?.message;
  if (typeof said === "string" && said) return said;
  if (res.ok) return "";
  return FALLBACK[res.status] ?? (body === null && text.trim() || `Status ${res.status}`);
}

// a signed-in page watches its idle time ('Tetap masuk') with the requests of this module
watchSession(send);

/** The answer when it is a success; otherwise throws its `ApiError`. */
export function accepted<T>(a: Answer<T>): Answer<T> {
  const refused = (a.body as { success?: unknown } | null)?.success === false;
  if (!a.ok || refused) throw new ApiError(a.status, a.message || `Status ${a.status}`, a.body);
  return a;
}

/** Reads JSON (`GET`); throws an `ApiError` with the server's message when refused. */
export async function get<T = Record<string, any>>(url: string | URL): Promise<T> {
  return accepted(await request<T>(url)).body as T;
}

/** A saving request's answer: the server's message ('Data Berhasil di Simpan' by default). */
export type Saved<T> = { message: string; data?: T; [k: string]: unknown };

/** Posts a form (or `method`); throws an `ApiError` when refused (a status or `success: false`). */
export async function post<T = unknown>(
  url: string,
  body?: URLSearchParams | FormData,
  method = "POST",
): Promise<Saved<T>> {
  const a = accepted(await request<Saved<T>>(url, { method, body }));
  return { ...a.body, message: a.body?.message || "Data Berhasil di Simpan" };
}

/** Sends files and fields as one multipart form (`FormData`); as `post` otherwise. */
export function sendForm<T = unknown>(
  url: string,
  fields: Record<string, string | Blob>,
): Promise<Saved<T>> {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return post<T>(url, body);
}

/** How 'Error!' words a failure (`errorText`). */
export type Say = "cause" | "message" | "status";

/** The text of a failure as `say` words it. */
export function errorText(e: unknown, say: Say = "cause"): string {
  const msg = e instanceof Error ? e.message : String(e);
  if (say === "status") {
    return e instanceof ApiError ? `Status ${e.status}: ${msg}` : "Terjadi kesalahan";
  }
  return say === "message" ? msg : `Terjadi kesalahan: ${msg}`;
}

/** The spec's 'Error!' dialog; after a 401 (relogin declined) it goes on to the login page. */
export async function alertError(e: unknown, say: Say = "cause"): Promise<void> {
  await alertDialog("Error!", errorText(e, say), "error");
  if (e instanceof ApiError && e.status === 401) {
    location.href = `${LOGIN_PAGE}?next=${encodeURIComponent(location.pathname + location.search)}`;
  }
}

/**
 * A form's save: `submit(send)` does nothing while `busy`, else is busy while `send` runs; a
 * failure goes to `fail`. `save(send, then)` is that for a save: the answer's message in the
 * 'Success' toast, then `then` with the answer. Here because every island loads this module (no
 * chunk of its own).
 */
export function useSubmit(fail: (err: unknown) => unknown) {
  const [busy, setBusy] = useState(false);
  const submit = async (send: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(true);
    try {
      await send();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };
  const save = <T extends { message: string }>(send: () => Promise<T>, then?: (d: T) => unknown) =>
    submit(async () => {
      const d = await send();
      toast({ title: "Success", text: d.message });
      await then?.(d);
    });
  return { busy, submit, save };
}
