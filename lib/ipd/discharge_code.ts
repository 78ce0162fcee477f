/**
 * E-Klaim's discharge status (`discharge_status`, E-Klaim 5.10): the code each Cara Pulang entry
 * maps to (`kode_eklaim` of `discharge-patient`, copied into the stay's `dischargepatient`).
 */
export const DISCHARGE_CODES = {
  "1": "Atas persetujuan dokter",
  "2": "Dirujuk",
  "3": "Atas permintaan sendiri",
  "4": "Meninggal",
  "5": "Lain-lain",
} as const;

/** One of E-Klaim's discharge status codes. */
export type DischargeCode = keyof typeof DISCHARGE_CODES;

/** Whether a value is one of E-Klaim's discharge status codes. */
export const isDischargeCode = (v: unknown): v is DischargeCode =>
  typeof v === "string" && Object.hasOwn(DISCHARGE_CODES, v);

/** The code of each shipped Cara Pulang entry, by its description in lower case. */
const SHIPPED = new Map<string, DischargeCode>(
  Object.entries(DISCHARGE_CODES).map((
    [code, label],
  ) => [label.toLowerCase(), code as DischargeCode]),
);

/**
 * The E-Klaim code of a discharge method as a stay copied it: its `kode_eklaim`; a copy made
 * before the code existed (no `kode_eklaim` at all) reads the code of the shipped entry its
 * description names. Null when the method is unmapped (an entry the hospital added or renamed
 * and has not mapped, `kode_eklaim` empty) or absent.
 */
export function dischargeCode(
  method: { desc?: string; kode_eklaim?: string } | null | undefined,
): DischargeCode | null {
  if (!method) return null;
  if (method.kode_eklaim !== undefined) {
    return isDischargeCode(method.kode_eklaim) ? method.kode_eklaim : null;
  }
  return SHIPPED.get(String(method.desc ?? "").trim().toLowerCase()) ?? null;
}
