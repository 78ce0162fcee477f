import assert from "node:assert/strict";
import { Store } from "../lib/db/store.ts";
import type { Collection, CollectionSpec } from "../lib/db/collection.ts";
import { withCollection } from "./helpers.ts";
import type { Query } from "../lib/index/index.ts";
import { countedKey, countKey } from "../lib/db/subset.ts";
import { KEYED_MAX } from "../lib/db/keyed.ts";

/**
 * A `keyed` collection: before its index is loaded, the first pages ordered by the keyed field
 * are read through its unique keys, in the order the loaded index gives (lowercased text, ties
 * by id), although KV orders the keys by their bytes.
 */

type Pat = { _id: string; rm: string; name: string };

const spec: CollectionSpec = { name: "rm", search: ["rm", "name"], unique: ["rm"], keyed: "rm" };

// KV (bytes): 0012 12 B1 C Zeta a1 a2 b0 c ~x; the index: 0012 12 a1 a2 b0 B1 c|C zeta ~x
const RMS = ["B1", "a2", "0012", "Zeta", "c", "12", "a1", "b0", "C", "~x"];

const withStore = (f: (store: Store, col: Collection<Pat>) => Promise<void>) =>
  withCollection<Pat>(spec, f);

const asc: Query = { order: [{ field: "rm", dir: "asc" }], start: 0, length: 4 };

Deno.test("keyed: the first pages answer from the keys, as the loaded index orders them", () =>
  withStore(async (_store, col) => {
    await col.index();
    for (const rm of RMS) await col.insert({ rm, name: `Pasien ${rm}` });
    const queries: Query[] = [
      asc,
      { ...asc, start: 4, length: 4 },
      { ...asc, start: 8, length: 10 },
      { ...asc, start: 2, length: 1 },
      { ...asc, start: 0, length: KEYED_MAX },
    ];
    const loaded = await col.index();
    const want = queries.map((q) => loaded.query(q));
    assert.deepEqual(
      want[0].rows.map((r) => r.value.rm),
      ["0012", "12", "a1", "a2"],
      "lowercased: a1 before B1",
    );
    assert.deepEqual(want[1].rows.map((r) => r.value.rm.toLowerCase()), ["b0", "b1", "c", "c"]);
    assert.deepEqual(want[2].rows.map((r) => r.value.rm), ["Zeta", "~x"]);

    col.reset(); // as a new process on the same store
    for (const [i, q] of queries.entries()) {
      const early = await col.early(q);
      assert.ok(early, `query ${i}: answered early`);
      assert.equal(early.total, RMS.length);
      assert.equal(early.filtered, RMS.length);
      assert.deepEqual(await col.query(q), want[i], `query ${i}: as the loaded index`);
    }
    const refused: Query[] = [
      { ...asc, search: "a" },
      { ...asc, where: { name: "Pasien C" } },
      { order: [{ field: "rm", dir: "desc" }], start: 0, length: 4 },
      { order: [{ field: "name", dir: "asc" }], start: 0, length: 4 },
      { ...asc, length: undefined },
      { ...asc, start: KEYED_MAX - 3, length: 4 },
    ];
    for (const q of refused) assert.equal(await col.early(q), null, JSON.stringify(q));
    await col.index();
    assert.equal(await col.early(asc), null, "loaded: the index answers");
  }));

Deno.test("keyed: a value that is not plain ASCII stops early answers until a load finds none", () =>
  withStore(async (store, col) => {
    const marked = async () => (await store.kv.get(countedKey("rm"))).versionstamp !== null;
    await col.index();
    await col.insert({ rm: "b2", name: "Budi" });
    const odd = await col.insert({ rm: "Äb", name: "Äni" });
    assert.equal(await marked(), false, "the write cleared the count's mark");
    col.reset();
    assert.equal(await col.early(asc), null);
    await col.index();
    col.reset();
    assert.equal(await col.early(asc), null, "a load holding it does not store the count");
    await col.remove(odd.value._id);
    await col.index();
    col.reset();
    const early = await col.early(asc);
    assert.ok(early, "none left: the next load stores it");
    assert.equal(early.total, 1);
    await col.writeMany([{ ...early.rows[0].value, rm: "b\u00e9" }]);
    assert.equal(await marked(), false, "a bulk write of one clears it too");
  }));

Deno.test("keyed: without a stored count (data from before it) the index is waited for", () =>
  withStore(async (store, col) => {
    const _id = "01J0000000000000000000000A";
    await store.kv.atomic().set(["rm", _id], { _id, rm: "7", name: "Lama" }).set(
      ["rm_by_rm", "7"],
      _id,
    )
      .commit();
    assert.equal(await col.early(asc), null);
    assert.equal((await col.query(asc)).total, 1);
    col.reset();
    const early = await col.early(asc);
    assert.ok(early, "the load stored the count");
    assert.equal(Number((await store.kv.get<Deno.KvU64>(countKey("rm"))).value!.value), 1);
  }));
