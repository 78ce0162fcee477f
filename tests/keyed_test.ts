import assert from "node:assert/strict";
import { Store } from "../lib/db/store.ts";
import type { CollectionSpec } from "../lib/db/collection.ts";
import type { Query } from "../lib/index/index.ts";
import { countKey, KEYED_MAX } from "../lib/db/subset.ts";

/**
 * A `keyed` collection: before its index is loaded, the first pages ordered by the keyed field
 * are read through its unique keys, in the order the loaded index gives (lowercased text, ties
 * by id), although KV orders the keys by their bytes.
 */

type Pat = { _id: string; rm: string; name: string };

const spec: CollectionSpec = { name: "rm", search: ["rm", "name"], unique: ["rm"], keyed: "rm" };

// KV (bytes): 0012 12 B1 C Zeta a1 a2 b0 c Ä1 é; the index: 0012 12 a1 a2 b0 B1 c|C Zeta Ä1 é
const RMS = ["B1", "a2", "0012", "Zeta", "c", "12", "a1", "b0", "C", "Ä1", "é"];

Deno.test("keyed: the first pages answer from the keys, as the loaded index orders them", async () => {
  const store = await Store.open(":memory:");
  try {
    const col = store.collection<Pat>(spec);
    await col.index();
    for (const rm of RMS) await col.insert({ rm, name: `Pasien ${rm}` });
    const asc: Query = { order: [{ field: "rm", dir: "asc" }], start: 0, length: 4 };
    const queries: Query[] = [
      asc,
      { ...asc, start: 4, length: 4 },
      { ...asc, start: 8, length: 10 },
      { order: [{ field: "rm", dir: "desc" }], start: 0, length: 3 },
      { order: [{ field: "rm", dir: "desc" }], start: 2, length: 5 },
    ];
    const loaded = await col.index();
    const want = queries.map((q) => loaded.query(q));
    assert.deepEqual(
      want[0].rows.map((r) => r.value.rm),
      ["0012", "12", "a1", "a2"],
      "lowercased: a1 before B1",
    );
    assert.deepEqual(want[1].rows.map((r) => r.value.rm.toLowerCase()), ["b0", "b1", "c", "c"]);

    col.reset(); // as a new process on the same store
    for (const [i, q] of queries.entries()) {
      const early = await col.early(q);
      assert.ok(early, `query ${i}: answered early`);
      assert.equal(early.total, RMS.length);
      assert.equal(early.filtered, RMS.length);
      const got = await col.query(q);
      assert.deepEqual(got, want[i], `query ${i}: as the loaded index`);
    }
    const refused: Query[] = [
      { ...asc, search: "a" },
      { ...asc, where: { name: "Pasien C" } },
      { order: [{ field: "name", dir: "asc" }], start: 0, length: 4 },
      { ...asc, length: undefined },
      { ...asc, start: KEYED_MAX - 3, length: 4 },
    ];
    for (const q of refused) assert.equal(await col.early(q), null, JSON.stringify(q));
    await col.index();
    assert.equal(await col.early(asc), null, "loaded: the index answers");
  } finally {
    store.close();
  }
});

Deno.test("keyed: without a stored count (data from before it) the index is waited for", async () => {
  const store = await Store.open(":memory:");
  try {
    const col = store.collection<Pat>(spec);
    const _id = "01J0000000000000000000000A";
    await store.kv.atomic().set(["rm", _id], { _id, rm: "7", name: "Lama" }).set(
      ["rm_by_rm", "7"],
      _id,
    )
      .commit();
    const q: Query = { order: [{ field: "rm", dir: "asc" }], start: 0, length: 10 };
    assert.equal(await col.early(q), null);
    assert.equal((await col.query(q)).total, 1);
    col.reset();
    const early = await col.early(q);
    assert.ok(early, "the load stored the count");
    assert.equal(Number((await store.kv.get<Deno.KvU64>(countKey("rm"))).value!.value), 1);
  } finally {
    store.close();
  }
});
