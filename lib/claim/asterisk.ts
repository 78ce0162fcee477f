import { ASTERISK_CATEGORIES, ASTERISK_SUBCODES } from "./asterisk_codes.ts";

const categories = new Set(ASTERISK_CATEGORIES);
const subcodes = new Set(ASTERISK_SUBCODES);

/**
 * Whether an ICD-10 code is an asterisk (manifestation) code, as stored in the app (`G01`,
 * `H36.0`) or written with its mark (`G01*`); a national extension (`H36.00`) follows its
 * category. Every asterisk subdivision lies in an asterisk category (lib/claim/asterisk_codes.ts),
 * so the category decides.
 */
export function isAsteriskCode(code: string): boolean {
  const c = code.trim().toUpperCase().replace(/[*†+]+$/, "");
  if (!/^[A-Z]\d\d/.test(c)) return false;
  return categories.has(c.slice(0, 3)) || subcodes.has(c.slice(0, 5));
}
