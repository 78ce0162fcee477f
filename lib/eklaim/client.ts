import { decrypt, encrypt, isKeyHex, unwrap } from "./crypto.ts";

/** Where E-Klaim's web service is and how to talk to it (read by the caller, not here). */
export interface EklaimSettings {
  /** The web service's full address, e.g. `http://192.168.1.20/E-Klaim/ws.php`. */
  url: string;
  /** The hospital's key from E-Klaim (Setup → Integrasi → SIMRS): 64 hex characters. */
  keyHex: string;
  /** How long one call may take, answer included. */
  timeoutMs: number;
}

/** Why a call did not succeed. */
export type EklaimFailure =
  /** The settings cannot be used (key or address). */
  | "settings"
  /** No connection: refused, unknown host, no route. */
  | "unreachable"
  /** No whole answer within `timeoutMs`. */
  | "timeout"
  /** An HTTP status other than 200. */
  | "http"
  /** An answer that is not E-Klaim's (no markers, not JSON, too large). */
  | "unreadable"
  /** The key does not match E-Klaim's: E2031, or an answer that does not decrypt. */
  | "key"
  /** E-Klaim answered with an error of its own (`metadata.code` other than 200). */
  | "eklaim";

/** The outcome of one call; never holds the key or the request. */
export interface EklaimResult {
  ok: boolean;
  failure?: EklaimFailure;
  /** `metadata.code` of the answer (200, 400, 2029…); null without a readable answer. */
  code: number | null;
  /** `metadata.error_no` (`E2xxx`), when E-Klaim gave one. */
  errorNo: string | null;
  /** For the user, in Indonesian: what happened and what to check. */
  message: string;
  /** E-Klaim's own `metadata.message`, as it came. */
  eklaimMessage: string | null;
  /** The decrypted answer (also on E-Klaim's errors, e.g. E2007's `duplicate` list). */
  body: Record<string, unknown> | null;
  ms: number;
}

/** A result before its time is known. */
type Answer = Omit<EklaimResult, "ms">;
type J = Record<string, unknown>;

/** Answers larger than this are refused (a PDF of a few pages is far smaller). */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

const KEY_HINT = "Salin ulang kunci dari E-Klaim (Setup → Integrasi → SIMRS, 64 karakter); " +
  "bila kunci di E-Klaim dibuat ulang, kunci di aplikasi ini juga harus diganti.";

const record = (v: unknown): J | null =>
  v && typeof v === "object" && !Array.isArray(v) ? v as J : null;

/** The JSON object `text` holds, or null (not JSON, or not an object). */
function parseObject(text: string): J | null {
  try {
    return record(JSON.parse(text));
  } catch {
    return null;
  }
}

/** The address as messages name it: no credentials, query or fragment. */
function addressOf(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== "http:" && u.protocol !== "https:") return null;
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return null;
  }
}

/** The body as text, or null past `max` bytes (leaving the loop there cancels the read). */
async function readCapped(res: Response, max: number): Promise<string | null> {
  if (!res.body) return "";
  const decoder = new TextDecoder();
  let size = 0, text = "";
  for await (const part of res.body) {
    if ((size += part.length) > max) return null;
    text += decoder.decode(part, { stream: true });
  }
  return text + decoder.decode();
}

const seconds = (ms: number) => (ms / 1000).toLocaleString("id-ID", { maximumFractionDigits: 1 });

function networkCause(e: unknown): string {
  const text = `${(e as Error)?.message ?? ""} ${String((e as Error)?.cause ?? "")}`;
  if (/dns|lookup|resolve|name or service/i.test(text)) return "nama komputer tidak dikenal";
  if (/refused/i.test(text)) return "koneksi ditolak";
  return "jaringan tidak tersambung";
}

/** What an answer's metadata says, as a result (ok only with an encrypted answer). */
function fromAnswer(body: J, method: string, at: string, encrypted: boolean): Answer {
  const meta = record(body.metadata);
  const code = Number(meta?.code);
  if (!meta || !Number.isFinite(code)) {
    return fail("unreadable", `Jawaban E-Klaim di ${at} tidak berisi status (metadata).`, body);
  }
  const errorNo = typeof meta.error_no === "string" ? meta.error_no : null;
  const eklaimMessage = meta.message == null ? null : String(meta.message);
  const base = { code, errorNo, eklaimMessage, body };
  if (errorNo === "E2031") {
    const message = `E-Klaim di ${at} menolak kunci aplikasi ini (E2031 ${
      eklaimMessage ?? "Key Mismatch"
    }): kunci tidak cocok dengan kunci di E-Klaim. ${KEY_HINT}`;
    return { ...base, ok: false, failure: "key", message };
  }
  if (code === 200 && encrypted) return { ...base, ok: true, message: "Ok" };
  if (code === 200) {
    const message = `E-Klaim di ${at} menjawab tanpa enkripsi (mode debug?): jawaban ditolak. ` +
      "Matikan enable_debug di server.ini E-Klaim dan periksa kuncinya.";
    return { ...base, ok: false, failure: "unreadable", message };
  }
  const said = [errorNo, eklaimMessage].filter(Boolean).join(" ");
  const message = code === 2029
    ? `E-Klaim tidak dapat menghubungi pusat data Kemenkes (${method}, kode ${code}: ${said}): ` +
      "periksa koneksi internet komputer E-Klaim, lalu kirim ulang."
    : `E-Klaim menolak ${method}: ${said || `kode ${code}`}.`;
  return { ...base, ok: false, failure: "eklaim", message };
}

function fail(failure: EklaimFailure, message: string, body: J | null = null): Answer {
  return { ok: false, failure, code: null, errorNo: null, message, eklaimMessage: null, body };
}

/** The answer text as a result: markers, key, JSON, metadata. */
function readAnswer(text: string, keyHex: string, method: string, at: string) {
  const inner = unwrap(text);
  if (inner === null) {
    const plain = parseObject(text);
    if (plain?.metadata) return fromAnswer(plain, method, at, false);
    return fail(
      "unreadable",
      `Jawaban dari ${at} bukan jawaban terenkripsi E-Klaim: periksa alamatnya (biasanya ` +
        "http://<alamat komputer E-Klaim>/E-Klaim/ws.php) dan kuncinya.",
    );
  }
  const plain = decrypt(inner, keyHex);
  if (!plain.ok) {
    const why = plain.failure === "bad_signature"
      ? "tidak dapat dibuka dengan kunci yang tersimpan: kunci tidak cocok dengan kunci di E-Klaim"
      : "rusak atau tidak dapat dibuka dengan kunci yang tersimpan";
    return fail("key", `Jawaban E-Klaim di ${at} ${why}. ${KEY_HINT}`);
  }
  const body = parseObject(plain.text);
  if (!body) return fail("unreadable", `Jawaban E-Klaim di ${at} bukan JSON yang dikenal.`);
  return fromAnswer(body, method, at, true);
}

/** Calls `method` (envelope encrypted, POSTed, answer decrypted); never throws or logs. */
export async function call(
  settings: EklaimSettings,
  method: string,
  metadataExtra: Record<string, string | number> = {},
  data: Record<string, unknown> = {},
): Promise<EklaimResult> {
  const started = performance.now();
  const done = (r: Answer): EklaimResult => ({
    ...r,
    ms: Math.round(performance.now() - started),
  });
  const at = addressOf(settings.url);
  if (!at) {
    return done(fail(
      "settings",
      "Alamat E-Klaim tidak valid: harus http://…/E-Klaim/ws.php (contoh: " +
        "http://192.168.1.20/E-Klaim/ws.php).",
    ));
  }
  if (!isKeyHex(settings.keyHex)) {
    return done(fail(
      "settings",
      "Kunci E-Klaim belum diisi atau tidak valid (harus 64 karakter heksadesimal).",
    ));
  }
  const payload = encrypt(
    JSON.stringify({ metadata: Object.assign({ method }, metadataExtra, { method }), data }),
    settings.keyHex,
  );
  let res: Response;
  let text: string | null;
  try {
    res = await fetch(settings.url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: payload,
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    text = await readCapped(res, MAX_ANSWER_BYTES);
  } catch (e) {
    if ((e as Error)?.name === "TimeoutError" || (e as Error)?.name === "AbortError") {
      return done(fail(
        "timeout",
        `E-Klaim di ${at} tidak menjawab dalam ${seconds(settings.timeoutMs)} detik: periksa ` +
          "apakah komputer E-Klaim menyala dan tidak sedang sibuk, lalu coba lagi.",
      ));
    }
    return done(fail(
      "unreachable",
      `E-Klaim di ${at} tidak menjawab (${networkCause(e)}): periksa apakah komputer E-Klaim ` +
        "menyala, alamatnya benar dan web service-nya aktif.",
    ));
  }
  if (res.status !== 200) {
    return done(fail(
      "http",
      `E-Klaim di ${at} menjawab HTTP ${res.status}, bukan jawaban web service: periksa ` +
        "alamatnya (harus berakhir /E-Klaim/ws.php) dan apakah web service E-Klaim aktif.",
    ));
  }
  if (text === null) {
    return done(fail("unreadable", `Jawaban dari ${at} terlalu besar untuk jawaban E-Klaim.`));
  }
  return done(readAnswer(text, settings.keyHex, method, at));
}
