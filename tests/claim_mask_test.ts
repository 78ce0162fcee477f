import assert from "node:assert/strict";
import {
  claimMask,
  maskCount,
  maskOf,
  maskReady,
  maskRules,
  ruleBit,
  UNCHECKED,
} from "../lib/claim/mask.ts";
import { claimCheck } from "../lib/claim/readiness.ts";
import { context, readyStay } from "./claim_fixtures.ts";

Deno.test("readiness mask: one bit per rule in the table's order; ready while no blok bit is set", () => {
  assert.equal(ruleBit("DIAGNOSIS_UTAMA"), 1);
  assert.equal(ruleBit("GROUPING"), 2);
  assert.equal(ruleBit("KELAS_TARIF"), 256);
  assert.equal(ruleBit("TIDAK_ADA"), 0);
  assert.deepEqual(maskRules(0b1_0000_0101), ["DIAGNOSIS_UTAMA", "DATA_PULANG", "KELAS_TARIF"]);
  assert.equal(maskCount(0b1_0000_0101, "blok"), 2);
  assert.equal(maskCount(0b1_0000_0101, "peringatan"), 1);
  assert.equal(maskReady(0), true);
  // HASIL_PERSALINAN and KELAS_TARIF only ask for review
  assert.equal(maskReady(0b1_0000_1000), true);
  assert.equal(maskReady(0b100), false);
  // a stay not checked yet is not ready and names no rule
  assert.equal(maskReady(UNCHECKED), false);
  assert.deepEqual(maskRules(UNCHECKED), []);
});

Deno.test("readiness mask: a stay's mask names the rules its full check finds", () => {
  const clean = readyStay();
  assert.equal(claimMask(clean, context()), 0);
  // no grouping (blok) and a procedure in no examination (peringatan)
  const two = readyStay({ inacbg: null, summary9: ["89.14"] });
  assert.equal(claimMask(two, context()), 2 | 16);
  assert.equal(maskOf(claimCheck(two, context())), 2 | 16);
  assert.deepEqual(maskRules(claimMask(two, context())), ["GROUPING", "BUKTI_TINDAKAN"]);
});
