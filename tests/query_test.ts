import assert from "node:assert/strict";
import { MemIndex, type Query } from "../lib/index/index.ts";
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

/** Queries (random, rare and common terms, a custom match) answer as worked out row by row. */

const VARIANTS: [number, string[]][] = [[512, SEARCH], [3, ["name", "code"]], [1, []]];
for (const [block, grams] of VARIANTS) {
  Deno.test(`mem index: random writes between random reads answer as a fresh index (text blocks of ${block}, trigrams on ${grams.join(", ") || "nothing"})`, () => {
    randomSteps(block, grams);
  });
}

/**
 * Random writes (one or a batch) each followed by a random query, compared with a fresh index
 * (default blocks, no trigrams: every search scans) and with the answer worked out row by row.
 * Small `block`s make writes cross, split and empty the search text's blocks all the time;
 * trigrams on some fields answer searches over those fields from candidates.
 */
function randomSteps(block: number, grams: string[]) {
  const rnd = random(7);
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
  const idx = new MemIndex<Rec>(SEARCH, derive, { block, grams });
  const names = ["Ani", "budi", "Citra", "Dodi", "eko", "Fajar", ""];
  const queries: Query[] = [
    {},
    { order: [{ field: "name", dir: "asc" }] },
    { order: [{ field: "total", dir: "desc" }, { field: "name", dir: "asc" }] },
    { order: [{ field: "room.name", dir: "asc" }], start: 2, length: 5 },
    { where: { status: "dirawat" }, order: [{ field: "total", dir: "asc" }] },
    { where: { "room._id": "2" } },
    { where: { status: "pulang", "room._id": "1" }, order: [{ field: "name", dir: "desc" }] },
    { search: "i", order: [{ field: "total", dir: "asc" }] },
    { search: "ruang 1", searchFields: ["room.name"], order: [{ field: "name", dir: "asc" }] },
    { search: "a", where: { status: "dirawat" }, order: [{ field: "name", dir: "asc" }] },
    // the smaller group is the base; a search with filters goes through the joined text
    {
      search: "di",
      where: { status: "pulang", "room._id": "1" },
      filter: (d) => ((d as Rec).total ?? 0) > 0,
      order: [{ field: "total", dir: "desc" }],
      start: 1,
      length: 3,
    },
    {
      search: "ruang 1",
      searchFields: ["room.name", "code"],
      filter: (d) => (d as Rec).status === "dirawat",
      order: [{ field: "code", dir: "asc" }],
    },
    { search: "a\u0001ruang", where: { "room._id": "0" } },
    // rare terms: answered from trigram candidates, checked like a scan
    { search: "citra", order: [{ field: "name", dir: "desc" }], start: 1, length: 3 },
    {
      search: "ruang 2",
      where: { status: "pulang" },
      numeric: (c, k) => c[0][k] >= 0,
      filter: (d) => (d as Rec).name !== "",
      order: [{ field: "total", dir: "asc" }],
    },
    { search: "kid1", searchFields: ["code"] },
    { search: "ani", searchFields: ["name", "code"], order: [{ field: "code", dir: "desc" }] },
    // numeric filters on the derived numbers, alone and with a search and a where
    { numeric: (c, k) => c[0][k] > 1, order: [{ field: "name", dir: "asc" }] },
    {
      numeric: (c, k) => c[1][k] === 1 && !Number.isNaN(c[0][k]),
      search: "di",
      where: { "room._id": "2" },
      order: [{ field: "total", dir: "asc" }],
      start: 1,
      length: 4,
    },
  ];
  for (let step = 0; step < 1500; step++) {
    const id = `id${Math.floor(rnd() * 40)}`;
    const n = Math.floor(rnd() * 5) + 1;
    const rows: [string, { value: Rec; versionstamp: string } | null][] = [];
    for (let k = 0; k < n; k++) {
      const r = rnd() < 0.2 ? null : rec(
        k ? `id${Math.floor(rnd() * 40)}` : id,
        pick(names),
        String(Math.floor(rnd() * 3)),
        pick(["dirawat", "pulang"]),
        pick([null, 0, 1, 2, 3, 100, -5]),
      );
      rows.push([r?._id ?? id, r && { value: r, versionstamp: String(step) }]);
    }
    if (n === 1) idx.put(...rows[0]);
    else idx.putMany(rows);
    const q = pick(queries);
    same(idx, q, `step ${step}`);
    const got = idx.query(q);
    assert.deepEqual(
      { total: got.total, filtered: got.filtered, rows: ids(got.rows) },
      naive(idx, q),
      `step ${step}, as worked out row by row: ${JSON.stringify(q)}`,
    );
    const room = String(Math.floor(rnd() * 3));
    assert.deepEqual(ids(idx.where("room._id", room)), ids(fresh(idx).where("room._id", room)));
    assert.equal(idx.countWhere("status", "pulang"), fresh(idx).countWhere("status", "pulang"));
  }
  for (const q of queries) same(idx, q, "at the end");
}

Deno.test("mem index: rare terms (trigram candidates) and common ones (scan) answer as row by row", () => {
  const rnd = random(11);
  const idx = new MemIndex<Rec>(SEARCH, derive, { block: 64, grams: SEARCH });
  const names = ["Ani Lestari", "Budi Santoso", "Citra Dewi", "Dodi", "Eko Prasetyo"];
  const make = (i: number) =>
    rec(
      `id${String(i).padStart(5, "0")}`,
      `${names[i % 5]} ${Math.floor(rnd() * 5000)}`,
      String(i % 7),
      rnd() < 0.1 ? "dirawat" : "pulang",
      Math.floor(rnd() * 100) - 20,
    );
  for (let i = 0; i < 1500; i++) put(idx, make(i));
  const queries = (term: string): Query[] => [
    { search: term, order: [{ field: "name", dir: "asc" }], length: 10 },
    { search: term, where: { status: "pulang" }, order: [{ field: "total", dir: "desc" }] },
    { search: term, numeric: (c, k) => c[0][k] > 10, start: 2, length: 5 },
    { search: term, searchFields: ["name"] },
  ];
  for (let step = 0; step < 150; step++) {
    const i = Math.floor(rnd() * 1600); // replaces one, or adds one
    if (rnd() < 0.1) put(idx, null, `id${String(i).padStart(5, "0")}`);
    else put(idx, make(i));
    const term = step % 3 === 0
      ? "lestari" // a fifth of the rows: scanned
      : step % 3 === 1
      ? `${Math.floor(rnd() * 5000)}` // a few rows: trigram candidates
      : `k${`id${String(Math.floor(rnd() * 1500)).padStart(5, "0")}`}`; // one code
    for (const q of queries(term)) {
      const got = idx.query(q);
      assert.deepEqual(
        { total: got.total, filtered: got.filtered, rows: ids(got.rows) },
        naive(idx, q),
        `step ${step}: ${JSON.stringify(q)}`,
      );
    }
  }
});

Deno.test("mem index: countUpTo stops counting a custom match there, the page's rows unchanged", () => {
  const idx = new MemIndex<Rec>(SEARCH, derive);
  for (let i = 0; i < 60; i++) {
    put(idx, rec(`r${String(i).padStart(2, "0")}`, `Nama ${i}`, String(i % 3), "dirawat", i));
  }
  const q: Query = {
    search: "nama",
    order: [{ field: "total", dir: "desc" }],
    match: (t: string[], s: string) => t[0].startsWith(s),
    prefilter: (s: string) => [s],
    start: 20,
    length: 20,
  };
  const all = idx.query(q);
  assert.equal(all.filtered, 60);
  const some = idx.query({ ...q, countUpTo: 41 });
  assert.deepEqual(ids(some.rows), ids(all.rows));
  assert.equal(some.filtered, 41, "counted up to the next page's first match");
  const last = idx.query({ ...q, start: 40, countUpTo: 61 });
  assert.equal(last.filtered, 60, "fewer than countUpTo: the exact count");
  assert.equal(last.rows.length, 20);
});
