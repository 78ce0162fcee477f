/** `transition`: a pending reason that is not one of the verifier's codes is kept as free text. */
import assert from "node:assert/strict";
import { transition } from "./status.ts";

Deno.test("a pending reason named like an object's own property ('toString') is free text", () => {
  const claim = { status: "terkirim", reasonCode: "", reason: "", history: [] };
  for (const reason of ["toString", "constructor", "__proto__"]) {
    // deno-lint-ignore no-explicit-any
    const got = transition(claim as any, { status: "pending", reason }, "admin", new Date());
    assert.deepEqual([got.status, got.reasonCode, got.reason], ["pending", "lainnya", reason]);
  }
});
