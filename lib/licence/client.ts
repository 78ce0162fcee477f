import { z } from "zod";
import { badRequest } from "../errors.ts";

/** Hospital codes: letters, digits, '-' and '_' only, so they are always one safe path segment. */
export const HOSPITAL_CODE_RE = /^[A-Za-z0-9_-]{1,32}$/;

/** The message for an empty hospital code on the validation form. */
export const EMPTY_CODE_MESSAGE = "Kode Rumah Sakit tidak boleh kosong";

/** The message for a hospital code with characters that are not allowed. */
export const BAD_CODE_MESSAGE =
  "Kode Rumah Sakit hanya boleh berisi huruf, angka, tanda hubung (-) dan garis bawah (_), " +
  "paling banyak 32 karakter.";

const codeSchema = z.string({ error: EMPTY_CODE_MESSAGE }).trim()
  .min(1, { error: EMPTY_CODE_MESSAGE })
  .regex(HOSPITAL_CODE_RE, { error: BAD_CODE_MESSAGE });

/** The hospital code, trimmed, or a 400 with an Indonesian message (empty or unsafe). */
export function parseHospitalCode(raw: unknown): string {
  const r = codeSchema.safeParse(raw);
  if (!r.success) throw badRequest(r.error.issues[0].message);
  return r.data;
}

const flag = z.union([z.boolean(), z.number(), z.string()])
  .transform((v) => v === true || v === 1 || v === "1" || String(v).toLowerCase() === "true");

/** One licence as the activation service reports it (other fields are kept as they are). */
export const licenceItemSchema = z.looseObject({
  actived: flag,
  lisensi: z.union([z.string(), z.number()]).transform(String).optional().default(""),
});

/** The activation service's answer: `{data: [{actived, lisensi, ...}], message}`. */
export const licenceAnswerSchema = z.object({
  data: z.array(licenceItemSchema).nullish().transform((d) => d ?? []),
  message: z.string().nullish().transform((m) => m ?? ""),
});

export type LicenceAnswer = z.output<typeof licenceAnswerSchema>;

/** The service could not be reached at all (no route, refused, DNS, timeout). */
export class LicenceUnreachable extends Error {}
/** The service answered, but with an error status or something that is not an answer. */
export class LicenceServiceError extends Error {}

/** True when the answer holds a licence and its first entry is active. */
export const isActive = (a: LicenceAnswer): boolean => a.data.length > 0 && a.data[0].actived;

/** `GET {baseUrl}/menara-activation/{code}`: throws `LicenceUnreachable`, `LicenceServiceError`. */
export async function fetchLicence(
  baseUrl: string,
  code: string,
  timeoutMs: number,
): Promise<LicenceAnswer> {
  if (!HOSPITAL_CODE_RE.test(code)) throw badRequest(BAD_CODE_MESSAGE);
  const url = `${baseUrl.replace(/\/+$/, "")}/menara-activation/${encodeURIComponent(code)}`;
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (e) {
    throw new LicenceUnreachable(`Layanan lisensi tidak dapat dihubungi: ${(e as Error).message}`);
  }
  const body = await res.json().catch(() => undefined);
  const parsed = licenceAnswerSchema.safeParse(body);
  if (res.status >= 500 || !parsed.success) {
    throw new LicenceServiceError(`Jawaban layanan lisensi tidak valid (HTTP ${res.status}).`);
  }
  return parsed.data;
}
