import assert from "node:assert/strict";
import { Interner } from "./intern.ts";

Deno.test("Interner: texts read twice come back equal, short ones as given", () => {
  const intern = new Interner();
  const stamp = "0000000000000a060000";
  assert.equal(intern.text(stamp), stamp);
  assert.equal(intern.text(String(stamp)), "0000000000000a060000");
  assert.equal(intern.text("pulang"), "pulang");
});
