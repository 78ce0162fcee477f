import assert from "node:assert/strict";
import { MemIndex, type Query } from "../lib/index/index.ts";
import { Store } from "../lib/db/store.ts";
import {
  derive,
  fresh,
  ids,
  naive,
  put,
  random,
  type Rec,
  rec,
  same,
  SEARCH,
} from "./index_fixtures.ts";

/** Cached views, groups and search texts kept in step with writes answer as a fresh index. */

Deno.test("mem index: a write moves a cached ordering's entry instead of dropping the ordering", () => {
  const idx = new MemIndex<Rec>(SEARCH, derive);
  put(idx, rec("a", "Citra", "1", "dirawat", 300));
  put(idx, rec("b", "Ani", "2", "pulang", 100));
  put(idx, rec("c", "Budi", "1", "dirawat", 200));
  const byTotal = { order: [{ field: "total", dir: "asc" as const }] };
  assert.deepEqual(ids(idx.query(byTotal).rows), ["b", "c", "a"]);
  put(idx, rec("a", "Citra", "1", "dirawat", 50)); // replaced: moves to the front
  assert.deepEqual(ids(idx.query(byTotal).rows), ["a", "b", "c"]);
  put(idx, rec("d", "Dodi", "2", "dirawat", 150)); // new: lands in the middle
  assert.deepEqual(ids(idx.query(byTotal).rows), ["a", "b", "d", "c"]);
  put(idx, null, "b"); // removed
  assert.deepEqual(ids(idx.query(byTotal).rows), ["a", "d", "c"]);
  // ties are ordered by id; no order is insertion order, a replaced row keeps its place
  put(idx, rec("c", "Budi", "1", "dirawat", 150));
  assert.deepEqual(ids(idx.query(byTotal).rows), ["a", "c", "d"]);
  assert.deepEqual(ids(idx.query({}).rows), ["a", "c", "d"]);
  assert.deepEqual(ids(idx.rows()), ["a", "c", "d"]);
  put(idx, null, "a");
  put(idx, rec("a", "Citra", "1", "dirawat", 1));
  assert.deepEqual(ids(idx.query({}).rows), ["c", "d", "a"]);
  assert.equal(idx.query({}).total, 3);
  same(idx, byTotal, "after the writes");
});

Deno.test("mem index: where groups and where views follow a record changing group", () => {
  const idx = new MemIndex<Rec>(SEARCH, derive);
  put(idx, rec("a", "Citra", "1", "dirawat", 300));
  put(idx, rec("b", "Ani", "2", "dirawat", 100));
  put(idx, rec("c", "Budi", "1", "pulang", 200));
  const open = {
    where: { status: "dirawat" },
    order: [{ field: "name", dir: "asc" as const }],
  };
  assert.deepEqual(ids(idx.query(open).rows), ["b", "a"]);
  assert.deepEqual(ids(idx.where("room._id", "1")), ["a", "c"]);
  assert.equal(idx.countWhere("status", "pulang"), 1);
  // a discharged (leaves the open view), c readmitted (joins it), b moves room
  put(idx, rec("a", "Citra", "1", "pulang", 300));
  put(idx, rec("c", "Budi", "1", "dirawat", 200));
  put(idx, rec("b", "Ani", "1", "dirawat", 100));
  assert.deepEqual(ids(idx.query(open).rows), ["b", "c"]);
  assert.equal(idx.query(open).filtered, 2);
  assert.deepEqual(ids(idx.where("room._id", "1")), ["a", "b", "c"]); // insertion order
  assert.deepEqual(ids(idx.where("room._id", "2")), []);
  assert.equal(idx.countWhere("status", "pulang"), 1);
  assert.equal(idx.countWhere("status", "dirawat"), 2);
  put(idx, null, "c");
  assert.deepEqual(ids(idx.query(open).rows), ["b"]);
  assert.equal(idx.countWhere("status", "dirawat"), 1);
  put(idx, rec("e", "Eko", "3", "dirawat", null)); // a new group value
  assert.deepEqual(ids(idx.where("room._id", "3")), ["e"]);
  assert.deepEqual(ids(idx.query(open).rows), ["b", "e"]);
  same(idx, { ...open, where: { status: "pulang" } }, "the other group");
});

Deno.test("mem index: a search after writes finds what a fresh index finds", () => {
  const idx = new MemIndex<Rec>(SEARCH, derive);
  for (let i = 0; i < 30; i++) {
    put(idx, rec(`r${String(i).padStart(2, "0")}`, `Nama ${i}`, String(i % 3), "dirawat", i));
  }
  const q = { search: "nama 1", order: [{ field: "total", dir: "desc" as const }] };
  const sub = { ...q, searchFields: ["name"] };
  assert.equal(idx.query(q).filtered, 11);
  idx.query(sub);
  // the text changes in place (same total: the entry keeps its position)
  put(idx, rec("r05", "Nama 15 baru", "0", "dirawat", 5));
  for (const x of [q, sub]) same(idx, x, "text changed in place");
  // the entry moves, one is removed, one is new, a record's text gets a "\n"
  put(idx, rec("r12", "Nama 12", "0", "dirawat", -4));
  put(idx, null, "r13");
  put(idx, rec("r99", "Nama 1\nbaris", "2", "dirawat", 17));
  for (const x of [q, sub]) same(idx, x, "after four writes");
  assert.equal(idx.query(q).filtered, 12); // 15 baru and "1\nbaris" in, 13 out
  // searched once between writes, several writes without a search, then a search
  for (let i = 0; i < 5; i++) {
    put(idx, rec(`r0${i}`, `Nama 1${i}${i}`, "1", "dirawat", 100 - i));
    if (i % 2) same(idx, q, "searched between writes");
  }
  for (const x of [q, sub, { ...q, search: "ruang 2" }, { ...q, search: "\u0001" }]) {
    same(idx, x, "after more writes");
  }
  // a match with a prefilter over the same kept text
  const match = {
    ...q,
    match: (t: string[], s: string) => t[0].endsWith(s),
    prefilter: (s: string) => [s],
  };
  for (const search of ["11", "baru", "44"]) same(idx, { ...match, search }, "prefiltered match");
});

Deno.test("mem index: no values, numbers and text order the same whichever way they arrive", () => {
  const idx = new MemIndex<Rec>(SEARCH, derive);
  const totals = [5, null, 0, -2, NaN, 0, null, 12];
  const q = { order: [{ field: "total", dir: "asc" as const }] };
  idx.query(q);
  totals.forEach((t, i) => put(idx, rec(`x${i}`, "N", "1", "dirawat", t)));
  assert.deepEqual(ids(idx.query(q).rows), ["x1", "x4", "x6", "x3", "x2", "x5", "x0", "x7"]);
  same(idx, q, "mixed");
  same(idx, { order: [{ field: "total", dir: "desc" }] }, "mixed, descending");
});

Deno.test("collection: writes to a collection never indexed leave it unindexed until read", async () => {
  const store = await Store.open(":memory:");
  const col = store.collection({ name: "detail", search: ["desc"] });
  const proto = MemIndex.prototype as unknown as { putMany: (...a: unknown[]) => void };
  const original = proto.putMany;
  let indexed = 0;
  proto.putMany = function (...a: unknown[]) {
    indexed++;
    return original.apply(this, a);
  };
  try {
    const a = await col.insert({ desc: "satu" });
    await col.update(a.value._id, { desc: "satu diubah" });
    const b = await col.insert({ desc: "dua" });
    await col.remove(b.value._id);
    assert.equal((await col.find(a.value._id))?.value.desc, "satu diubah");
    assert.equal(indexed, 0);
    // the first read loads it, and from then on writes keep it in step
    const idx = await col.index();
    assert.deepEqual(idx.rows().map((r) => r.value.desc), ["satu diubah"]);
    await col.insert({ desc: "tiga" });
    assert.equal(indexed, 1);
    assert.deepEqual((await col.index()).rows().map((r) => r.value.desc), ["satu diubah", "tiga"]);
  } finally {
    proto.putMany = original;
    store.close();
  }
});

Deno.test("mem index: trigrams built in slices with writes in between answer as row by row", async () => {
  const rnd = random(5);
  const idx = new MemIndex<Rec>(SEARCH, derive, { block: 64, grams: SEARCH });
  const make = (i: number, tag: string) =>
    rec(`id${String(i).padStart(5, "0")}`, `Pasien ${tag}${i}`, String(i % 5), "pulang", i);
  for (let i = 0; i < 1000; i++) put(idx, make(i, "awal"));
  const building = idx.warmGrams(100); // slices of 100, a turn between each
  const written: Rec[] = [];
  for (let turn = 0; turn < 12; turn++) {
    // rows already in the postings and rows not yet reached, changed, removed and added
    for (let k = 0; k < 20; k++) {
      const i = Math.floor(rnd() * 1100), r = make(i, `baru${turn}x`);
      if (rnd() < 0.15) put(idx, null, r._id);
      else put(idx, r), written.push(r);
    }
    await new Promise((ok) => setTimeout(ok, 0));
  }
  await building;
  for (
    const term of [
      "awal12",
      "baru3x",
      "baru11x10",
      "pasien awal9",
      ...written.map((r) => r.name),
    ]
  ) {
    const q: Query = { search: term.toLowerCase(), order: [{ field: "total", dir: "asc" }] };
    const got = idx.query(q);
    assert.deepEqual(
      { total: got.total, filtered: got.filtered, rows: ids(got.rows) },
      naive(idx, q),
      term,
    );
  }
});

Deno.test("mem index: a common term's kept hits follow writes, a removal and a record added back", () => {
  const idx = new MemIndex<Rec>(SEARCH, derive, { block: 64, grams: SEARCH });
  const make = (i: number, name: string) =>
    rec(`id${String(i).padStart(5, "0")}`, name, String(i % 3), "pulang", i);
  for (let i = 0; i < 600; i++) put(idx, make(i, i % 2 ? "Budi Santoso" : "Ani Lestari"));
  const q: Query = { search: "santoso", order: [{ field: "total", dir: "desc" }], length: 10 };
  const check = (what: string) => {
    const got = idx.query(q);
    assert.deepEqual(
      { total: got.total, filtered: got.filtered, rows: ids(got.rows) },
      naive(idx, q),
      what,
    );
  };
  check("first (300 candidates: checked and kept)");
  put(idx, make(2, "Citra Santoso"));
  put(idx, make(3, "Dodi"));
  put(idx, make(700, "Eko Santoso"));
  check("after a change in, a change out and an addition");
  put(idx, null, make(5, "")._id);
  put(idx, make(5, "Budi Santoso"));
  check("after a record removed and added back (another insertion rank)");
});

Deno.test("mem index: stored instants order as their text, ranked as times (with empty ones and after writes)", () => {
  const rnd = random(3);
  const idx = new MemIndex<Rec>(SEARCH, derive);
  const at = () =>
    rnd() < 0.1 ? "" : new Date(Date.UTC(2021, 0, 1) + Math.floor(rnd() * 2e11)).toISOString();
  for (let i = 0; i < 400; i++) put(idx, rec(`id${String(i).padStart(4, "0")}`, at(), "1", "x", i));
  put(idx, rec("id9998", "2026-11-16T14:13:00.000Z", "1", "x", 1)); // a tie
  put(idx, rec("id9999", "2026-11-16T14:13:00.000Z", "1", "x", 2));
  for (const dir of ["asc", "desc"] as const) {
    const q: Query = { order: [{ field: "name", dir }] };
    const got = idx.query(q);
    assert.deepEqual(ids(got.rows), naive(idx, q).rows, dir);
  }
  put(idx, rec("id0005", "Bukan tanggal", "1", "x", 5)); // one text that is no instant
  const q: Query = { order: [{ field: "name", dir: "asc" }] };
  assert.deepEqual(ids(fresh(idx).query(q).rows), naive(idx, q).rows, "mixed");
});

Deno.test("mem index: a block's kept hits (one bit per rank) answer as a scan, blocks of any size", () => {
  for (const block of [40, 64, 7]) {
    const idx = new MemIndex<Rec>(SEARCH, derive, { block });
    const next = random(block);
    const names = ["sari", "budi", "siti", "agus", "dewi"];
    for (let i = 0; i < 300; i++) {
      const n = `${names[Math.floor(next() * 5)]} ${Math.floor(next() * 40)}`;
      put(idx, rec(`r${String(i).padStart(3, "0")}`, n, String(i % 4), "dirawat", i));
    }
    const order = [{ field: "total", dir: "asc" as const }];
    // the same few terms again and again (kept hits), with writes between some of them
    for (let round = 0; round < 60; round++) {
      const search = ["s", "sa", "si", "i 1", "dewi", "b", "3"][round % 7];
      const q = { search, order, start: round % 3, length: 25 };
      assert.deepEqual(
        { ...idx.query(q), rows: ids(idx.query(q).rows) },
        naive(idx, q),
        `block ${block}, round ${round}: ${search}`,
      );
      if (round % 5 === 4) {
        const i = Math.floor(next() * 300);
        put(idx, rec(`r${String(i).padStart(3, "0")}`, `siti ${round}`, "1", "dirawat", i));
      }
    }
  }
});
