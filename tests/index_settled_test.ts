import assert from "node:assert/strict";
import { MemIndex, type Query } from "../lib/index/index.ts";
import { derive, ids, put, type Rec, rec, SEARCH, throughSnapshot } from "./index_fixtures.ts";

/** A restored index whose blocks are all parsed swaps its lazy entries for plain ones. */

const QUERIES: Query[] = [
  { order: [{ field: "name", dir: "asc" }], length: 10 },
  { where: { status: "dirawat" }, search: "ru", order: [{ field: "total", dir: "desc" }] },
  { where: { status: "pulang", "room._id": "2" }, viewFields: ["status"], length: 5 },
  { numeric: (c, k) => c[0][k] > 50, numericKey: "over-50", start: 3, length: 7 },
];

const answer = (idx: MemIndex<Rec>, q: Query) => {
  const r = idx.query(q);
  return { total: r.total, filtered: r.filtered, rows: ids(r.rows) };
};

Deno.test("mem index: after a restore is settled, answers, groups and writes are those of the index it came from", async () => {
  const before = new MemIndex<Rec>(SEARCH, derive, { share: ["room"] });
  for (let i = 0; i < 1_200; i++) {
    put(
      before,
      rec(
        `r${String(i).padStart(4, "0")}`,
        `nama ${i % 37}`,
        String(i % 4),
        i % 3 ? "pulang" : "dirawat",
        i % 100,
      ),
    );
  }
  for (const q of QUERIES) before.query(q);
  const back = new MemIndex<Rec>(SEARCH, derive, { share: ["room"] });
  await throughSnapshot(before, back, ["room"]);
  for (const q of QUERIES) back.query(q); // groups and lists built over the lazy entries
  back.settled();
  for (const q of QUERIES) assert.deepEqual(answer(back, q), answer(before, q), JSON.stringify(q));
  assert.equal(back.where("status", "dirawat").length, before.where("status", "dirawat").length);
  for (const idx of [before, back]) {
    put(idx, rec("r0003", "nama baru", "2", "pulang", 77));
    put(idx, null, "r0010");
    put(idx, rec("r9999", "ruang tambahan", "1", "dirawat", 99));
  }
  for (const q of QUERIES) {
    assert.deepEqual(answer(back, q), answer(before, q), `after writes ${JSON.stringify(q)}`);
  }
  assert.equal(back.get("r0003")!.value.name, "nama baru");
});
