import assert from "node:assert/strict";
import { Store } from "../lib/db/store.ts";
import type { CollectionSpec } from "../lib/db/collection.ts";

/** An index's first load: every record in key order, and background loads waiting until a reader waits for them. */

const spec = (name: string): CollectionSpec => ({ name, search: ["name"] });

async function fill(store: Store, name: string, n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, (_, i) => `01J${String(i).padStart(23, "0")}`);
  // written behind the collection's back, newest first: the load reads them from KV
  const order = [...ids].reverse();
  for (let i = 0; i < order.length; i += 500) {
    const op = store.kv.atomic();
    for (const id of order.slice(i, i + 500)) op.set([name, id], { _id: id, name: `Nama ${id}` });
    await op.commit();
  }
  return ids;
}

Deno.test("index load: every record of a collection read in batches, kept in key order", async () => {
  const store = await Store.open(":memory:");
  try {
    const ids = await fill(store, "muat", 1_234);
    const idx = await store.collection(spec("muat")).index();
    assert.equal(idx.size, 1_234);
    assert.deepEqual(idx.rows().map((r) => r.value._id), ids);
    assert.equal(idx.query({ search: "nama 01j00000000000000000000123" }).rows.length, 1);
  } finally {
    store.close();
  }
});

Deno.test("index load: a background load waits between its batches until a reader waits for it", async () => {
  const store = await Store.open(":memory:");
  try {
    await fill(store, "latar", 1_600);
    const col = store.collection(spec("latar"));
    let pauses = 0;
    // a pause that never ends: the load goes on only once a reader comes to wait for it
    store.idle = () => {
      pauses++;
      return new Promise(() => {});
    };
    const preloaded = col.indexing.preload();
    while (!pauses) await new Promise((ok) => setTimeout(ok, 1));
    const idx = await col.index();
    assert.equal(idx.size, 1_600);
    await preloaded;
    assert.equal(pauses, 1, "no pause once a reader waits");
    store.idle = () => Promise.reject(new Error("loaded: no pause"));
    await col.indexing.preload();
  } finally {
    store.close();
  }
});
