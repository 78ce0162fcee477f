import assert from "node:assert/strict";
import { Store } from "../lib/db/store.ts";
import type { Collection, CollectionSpec } from "../lib/db/collection.ts";
import { withCollection } from "./helpers.ts";
import { countedKey, countKey, storeCount } from "../lib/db/subset.ts";

/** A declared subset: the count of every record kept in KV, and the subset read from KV early. */

type Bed = { _id: string; name: string; open: string | null; status: string };

const spec: CollectionSpec = {
  name: "inap",
  search: ["name"],
  unique: ["open"],
  subset: { unique: "open", field: "status", value: "dirawat" },
};

const bed = (name: string, open: boolean): Omit<Bed, "_id"> => ({
  name,
  open: open ? `p-${name}` : null,
  status: open ? "dirawat" : "pulang",
});

async function count(store: Store): Promise<[number | null, boolean]> {
  const [n, ok] = await store.kv.getMany<[Deno.KvU64, unknown]>([
    countKey("inap"),
    countedKey("inap"),
  ]);
  return [n.value ? Number(n.value.value) : null, ok.versionstamp !== null];
}

const names = (rows: { value: Bed }[]) => rows.map((r) => r.value.name);

const withStore = (f: (store: Store, col: Collection<Bed>) => Promise<void>) =>
  withCollection<Bed>(spec, f);

Deno.test("subset: the count is stored by the first exact load, then moved by every insert and removal", () =>
  withStore(async (store, col) => {
    // a stay written by code from before the count: the record and its unique key only
    const ani = { _id: "01J0000000000000000000000A", ...bed("Ani", true) };
    await store.kv.atomic().set(["inap", ani._id], ani).set(["inap_by_open", ani.open!], ani._id)
      .commit();
    const budi = await col.insert(bed("Budi", false));
    assert.deepEqual(await count(store), [1, false], "the sums miss Ani: not trusted yet");
    assert.equal(
      await col.early({ where: { status: "dirawat" } }),
      null,
      "not trusted: no early answer",
    );
    await col.index();
    assert.deepEqual(await count(store), [2, true], "the load stored what it holds");
    await col.insert(bed("Citra", true));
    await col.insert(bed("Dedi", true));
    await col.remove(budi.value._id);
    assert.deepEqual(await count(store), [3, true], "2 + 2 − 1");
    // Dedi is discharged: his unique key goes, so he leaves the subset
    const dedi = (await col.index()).rows().find((r) => r.value.name === "Dedi")!;
    await col.update(dedi.value._id, { ...dedi.value, open: null, status: "pulang" });

    col.reset(); // as a new process on the same store
    const early = await col.early({ where: { status: "dirawat" } });
    assert.ok(early);
    assert.equal(early.total, 3);
    assert.deepEqual(names(early.rows), ["Ani", "Citra"], "in id order");
    const q = { where: { status: "dirawat" }, order: [{ field: "name", dir: "desc" as const }] };
    assert.deepEqual(names((await col.early(q))!.rows), ["Citra", "Ani"]);
    assert.equal(await col.early({ where: { status: "pulang" } }), null, "not the subset");
    assert.equal(await col.early({ where: {} }), null, "every record: not the subset");
    await col.index();
    assert.equal(
      await col.early({ where: { status: "dirawat" } }),
      null,
      "loaded: the index answers",
    );
  }));

Deno.test("subset: a bulk write that adds records leaves the count untrusted until the next exact load", () =>
  withStore(async (store, col) => {
    await col.index();
    await col.insert(bed("Ani", true));
    assert.deepEqual(await count(store), [1, true]);
    await col.writeMany([{ _id: "01J0000000000000000000000B", ...bed("Eko", true) }]);
    assert.equal((await count(store))[1], false, "a rollback could not undo a sum");
    col.reset();
    assert.equal(await col.early({ where: { status: "dirawat" } }), null);
    await col.index();
    assert.deepEqual(await count(store), [2, true], "stored again from the load");
  }));

Deno.test("subset: a count is not stored over a write made after the counter was read", () =>
  withStore(async (store, col) => {
    await col.insert(bed("Ani", true));
    const before = (await store.kv.get(col.verKey)).versionstamp;
    await col.insert(bed("Budi", true));
    assert.equal(await storeCount(store.kv, spec, 1, before), false);
    assert.deepEqual(await count(store), [2, false], "the sums alone, untrusted");
    const now = (await store.kv.get(col.verKey)).versionstamp;
    assert.equal(await storeCount(store.kv, spec, 2, now), true);
    assert.deepEqual(await count(store), [2, true]);
    assert.equal(await storeCount(store.kv, spec, 7, now), false, "stored once");
  }));
