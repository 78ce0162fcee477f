import { CLAIM_RULES, type ClaimContext, type ClaimStay } from "./readiness.ts";

/** A stay not checked yet: not ready, no rule named. */
export const UNCHECKED = 1 << 30;

/** How many rules a mask holds: bits 0-29, below `UNCHECKED` (bit 31 is the sign). */
export const MASK_RULES = 30;

/** Throws when `rules` do not fit in a mask: a 31st rule's bit would be `UNCHECKED`. */
export function assertMaskFits(rules: readonly unknown[]): void {
  if (rules.length > MASK_RULES) {
    throw new Error(
      `${rules.length} readiness rules do not fit in a mask of ${MASK_RULES} bits (bit 30 is UNCHECKED): widen lib/claim/mask.ts`,
    );
  }
}

assertMaskFits(CLAIM_RULES);

const BIT = new Map(CLAIM_RULES.map((r, i) => [r.rule, 1 << i]));
const BLOK = CLAIM_RULES.reduce((m, r, i) => r.level === "blok" ? m | (1 << i) : m, 0);

/** The rules a stay trips as bits (bit i = `CLAIM_RULES[i]`): what a list keeps of readiness. */
export const claimMask = (stay: ClaimStay, ctx: ClaimContext): number =>
  CLAIM_RULES.reduce((m, r, i) => r.check(stay, ctx) ? m | (1 << i) : m, 0);

/** The bit of a rule code (0 for an unknown code). */
export const ruleBit = (rule: string): number => BIT.get(rule) ?? 0;

/** Ready to claim: checked, and no `blok` rule tripped. */
export const maskReady = (mask: number): boolean => (mask & (BLOK | UNCHECKED)) === 0;

/** The rule codes of a mask, in the table's order. */
export const maskRules = (mask: number): string[] =>
  CLAIM_RULES.filter((_, i) => mask & (1 << i)).map((r) => r.rule);

/** How many rules of `level` a mask trips. */
export const maskCount = (mask: number, level: "blok" | "peringatan"): number =>
  CLAIM_RULES.filter((r, i) => r.level === level && mask & (1 << i)).length;
