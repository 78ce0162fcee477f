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

Deno.test("Interner: a record read after another is given the other's texts of 11 to 64 characters", () => {
  const intern = new Interner();
  // each JSON.parse gives its record strings of its own, as a load's batches do
  const text = JSON.stringify({
    _id: "01JABCDEFGHJKMNPQRSTVWXYZ0",
    address: "Jl. Wulandari No. 40",
    kind: "pulang_sehat",
    short: "Demam tifo",
    long: "x".repeat(65),
    edge: "y".repeat(64),
    n: 3,
  });
  const a = JSON.parse(text), b = JSON.parse(text);
  assert.equal(intern.record(a), 0);
  // address, kind, edge; not short (10), long (65) nor _id
  assert.equal(intern.record(b), 3);
  assert.deepEqual(b, JSON.parse(text));
  assert.equal(intern.record(JSON.parse(text)), 3);
});
