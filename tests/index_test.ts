import assert from "node:assert/strict";
import { type Doc, MemIndex, type Query } from "../lib/index/index.ts";
import { Store } from "../lib/db/store.ts";
import { Grams } from "../lib/index/grams.ts";

/**
 * Cached views, groups and search texts kept in step with writes answer as a fresh index. (Over
 * 300 lines: every test here checks one index against the same row-by-row oracle, `naive`.)
 */

const SEARCH = ["name", "room.name", "code"];
type Rec = Doc & {
  name: string;
  room: { _id: string; name: string };
  status: string;
  total: number | null;
  code: string;
};

/** The numbers numeric filters test: the total (NaN when none) and 1 while admitted. */
const derive = (d: Rec) => [d.total ?? NaN, d.status === "dirawat" ? 1 : 0];

/** A fresh index holding the same rows, in the same insertion order. */
function fresh(idx: MemIndex<Rec>): MemIndex<Rec> {
  const f = new MemIndex<Rec>(SEARCH, derive);
  for (const r of idx.rows()) f.put(r.value._id, r);
  return f;
}

const ids = (rows: { value: Doc }[]) => rows.map((r) => r.value._id);

function same(idx: MemIndex<Rec>, q: Query, what: string) {
  const a = idx.query(q), b = fresh(idx).query(q);
  assert.deepEqual(
    { total: a.total, filtered: a.filtered, rows: ids(a.rows) },
    { total: b.total, filtered: b.filtered, rows: ids(b.rows) },
    `${what}: ${JSON.stringify(q)}`,
  );
}

function rec(id: string, name: string, room: string, status: string, total: number | null): Rec {
  return {
    _id: id,
    name,
    room: { _id: room, name: `Ruang ${room}` },
    status,
    total,
    code: `K${id}`,
  };
}

const put = (idx: MemIndex<Rec>, r: Rec | null, id = r?._id ?? "") =>
  idx.put(id, r && { value: r, versionstamp: "v" });

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

/** The answer worked out the slow way: every row filtered, searched, sorted and paged. */
function naive(idx: MemIndex<Rec>, q: Query) {
  const get = (o: unknown, path: string) =>
    path.split(".").reduce((v: any, p) => v == null ? undefined : v[p], o);
  const key = (v: unknown) =>
    typeof v === "number" ? (Number.isNaN(v) ? "" : v) : v == null ? "" : String(v).toLowerCase();
  const rank = (k: string | number) => k === "" ? 0 : typeof k === "number" ? 1 : 2;
  const s = q.search?.trim().toLowerCase() ?? "";
  const fields = (q.searchFields ?? SEARCH).filter((f) => SEARCH.includes(f));
  const all = idx.rows();
  const every = !fields.length || fields.length === SEARCH.length;
  const hit = (v: Rec) => {
    const texts = (every ? SEARCH : fields).map((f) => String(get(v, f) ?? "").toLowerCase());
    return every ? texts.join("\u0001").includes(s) : texts.some((t) => t.includes(s));
  };
  const list = all.filter(({ value: v }) =>
    Object.entries(q.where ?? {}).every(([f, x]) => String(get(v, f) ?? "") === x) &&
    (!q.filter || q.filter(v)) && (!s || hit(v)) &&
    (!q.numeric || q.numeric(derive(v).map((x) => Float64Array.of(x)), 0))
  );
  const order = q.order ?? [];
  const sorted = order.length
    ? list.sort((a, b) => {
      for (const o of order) {
        const x = key(get(a.value, o.field)), y = key(get(b.value, o.field));
        const c = rank(x) - rank(y) || (x < y ? -1 : x > y ? 1 : 0);
        if (c) return o.dir === "desc" ? -c : c;
      }
      return a.value._id < b.value._id ? -1 : 1;
    })
    : list;
  const start = q.start ?? 0;
  const end = q.length == null ? undefined : start + q.length;
  return { total: all.length, filtered: sorted.length, rows: ids(sorted.slice(start, end)) };
}

/** A small deterministic random source (so a failure can be replayed). */
function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

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

Deno.test("trigrams: the candidates of a term are every entry holding it, ascending, and few extra", () => {
  const g = new Grams();
  const words = ["siti", "budi", "andi", "wati", "rahayu", "sari"];
  const texts: string[] = [];
  for (let i = 0; i < 5_000; i++) {
    texts.push(`${words[i % 6]} ${words[(i * 7) % 6]}${i % 13} x${i}`);
    g.append(i, texts[i]);
  }
  g.trim();
  for (const term of ["siti", "iti", "ti s", "x1234", "rahayu", "zzz", "i b"]) {
    const got = [...g.candidates(term)];
    const want = texts.flatMap((t, i) => t.includes(term) ? [i] : []);
    assert.ok(want.every((i) => got.includes(i)), term);
    assert.deepEqual(got, [...got].sort((a, b) => a - b), term);
    assert.ok(got.length <= want.length * 1.05 + 5, `${term}: ${got.length} for ${want.length}`);
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
