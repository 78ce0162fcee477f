import assert from "node:assert/strict";
import { isAsteriskCode } from "../lib/claim/asterisk.ts";
import { ASTERISK_CATEGORIES } from "../lib/claim/asterisk_codes.ts";

Deno.test("asterisk: known manifestation codes are asterisk codes, their dagger codes are not", () => {
  // G01* meningitis in bacterial diseases, H36.0* diabetic retinopathy (ICD-10 Volume 1)
  // P75* meconium ileus in cystic fibrosis: the one category outside chapters III–XIV
  for (
    const code of ["G01*", "G01", "H36.0*", "H36.0", "h36.0", " G01 ", "H36.00", "N08.3", "P75"]
  ) {
    assert.equal(isAsteriskCode(code), true, code);
  }
  // A17.0† tuberculous meningitis and E11.3† are the dagger codes (underlying disease)
  for (const code of ["A17.0", "A17.0†", "E11.3", "J18.9", "G00.9", "H35.0", "", "X"]) {
    assert.equal(isAsteriskCode(code), false, code);
  }
});

Deno.test("asterisk: the kept list has the 83 categories read from the source", () => {
  assert.equal(ASTERISK_CATEGORIES.length, 83);
  assert.equal(new Set(ASTERISK_CATEGORIES).size, 83);
  // first and last rows of the source's asterisk list, by chapter
  assert.deepEqual([ASTERISK_CATEGORIES[0], ASTERISK_CATEGORIES.at(-1)], ["D63", "P75"]);
});
