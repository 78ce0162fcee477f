import assert from "node:assert/strict";
import { MemIndex, type Query } from "../lib/index/index.ts";
import { throughSnapshot } from "./index_fixtures.ts";

/** Derived numbers: kept once in columns, written to and read back from a snapshot whole. */

type Rec = { _id: string; name: string; out: number | null };
const derive = (d: Rec) => [d.out ?? NaN, d.name.length];
const none: Query = { numeric: (c, k) => Number.isNaN(c[0][k]) };
const some: Query = { numeric: (c, k) => c[0][k] > 3 };

function filled(): MemIndex<Rec> {
  const idx = new MemIndex<Rec>(["name"], derive);
  const recs: Rec[] = [
    { _id: "a", name: "ani", out: 5 },
    { _id: "b", name: "budi", out: null },
    { _id: "c", name: "citra", out: 2 },
  ];
  for (const r of recs) idx.put(r._id, { value: r, versionstamp: "v" });
  return idx;
}

Deno.test("mem index: a number the record has not (NaN) is NaN again after a snapshot", async () => {
  const idx = filled();
  const back = new MemIndex<Rec>(["name"], derive);
  await throughSnapshot(idx, back);
  assert.equal(back.query(none).filtered, 1, "the stay without a discharge, not a 0");
  assert.deepEqual(back.query(none).rows.map((r) => r.value._id), ["b"]);
  assert.equal(back.query(some).filtered, 1);
});

Deno.test("mem index: once the number columns are built, writes and the snapshot read them there", async () => {
  const idx = filled();
  assert.equal(idx.query(some).filtered, 1, "builds the columns");
  idx.put("d", { value: { _id: "d", name: "dewi", out: 9 }, versionstamp: "v" });
  idx.put("a", { value: { _id: "a", name: "ani", out: null }, versionstamp: "v2" });
  assert.equal(idx.query(some).filtered, 1);
  assert.equal(idx.query(none).filtered, 2);
  const dump = idx.dump();
  assert.deepEqual(dump.entries.map((e) => [e[0], e[4]]), [
    ["a", [NaN, 3]],
    ["b", [NaN, 4]],
    ["c", [2, 5]],
    ["d", [9, 4]],
  ]);
  const back = new MemIndex<Rec>(["name"], derive);
  await throughSnapshot(idx, back);
  assert.equal(back.query(none).filtered, 2);
  assert.equal(back.query(some).filtered, 1);
});
