import assert from "node:assert/strict";
import { MemIndex, type Query } from "../lib/index/index.ts";
import { listQuery } from "../lib/ipd/list.ts";
import { derive, ids, naive, put, type Rec, rec, SEARCH } from "./index_fixtures.ts";

/** How many orderings an index keeps, and which: few per status, the ones asked for last. */

function ward(rooms: number) {
  const idx = new MemIndex<Rec>(SEARCH, derive);
  for (let i = 0; i < 400; i++) {
    const id = `r${String(i).padStart(3, "0")}`;
    put(idx, rec(id, `Nama ${(i * 37) % 101}`, String(i % rooms), i % 3 ? "pulang" : "dirawat", i));
  }
  return idx;
}

const ORDERS: Query["order"][] = [
  [{ field: "name", dir: "asc" }],
  [{ field: "name", dir: "desc" }],
  [{ field: "total", dir: "desc" }],
];

Deno.test("mem index: a room filter under a status is a mark over the status's view, not a view per room", () => {
  const idx = ward(30);
  // the status's lists asked first, so each order has its view (a room alone holds too few
  // records to be worth a view of its own order: lib/index/few_first.ts)
  for (const order of ORDERS) idx.query({ where: { status: "pulang" }, order, length: 5 });
  for (let room = 0; room < 30; room++) {
    for (const order of ORDERS) {
      const q: Query = {
        where: { status: "pulang", "room._id": String(room) },
        viewFields: ["status"],
        order,
        start: 0,
        length: 5,
      };
      const got = idx.query(q);
      assert.deepEqual({ filtered: got.filtered, rows: ids(got.rows) }, {
        filtered: naive(idx, q).filtered,
        rows: naive(idx, q).rows,
      });
    }
  }
  // three orders over one status: three views, whatever the rooms (90 without `viewFields`)
  assert.deepEqual(idx.cachedViews().sort(), [
    "status=pulang|name:asc",
    "status=pulang|name:desc",
    "status=pulang|total:desc",
  ]);
  // no view field among the terms: the room is a mark over the view of every record
  const all: Query = { where: { "room._id": "7" }, viewFields: ["status"], order: ORDERS[2] };
  idx.query({ order: ORDERS[2], length: 5 });
  assert.deepEqual(ids(idx.query(all).rows), naive(idx, all).rows);
  assert.ok(idx.cachedViews().includes("total:desc"));
  assert.ok(!idx.cachedViews().some((s) => s.startsWith("room._id=")));
});

Deno.test("mem index: the view asked for most recently stays when 64 others are built", () => {
  const idx = ward(70);
  const hot: Query = { where: { status: "pulang" }, order: ORDERS[0], length: 3 };
  idx.query(hot);
  for (let room = 0; room < 70; room++) {
    idx.query({ where: { "room._id": String(room) }, order: ORDERS[0], length: 3 });
    idx.query(hot); // a clerk's usual list, asked between the others
  }
  const kept = idx.cachedViews();
  assert.equal(kept.length, 64);
  assert.equal(kept.at(-1), "status=pulang|name:asc");
  // the oldest rooms' views went; the hot one was built once and kept in step
  assert.ok(!kept.includes("room._id=0|name:asc"));
  put(idx, rec("r001", "Aaa", "1", "pulang", 1));
  assert.deepEqual(ids(idx.query(hot).rows), naive(idx, hot).rows);
});

Deno.test("stay lists: the status is the only view field; room and doctor filters are marks", () => {
  const q = listQuery(
    new URLSearchParams("statusFilter=semua&roomFilter=R1&dpjpFilter=D1"),
    "dirawat",
  );
  assert.deepEqual(q.where, { "room._id": "R1", "dpjp._id": "D1" });
  assert.deepEqual(q.viewFields, ["status"]);
  const p = listQuery(new URLSearchParams("roomFilter=R1"), "pulang");
  assert.deepEqual([p.where, p.viewFields], [{ status: "pulang", "room._id": "R1" }, ["status"]]);
});
