import assert from "node:assert/strict";
import { fieldProblem } from "../components/ui/Form.tsx";
import inacbg from "../resources/inacbg.ts";

Deno.test("group form: every text field says its limit and refuses longer text before sending", () => {
  for (const f of inacbg.fields) {
    assert.ok(f.maxLength && f.hint?.includes(String(f.maxLength)), f.name);
    assert.equal(fieldProblem(f, "x".repeat(f.maxLength!)), "");
    assert.match(fieldProblem(f, "x".repeat(f.maxLength! + 1)), /paling banyak/);
  }
});
