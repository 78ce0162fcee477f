import assert from "node:assert/strict";
import { MemIndex, type Query } from "../lib/index/index.ts";
import { derive, ids, naive, put, random, type Rec, rec, SEARCH } from "./index_fixtures.ts";

/** Filters kept as bit sets (lib/index/filter_bits.ts) answer as the row-by-row oracle. */

const NAMES = ["sari", "budi", "siti", "agus", "dewi", "bu"];
const ORDERS = [[], [{ field: "total", dir: "asc" }], [{ field: "name", dir: "desc" }]] as const;

/** Random records from seed `seed`, a share `admitted` of them admitted, some without a total. */
function records(seed: number, admitted: number) {
  const next = random(seed);
  const pick = <X>(xs: readonly X[]) => xs[Math.floor(next() * xs.length)];
  const make = (i: number) =>
    rec(
      `r${String(i).padStart(4, "0")}`,
      `${pick(NAMES)} ${Math.floor(next() * 30)}`,
      String(Math.floor(next() * 4)),
      next() < admitted ? "dirawat" : "pulang",
      next() < 0.1 ? null : Math.floor(next() * 100),
    );
  return { next, pick, make };
}

Deno.test("mem index: kept filter sets (search, where, numbers) follow writes and removals", () => {
  const idx = new MemIndex<Rec>(SEARCH, derive, { block: 64 });
  const { next, pick, make } = records(7, 0.3);
  for (let i = 0; i < 400; i++) put(idx, make(i));
  // the numeric filters by key, as the stay lists give them: one test per key
  const tests: Record<string, (c: Float64Array[], k: number) => boolean> = {
    low: (c, k) => c[0][k] < 30,
    high: (c, k) => c[0][k] >= 70,
    admitted: (c, k) => c[1][k] === 1,
  };
  let asked = 0;
  for (let round = 0; round < 300; round++) {
    const where: Record<string, string> = {};
    if (next() < 0.6) where.status = pick(["dirawat", "pulang"]);
    if (next() < 0.4) where["room._id"] = pick(["0", "1", "2", "3", "9"]);
    const key = next() < 0.5 ? pick(Object.keys(tests)) : null;
    const q: Query = {
      where,
      viewFields: ["status"],
      search: next() < 0.6 ? pick(["s", "b", "bu", "si", "1", "i 2", "dewi", "zz"]) : undefined,
      order: [...pick(ORDERS)],
      start: pick([0, 0, 10, 35]),
      length: pick([10, 25]),
      ...(key ? { numeric: tests[key], numericKey: key } : {}),
    };
    const got = idx.query(q);
    assert.deepEqual(
      { total: got.total, filtered: got.filtered, rows: ids(got.rows) },
      naive(idx, q),
      `round ${round}: ${JSON.stringify(q)}`,
    );
    asked++;
    // writes between the questions: changes, new records, removals and records added back
    const w = next();
    if (w < 0.4) put(idx, { ...make(Math.floor(next() * 400)) });
    else if (w < 0.5) put(idx, make(400 + round));
    else if (w < 0.6) put(idx, null, `r${String(Math.floor(next() * 400)).padStart(4, "0")}`);
  }
  assert.equal(asked, 300);
});

Deno.test("mem index: a filter set is built once and then kept (a second question scans nothing)", () => {
  const idx = new MemIndex<Rec>(SEARCH, derive);
  for (let i = 0; i < 50; i++) {
    put(idx, rec(`r${String(i).padStart(3, "0")}`, i % 2 ? "sari" : "budi", "1", "pulang", i));
  }
  let tested = 0;
  const numeric = (c: Float64Array[], k: number) => (tested++, c[0][k] < 10);
  const q: Query = { numeric, numericKey: "below-10", where: { status: "pulang" }, length: 5 };
  assert.equal(idx.query(q).filtered, 10);
  assert.equal(tested, 50, "built over every record once");
  assert.equal(idx.query({ ...q, start: 5 }).filtered, 10);
  assert.equal(tested, 50, "the kept set answered the next page");
  put(idx, rec("r003", "sari", "1", "pulang", 99));
  assert.equal(idx.query(q).filtered, 9);
  assert.equal(tested, 51, "after a write only the written record is tested again");
});

Deno.test("mem index: a longer term is found among a kept shorter one's hits, after writes too", () => {
  const idx = new MemIndex<Rec>(SEARCH, derive, { block: 64 });
  const words = Array.from({ length: 24 }, (_, i) => `kata${String.fromCharCode(97 + i)}x`);
  words.push("dewi", "dewanti", "budi");
  const next = random(11);
  const make = (i: number) =>
    rec(
      `r${String(i).padStart(4, "0")}`,
      `${words[Math.floor(next() * words.length)]} ${Math.floor(next() * 9)}`,
      String(i % 3),
      i % 4 ? "pulang" : "dirawat",
      i % 50,
    );
  for (let i = 0; i < 800; i++) put(idx, make(i));
  const ask = (search: string, what: string) => {
    const q: Query = { search, order: [{ field: "name", dir: "asc" }], start: 0, length: 15 };
    const got = idx.query(q);
    assert.deepEqual(
      { total: got.total, filtered: got.filtered, rows: ids(got.rows) },
      naive(idx, q),
      `${what}: ${search}`,
    );
    return got.filtered;
  };
  assert.ok(ask("dew", "first, by a scan") > 0);
  assert.ok(ask("dewi", "among the kept hits of dew") > 0);
  put(idx, rec("r0001", "dewi baru 1", "1", "pulang", 3));
  put(idx, rec("r0002", "bukan lagi", "1", "pulang", 3));
  put(idx, make(900));
  ask("dewi 1", "after writes: among dewi's, brought up to date");
  ask("dewan", "a term the kept one does not lead to");
  put(idx, null, "r0001");
  ask("ewi", "after a removal (the kept hits start over)");
});

Deno.test("mem index: a search in a view of few records (the admitted stays) answers as the oracle", () => {
  const idx = new MemIndex<Rec>(SEARCH, derive, { block: 64 });
  const { next, pick, make } = records(23, 0.03);
  for (let i = 0; i < 3_200; i++) put(idx, make(i));
  const few = idx.query({ where: { status: "dirawat" } }).filtered;
  assert.ok(few > 0 && few * 16 < 3_200, `${few} of 3,200`);
  for (let round = 0; round < 120; round++) {
    const q: Query = {
      where: next() < 0.5
        ? { status: "dirawat", "room._id": pick(["0", "1"]) }
        : { status: "dirawat" },
      viewFields: ["status"],
      search: pick(["s", "bu", "i 2", "dewi", "sari 1", "zz"]),
      order: [...pick(ORDERS)],
      start: pick([0, 0, 5]),
      length: 10,
      ...(next() < 0.3
        ? { numeric: (c: Float64Array[], k: number) => c[0][k] < 50, numericKey: "low" }
        : {}),
    };
    const got = idx.query(q);
    assert.deepEqual(
      { total: got.total, filtered: got.filtered, rows: ids(got.rows) },
      naive(idx, q),
      `round ${round}: ${JSON.stringify(q)}`,
    );
    // the whole list between: its scans keep hits the few view may then use
    if (next() < 0.3) idx.query({ search: q.search, length: 5 });
    const w = next();
    if (w < 0.4) put(idx, { ...make(Math.floor(next() * 3_200)), status: "dirawat" });
    else if (w < 0.5) put(idx, null, `r${String(Math.floor(next() * 3_200)).padStart(4, "0")}`);
  }
});

Deno.test("mem index: a search within a narrow filter (a room, a month) reads only its records, as the oracle", () => {
  const idx = new MemIndex<Rec>(SEARCH, derive, { block: 64 });
  const next = random(31);
  const pick = <X>(xs: readonly X[]) => xs[Math.floor(next() * xs.length)];
  const make = (i: number) =>
    rec(
      `r${String(i).padStart(4, "0")}`,
      `${pick(NAMES)} ${Math.floor(next() * 30)}`,
      String(Math.floor(next() * 40)), // a room holds 1/40 of the records
      next() < 0.05 ? "dirawat" : "pulang",
      next() < 0.1 ? null : Math.floor(next() * 100),
    );
  for (let i = 0; i < 3_200; i++) put(idx, make(i));
  for (let round = 0; round < 150; round++) {
    const narrow = next();
    const q: Query = {
      where: {
        status: "pulang",
        ...(narrow < 0.4 ? { "room._id": pick(["0", "1", "7", "39"]) } : {}),
      },
      viewFields: ["status"],
      search: pick(["s", "bu", "i 2", "dewi", "sari 1", "ruang 3", "zz", "k r00"]),
      order: [...pick(ORDERS)],
      start: pick([0, 0, 5]),
      length: 10,
      ...(narrow >= 0.4 && narrow < 0.8
        ? { numeric: (c: Float64Array[], k: number) => c[0][k] < 4, numericKey: "rare" }
        : {}),
    };
    const got = idx.query(q);
    assert.deepEqual(
      { total: got.total, filtered: got.filtered, rows: ids(got.rows) },
      naive(idx, q),
      `round ${round}: ${JSON.stringify(q)}`,
    );
    const w = next();
    if (w < 0.4) put(idx, { ...make(Math.floor(next() * 3_200)) });
    else if (w < 0.5) put(idx, null, `r${String(Math.floor(next() * 3_200)).padStart(4, "0")}`);
    else if (w < 0.6) put(idx, make(3_200 + round));
  }
});

Deno.test("mem index: a custom match's prefilter hits are kept and follow writes", () => {
  const idx = new MemIndex<Rec>(SEARCH, derive, { block: 64 });
  const { next, pick, make } = records(41, 0.5);
  for (let i = 0; i < 600; i++) put(idx, make(i));
  // every word of the query starts a word of the name (a lookup such as the ICD select's)
  const match = ([name]: string[], s: string) =>
    s.split(" ").every((w) => name.split(" ").some((x) => x.startsWith(w)));
  const prefilter = (s: string) => [s.split(" ").reduce((a, w) => w.length > a.length ? w : a)];
  const oracle = (q: Query) => {
    const s = q.search!.toLowerCase();
    const rows = idx.rows().filter((r) => match([r.value.name.toLowerCase()], s))
      .sort((a, b) => a.value._id < b.value._id ? -1 : 1);
    return { filtered: rows.length, rows: ids(rows.slice(0, 10)) };
  };
  for (let round = 0; round < 120; round++) {
    const q: Query = {
      search: pick(["si", "sa", "bu", "de 1", "dewi 2", "ag"]),
      searchFields: ["name"],
      match,
      prefilter,
      order: [],
      start: 0,
      length: 10,
    };
    const got = idx.query(q);
    const want = oracle(q);
    assert.deepEqual(
      { filtered: got.filtered, rows: ids(got.rows).sort() },
      { filtered: want.filtered, rows: want.rows.sort() },
      `round ${round}: ${q.search}`,
    );
    const w = next();
    if (w < 0.4) put(idx, { ...make(Math.floor(next() * 600)) });
    else if (w < 0.5) put(idx, null, `r${String(Math.floor(next() * 600)).padStart(4, "0")}`);
    else if (w < 0.6) put(idx, make(600 + round));
  }
});
