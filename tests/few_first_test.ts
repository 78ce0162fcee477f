import assert from "node:assert/strict";
import { MemIndex, type Query } from "../lib/index/index.ts";
import { derive, ids, naive, put, random, type Rec, rec, SEARCH } from "./index_fixtures.ts";

/**
 * A list narrowed by kept filters to few records, in an order without a view (lib/index/
 * few_first.ts): those few are sorted, no view is built, and the answer is the row-by-row
 * oracle's, before and after writes, and once the view exists too.
 */

const ORDERS: Query["order"][] = [
  [{ field: "name", dir: "asc" }],
  [{ field: "name", dir: "desc" }],
  [{ field: "total", dir: "desc" }],
  [{ field: "room._id", dir: "asc" }, { field: "total", dir: "asc" }],
];
const NAMES = ["sari", "budi", "siti", "agus", "dewi"];
const TESTS: Record<string, (c: Float64Array[], k: number) => boolean> = {
  band: (c, k) => c[0][k] >= 40 && c[0][k] < 43,
  none: () => false,
};

Deno.test("mem index: a few records' list in a new order is sorted alone, as the oracle answers", () => {
  const idx = new MemIndex<Rec>(SEARCH, derive, { block: 64 });
  const next = random(29);
  const pick = <X>(xs: readonly X[]) => xs[Math.floor(next() * xs.length)];
  const make = (i: number) =>
    rec(
      `r${String(i).padStart(4, "0")}`,
      `${pick(NAMES)} ${Math.floor(next() * 20)}`,
      String(Math.floor(next() * 40)),
      next() < 0.25 ? "dirawat" : "pulang",
      next() < 0.05 ? null : Math.floor(next() * 200),
    );
  for (let i = 0; i < 1_600; i++) put(idx, make(i));
  const ask = (round: number, narrow: boolean) => {
    const where: Record<string, string> = {};
    if (next() < 0.7) where.status = pick(["dirawat", "pulang"]);
    // a room holds a fortieth of the records; a band of totals about a sixty-sixth
    const key = !narrow || next() < 0.5 ? pick(["band", "none", null]) : null;
    // a numeric filter without its key is tested record by record, not kept
    const keyed = key !== null && next() < 0.7;
    if (narrow && (!keyed || next() < 0.5)) where["room._id"] = String(next() * 40 | 0);
    const q: Query = {
      where,
      viewFields: ["status"],
      order: pick(ORDERS),
      start: pick([0, 0, 5]),
      length: pick([10, 50]),
      ...(key ? { numeric: TESTS[key], ...(keyed ? { numericKey: key } : {}) } : {}),
      // a test no kept set holds (as the Klaim list's readiness and claim status)
      ...(next() < 0.5 ? { filter: (d) => ((d as Rec).total ?? 0) % 3 !== 0 } : {}),
    };
    const got = idx.query(q);
    assert.deepEqual(
      { total: got.total, filtered: got.filtered, rows: ids(got.rows) },
      naive(idx, q),
      `round ${round}: ${JSON.stringify(q)}`,
    );
  };
  const write = (round: number) => {
    const w = next();
    if (w < 0.5) put(idx, make(Math.floor(next() * 1_600)));
    else if (w < 0.7) put(idx, make(1_600 + round));
    else if (w < 0.8) put(idx, null, `r${String(Math.floor(next() * 1_600)).padStart(4, "0")}`);
  };
  for (let round = 0; round < 200; round++) {
    ask(round, true);
    write(round);
  }
  // every list was narrow: no order was sorted into a view
  assert.deepEqual(idx.cachedViews(), []);
  // once the lists are asked whole, their views answer the narrow ones alike
  for (const order of ORDERS) {
    for (const status of ["dirawat", "pulang"]) idx.query({ where: { status }, order, length: 5 });
  }
  assert.equal(idx.cachedViews().length, ORDERS.length * 2);
  for (let round = 200; round < 400; round++) {
    ask(round, next() < 0.7);
    write(round);
  }
});
