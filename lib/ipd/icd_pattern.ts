/**
 * The written forms of the two code sets as stored (`A09`, `A09.9`, `J18.90`; `45`, `45.1`,
 * `45.13`): every code of the shared lists has one (tests/icd_pattern_test.ts).
 */
export const ICD_PATTERNS = {
  icd10: /^[A-Z]\d{2}(?:\.\d{1,2})?$/,
  icd9: /^\d{2}(?:\.\d{1,2})?$/,
} as const;

/** The same codes without their dot (`A099`, `4513`), as other systems and `code2` write them. */
const DOTLESS = { icd10: /^[A-Z]\d{2,4}$/, icd9: /^\d{2,4}$/ } as const;

/** A code set of the app: ICD-10 diagnoses or ICD-9-CM procedures. */
export type IcdKind = keyof typeof ICD_PATTERNS;

/** The code set's name in messages. */
export const ICD_NAMES: Record<IcdKind, string> = { icd10: "ICD-10", icd9: "ICD-9-CM" };

/** What a message shows as the forms of a kind. */
export const ICD_EXAMPLES: Record<IcdKind, string> = {
  icd10: "1 huruf dan 2 angka, boleh titik dan 1-2 angka: A09, A09.9, J18.90",
  icd9: "2 angka, boleh titik dan 1-2 angka: 45, 45.1, 45.13",
};

/** The kind whose pattern `code` has (with its dot, or `dotless` too); null: neither. */
export function icdKindOf(code: string, dotless = false): IcdKind | null {
  for (const kind of ["icd10", "icd9"] as const) {
    if (ICD_PATTERNS[kind].test(code) || (dotless && DOTLESS[kind].test(code))) return kind;
  }
  return null;
}
