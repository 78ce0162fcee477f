import { ASTERISK_CATEGORIES } from "./asterisk_codes.ts";

const categories = new Set(ASTERISK_CATEGORIES);

/**
 * Whether an ICD-10 code (`G01`, `H36.0`, `G01*`, `H36.00`) is an asterisk (manifestation) code:
 * every asterisk subdivision lies in an asterisk category, so the category decides.
 */
export function isAsteriskCode(code: string): boolean {
  const c = code.trim().toUpperCase().replace(/[*†+]+$/, "");
  return /^[A-Z]\d\d/.test(c) && categories.has(c.slice(0, 3));
}
