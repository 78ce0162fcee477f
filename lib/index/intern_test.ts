import assert from "node:assert/strict";
import { Interner } from "./intern.ts";

Deno.test("Interner: a record keeps every value, and texts read twice come back equal", () => {
  const intern = new Interner();
  const stamp = "0000000000000a060000";
  const a = { _id: "01JABCDEFGHJKMNPQRSTVWXYZ0", address: "Jl. Wulandari No. 40", n: 3, ok: true };
  const b = {
    _id: "01JABCDEFGHJKMNPQRSTVWXYZ1",
    address: "Jl. Wulandari No. 40",
    pasien: { x: 1 },
  };
  intern.record(a);
  intern.record(b);
  assert.deepEqual(a, {
    _id: "01JABCDEFGHJKMNPQRSTVWXYZ0",
    address: "Jl. Wulandari No. 40",
    n: 3,
    ok: true,
  });
  assert.deepEqual(b, {
    _id: "01JABCDEFGHJKMNPQRSTVWXYZ1",
    address: "Jl. Wulandari No. 40",
    pasien: { x: 1 },
  });
  assert.equal(intern.text(stamp), stamp);
  assert.equal(intern.text(String(stamp)), "0000000000000a060000");
  assert.equal(intern.text("pulang"), "pulang");
});
