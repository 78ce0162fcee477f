import assert from "node:assert/strict";
import {
  assertMaskFits,
  claimMask,
  maskCount,
  maskReady,
  maskRules,
  ruleBit,
  UNCHECKED,
} from "../lib/claim/mask.ts";
import { CLAIM_RULES } from "../lib/claim/readiness.ts";
import { context, readyStay } from "./claim_fixtures.ts";

Deno.test("readiness mask: one bit per rule in the table's order; ready while no blok bit is set", () => {
  assert.equal(ruleBit("DIAGNOSIS_UTAMA"), 1);
  assert.equal(ruleBit("GROUPING"), 2);
  assert.equal(ruleBit("DATA_KLAIM"), 8);
  assert.equal(ruleBit("KELAS_TARIF"), 512);
  assert.equal(ruleBit("TIDAK_ADA"), 0);
  assert.deepEqual(maskRules(0b10_0000_1101), [
    "DIAGNOSIS_UTAMA",
    "DATA_PULANG",
    "DATA_KLAIM",
    "KELAS_TARIF",
  ]);
  assert.equal(maskCount(0b10_0000_1101, "blok"), 3);
  assert.equal(maskCount(0b10_0000_1101, "peringatan"), 1);
  assert.equal(maskReady(0), true);
  // HASIL_PERSALINAN and KELAS_TARIF only ask for review; DATA_KLAIM blocks
  assert.equal(maskReady(0b10_0001_0000), true);
  assert.equal(maskReady(0b100), false);
  assert.equal(maskReady(0b1000), false);
  // a stay not checked yet is not ready and names no rule
  assert.equal(maskReady(UNCHECKED), false);
  assert.deepEqual(maskRules(UNCHECKED), []);
  // every rule has its own bit, below the UNCHECKED flag (and the sign bit)
  const bits = CLAIM_RULES.map((r) => ruleBit(r.rule));
  assert.equal(new Set(bits).size, CLAIM_RULES.length);
  assert.ok(bits.every((b) => b > 0 && b < UNCHECKED), bits.join());
});

Deno.test("readiness mask: a stay's mask names the rules its full check finds", () => {
  const clean = readyStay();
  assert.equal(claimMask(clean, context()), 0);
  // no grouping (blok) and a procedure in no examination (peringatan)
  const two = readyStay({ inacbg: null, summary9: ["89.14"] });
  assert.equal(claimMask(two, context()), 2 | 32);
  assert.deepEqual(maskRules(claimMask(two, context())), ["GROUPING", "BUKTI_TINDAKAN"]);
});

Deno.test("readiness mask: 30 rules fit below UNCHECKED, a 31st is refused", () => {
  const rules = (n: number) => Array.from({ length: n }, (_, i) => ({ rule: `R${i}` }));
  assertMaskFits(rules(30));
  assert.throws(() => assertMaskFits(rules(31)), /31 readiness rules do not fit/);
  // bit 29, the 30th rule's, is the last below UNCHECKED
  assert.equal((1 << 29) & UNCHECKED, 0);
  assert.equal((1 << 30) & UNCHECKED, UNCHECKED);
  assertMaskFits(CLAIM_RULES);
  for (const r of CLAIM_RULES) assert.equal(ruleBit(r.rule) & UNCHECKED, 0, r.rule);
});
