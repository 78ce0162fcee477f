import { Buffer } from "node:buffer";
import { createCipheriv, createDecipheriv, createHmac, timingSafeEqual } from "node:crypto";

/** Bytes of the signature (the first bytes of HMAC-SHA256 over the ciphertext). */
export const SIGNATURE_BYTES = 10;
/** Bytes of the AES-CBC initialisation vector. */
export const IV_BYTES = 16;
const BLOCK = 16;
const KEY_RE = /^[0-9a-fA-F]{64}$/;

/** Thrown by `encrypt`/`decrypt` for a key that is not 64 hex characters; never holds the key. */
export class EklaimKeyError extends Error {
  constructor() {
    super("Kunci E-Klaim tidak valid: harus 64 karakter heksadesimal (0-9, a-f).");
  }
}

/** True when `keyHex` is a usable E-Klaim key: exactly 64 hex characters (32 bytes). */
export const isKeyHex = (keyHex: string): boolean => KEY_RE.test(keyHex);

/** Why a typed (trimmed) key cannot be used, in Indonesian, never saying what it holds; or null. */
export function keyProblem(keyHex: string): string | null {
  if (keyHex === "") return "Kunci E-Klaim belum diisi.";
  if (!/^[0-9a-fA-F]*$/.test(keyHex)) {
    return "Kunci E-Klaim hanya boleh berisi angka 0-9 dan huruf a-f (heksadesimal).";
  }
  if (keyHex.length !== 64) {
    return `Kunci E-Klaim harus 64 karakter heksadesimal, yang diisi ${keyHex.length} karakter.`;
  }
  return null;
}

function keyBytes(keyHex: string): Buffer {
  if (!isKeyHex(keyHex)) throw new EklaimKeyError();
  return Buffer.from(keyHex, "hex");
}

const sign = (key: Buffer, ciphertext: Uint8Array) =>
  createHmac("sha256", key).update(ciphertext).digest().subarray(0, SIGNATURE_BYTES);

/** `text` cut into lines of 76 characters, each ending `\r\n`, as PHP's `chunk_split` does. */
export const chunkSplit = (text: string): string => text.replace(/.{1,76}/g, "$&\r\n");

/** E-Klaim's message: base64(HMAC-SHA256[10] ‖ iv ‖ AES-256-CBC) in 76-character lines. */
export function encrypt(
  plainJson: string,
  keyHex: string,
  iv: Uint8Array = crypto.getRandomValues(new Uint8Array(IV_BYTES)),
  { lines = true }: { lines?: boolean } = {},
): string {
  const key = keyBytes(keyHex);
  if (iv.length !== IV_BYTES) throw new RangeError(`IV harus ${IV_BYTES} byte.`);
  const cipher = createCipheriv("aes-256-cbc", key, iv);
  const ciphertext = Buffer.concat([cipher.update(plainJson, "utf8"), cipher.final()]);
  const b64 = Buffer.concat([sign(key, ciphertext), iv, ciphertext]).toString("base64");
  return lines ? chunkSplit(b64) : b64;
}

/** Why a message did not decrypt. */
export type DecryptFailure =
  /** Not base64 text (after dropping whitespace). */
  | "not_base64"
  /** Shorter than signature, IV and one block, or a ciphertext that is not whole blocks. */
  | "too_short"
  /** The signature does not match: another key, or a damaged message. */
  | "bad_signature"
  /** Signed with this key, but the plaintext's padding or UTF-8 is broken. */
  | "undecryptable";

/** The plaintext, or why there is none. */
export type Decrypted = { ok: true; text: string } | { ok: false; failure: DecryptFailure };

const B64_RE = /^[A-Za-z0-9+/]*={0,2}$/;

/** The plaintext of an E-Klaim message, its signature checked in constant time first. */
export function decrypt(message: string, keyHex: string): Decrypted {
  const key = keyBytes(keyHex);
  const b64 = message.replace(/\s+/g, "");
  if (!B64_RE.test(b64) || b64.length % 4 !== 0) return { ok: false, failure: "not_base64" };
  const raw = Buffer.from(b64, "base64");
  const body = raw.length - SIGNATURE_BYTES - IV_BYTES;
  if (body < BLOCK || body % BLOCK !== 0) return { ok: false, failure: "too_short" };
  const signature = raw.subarray(0, SIGNATURE_BYTES);
  const iv = raw.subarray(SIGNATURE_BYTES, SIGNATURE_BYTES + IV_BYTES);
  const ciphertext = raw.subarray(SIGNATURE_BYTES + IV_BYTES);
  if (!timingSafeEqual(signature, sign(key, ciphertext))) {
    return { ok: false, failure: "bad_signature" };
  }
  try {
    const decipher = createDecipheriv("aes-256-cbc", key, iv);
    const plain = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(plain) };
  } catch {
    return { ok: false, failure: "undecryptable" };
  }
}

/** The first line of an encrypted answer. */
export const BEGIN_MARKER = "----BEGIN ENCRYPTED DATA----";
/** The last line of an encrypted answer. */
export const END_MARKER = "----END ENCRYPTED DATA----";
const BEGIN_RE = /-{3,}\s*BEGIN ENCRYPTED DATA\s*-{3,}/i;
const END_RE = /-{3,}\s*END ENCRYPTED DATA\s*-{3,}/i;

/** The message between an answer's BEGIN and END markers (found by pattern), or null. */
export function unwrap(answerText: string): string | null {
  const begin = BEGIN_RE.exec(answerText);
  if (!begin) return null;
  const rest = answerText.slice(begin.index + begin[0].length);
  const end = END_RE.exec(rest);
  if (!end) return null;
  return rest.slice(0, end.index).replace(/\s+/g, "");
}

/** An answer as E-Klaim sends it: the markers around the (line-broken) message. */
export const wrap = (message: string): string =>
  `${BEGIN_MARKER}\r\n${message}${message.endsWith("\n") ? "" : "\r\n"}${END_MARKER}\r\n`;
