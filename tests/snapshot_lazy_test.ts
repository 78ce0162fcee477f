import assert from "node:assert/strict";
import { join } from "node:path";
import { type Doc, MemIndex, type Query } from "../lib/index/index.ts";
import { readSnapshot, snapshotParts, writeSnapshot } from "../lib/index/snapshot.ts";
import { SNAP_BLOCK } from "../lib/index/lazy.ts";
import type { CollectionSpec } from "../lib/db/collection.ts";
import { SNAPSHOT_MIN } from "../lib/index/sync.ts";
import { Store } from "../lib/db/store.ts";
import { tempDir } from "./helpers.ts";

/**
 * A snapshot restores an index at once: ids and cached orderings first, each block of records
 * read and parsed from the file when a read first needs it, the rest by `settle`.
 */

type Rec = Doc & { name: string; ward: { _id: string; name: string }; status: string; n: number };

const SEARCH = ["name", "ward.name"];
const derive = (d: Rec) => [d.n];
const OPTS = { share: ["ward"] };

function rec(i: number, v = 0): Rec {
  return {
    _id: `01J${String(i).padStart(23, "0")}`,
    // names ordered opposite to ids: the first page by name is the last block's
    name: `Pasien ${String(9_999 - i).padStart(4, "0")}${v ? " diubah" : ""}`,
    ward: { _id: `W${i % 4}`, name: `Ruang ${i % 4}` },
    status: i % 3 ? "pulang" : "dirawat",
    n: (i * 37 + v) % 101,
  };
}

const QUERIES: Query[] = [
  { order: [{ field: "name", dir: "asc" }], length: 10 },
  { where: { status: "dirawat" }, order: [{ field: "n", dir: "desc" }], start: 5, length: 20 },
  { search: "ruang 2", order: [{ field: "name", dir: "asc" }], length: 15 },
  { where: { status: "pulang", "ward._id": "W1" }, order: [{ field: "name", dir: "desc" }] },
  { numeric: (c, k) => c[0][k] > 90, length: 30 },
];

const answer = (idx: MemIndex<Rec>, q: Query) => {
  const r = idx.query(q);
  return { total: r.total, filtered: r.filtered, rows: r.rows.map((x) => x.value) };
};

function indexOf(recs: Rec[]): MemIndex<Rec> {
  const idx = new MemIndex<Rec>(SEARCH, derive, OPTS);
  for (const r of recs) idx.put(r._id, { value: structuredClone(r), versionstamp: "1" });
  return idx;
}

Deno.test("lazy snapshot: the first page reads only the blocks of its rows; answers, orderings and writes after match an index built from the records", async () => {
  await using tmp = await tempDir();
  const recs = Array.from({ length: 3 * SNAP_BLOCK + 17 }, (_, i) => rec(i));
  const before = indexOf(recs);
  for (const q of QUERIES) before.query(q); // the orderings a snapshot keeps
  const path = join(tmp.path, "uji.snap");
  const meta = {
    name: "uji",
    sig: "s",
    count: "1",
    syncedAt: 0,
    rows: before.size,
    share: ["ward"],
  };
  await writeSnapshot(path, await snapshotParts(meta, before.dump()));
  const snap = await readSnapshot(path);
  assert.ok(snap);
  assert.equal(snap.blocks.count, 4);
  const read: number[] = [];
  const readBlock = snap.blocks.read.bind(snap.blocks);
  snap.blocks.read = (i) => (read.push(i), readBlock(i));

  const back = new MemIndex<Rec>(SEARCH, derive, OPTS);
  const lazy = back.restore(snap, (e) => {
    throw e;
  });
  assert.equal(back.size, recs.length);
  assert.deepEqual(back.cachedViews(), before.cachedViews());
  assert.deepEqual(read, [], "nothing read before a row is");
  assert.deepEqual(answer(back, QUERIES[0]), answer(before, QUERIES[0]));
  assert.deepEqual(read, [3], "the first page by name: the last block only");
  // one object per equal embedded record, across blocks
  assert.equal(back.get(recs[0]._id)!.value.ward, back.get(recs[4 * 100]._id)!.value.ward);

  for (const q of QUERIES) assert.deepEqual(answer(back, q), answer(before, q));
  assert.ok(await lazy.settle(() => Promise.resolve()));
  assert.deepEqual(read.sort(), [0, 1, 2, 3], "each block read once");

  // writes after a restore keep the restored orderings in step
  const again = await readSnapshot(path);
  const fresh = new MemIndex<Rec>(SEARCH, derive, OPTS);
  fresh.restore(again!, (e) => {
    throw e;
  });
  const whole = indexOf(recs);
  for (const idx of [fresh, whole]) {
    for (let i = 0; i < recs.length; i += 97) {
      idx.put(recs[i]._id, { value: rec(i, 1), versionstamp: "2" });
    }
    idx.put(recs[5]._id, null);
    idx.put("01K", { value: { ...rec(20_000), _id: "01K" }, versionstamp: "3" });
  }
  for (const q of QUERIES) assert.deepEqual(answer(fresh, q), answer(whole, q), JSON.stringify(q));
});

Deno.test("lazy snapshot: a restart's first search reads the search texts and only the blocks of its page's rows, with or without trigrams", async () => {
  await using tmp = await tempDir();
  const recs = Array.from({ length: 3 * SNAP_BLOCK + 17 }, (_, i) => rec(i));
  for (const grams of [[], ["name"]]) {
    const opts = { ...OPTS, grams };
    const before = new MemIndex<Rec>(SEARCH, derive, opts);
    for (const r of recs) before.put(r._id, { value: structuredClone(r), versionstamp: "1" });
    const byName = { order: [{ field: "name", dir: "asc" }], length: 10 } as Query;
    before.query(byName); // the ordering a snapshot keeps
    const path = join(tmp.path, `cari-${grams.length}.snap`);
    const meta = {
      name: "uji",
      sig: "s",
      count: "1",
      syncedAt: 0,
      rows: recs.length,
      share: ["ward"],
    };
    await writeSnapshot(path, await snapshotParts(meta, before.dump()));
    const snap = (await readSnapshot(path))!;
    const read: number[] = [];
    const readBlock = snap.blocks.read.bind(snap.blocks);
    snap.blocks.read = (i) => (read.push(i), readBlock(i));
    const back = new MemIndex<Rec>(SEARCH, derive, opts);
    back.restore(snap, (e) => {
      throw e;
    });
    // names run opposite to ids: the first page by name is in the last block
    const search = { ...byName, search: "pasien 9" };
    const got = answer(back, search);
    // the rows as the records say (an oracle apart from the index): names 9000-9999 are the
    // first 1,000 records, the page's ten (9000-9009) in the second block
    const want = recs.filter((r) => r.name.toLowerCase().includes("pasien 9"))
      .sort((a, b) => a.name < b.name ? -1 : 1);
    assert.deepEqual(read, [1], `grams ${grams}: the page's block only`);
    assert.equal(got.filtered, want.length);
    assert.deepEqual(got.rows.map((r) => r._id), want.slice(0, 10).map((r) => r._id));
    assert.deepEqual(got, answer(before, search));
    // a term of one block's records, once the trigrams (if declared) are built
    await new Promise((ok) => setTimeout(ok, 0));
    const rare = { ...byName, search: "pasien 8499" };
    assert.deepEqual(answer(back, rare), answer(before, rare));
    assert.equal(answer(back, rare).rows[0]._id, recs[9_999 - 8_499]._id);
  }
});

const SPEC: CollectionSpec = { name: "lazytest", search: ["name"], unique: ["kode"] };

Deno.test("lazy snapshot: a snapshot file changed after it was read is not trusted; the index reloads from KV", async () => {
  await using tmp = await tempDir();
  const file = join(tmp.path, "casemix.kv");
  const first = await Store.open(file);
  const n = SNAPSHOT_MIN + 10;
  await first.collection(SPEC).writeMany(
    Array.from({ length: n }, (_, i) => ({
      _id: `01J${String(i).padStart(23, "0")}`,
      kode: `K${i}`,
      name: `Nama ${i}`,
    })),
  );
  await first.collection(SPEC).index();
  assert.deepEqual(await first.saveSnapshots(), ["lazytest"]);
  first.close();

  const store = await Store.open(file);
  try {
    const col = store.collection(SPEC);
    const idx = await col.index();
    assert.equal(idx.size, n);
    const snap = join(
      tmp.path,
      "index-cache",
      (await Array.fromAsync(
        Deno.readDir(join(tmp.path, "index-cache")),
      ))[0].name,
    );
    // another snapshot written under the name meanwhile (this one damaged as well)
    await Deno.writeTextFile(snap, "rusak");
    assert.throws(() => idx.rows(), /Cache indeks rusak/);
    const again = await col.index();
    assert.notEqual(again.size, 0);
    assert.equal(again.rows().length, n, "loaded from every record");
    await assert.rejects(Deno.stat(snap), Deno.errors.NotFound, "the untrusted snapshot removed");
  } finally {
    store.close();
  }
});
