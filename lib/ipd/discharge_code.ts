/** E-Klaim's discharge status codes (`discharge_status`), mapped by Cara Pulang's `kode_eklaim`. */
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
const SHIPPED = new Map(
  Object.entries(DISCHARGE_CODES).map(([k, t]) => [t.toLowerCase(), k as DischargeCode] as const),
);

/** A discharge method's E-Klaim code (`kode_eklaim`; old copies: by description), null unmapped. */
export function dischargeCode(
  method: { desc?: string; kode_eklaim?: string } | null | undefined,
): DischargeCode | null {
  if (!method) return null;
  if (method.kode_eklaim !== undefined) {
    return isDischargeCode(method.kode_eklaim) ? method.kode_eklaim : null;
  }
  return SHIPPED.get(String(method.desc ?? "").trim().toLowerCase()) ?? null;
}
