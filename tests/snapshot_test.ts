import assert from "node:assert/strict";
import { join } from "node:path";
import { type Doc, MemIndex, type Query } from "../lib/index/index.ts";
import type { CollectionSpec } from "../lib/db/collection.ts";
import { SNAPSHOT_MIN } from "../lib/index/sync.ts";
import { Store } from "../lib/db/store.ts";
import { tempDir } from "./helpers.ts";
import {
  readSnapshot,
  type Snapshot,
  snapshotParts,
  writeSnapshot,
} from "../lib/index/snapshot.ts";
import { ulid } from "ulid";

/** Slim indexes, shared embedded records and index snapshots answer as whole-record indexes. */

type Rec = Doc & {
  name: string;
  note: string;
  room: { _id: string; name: string };
  status: string;
  total: number;
};

const SEARCH = ["name", "note", "room.name"];
const derive = (d: Rec) => [d.total];
const slim = (d: Rec) => {
  const { note: _, ...keep } = d;
  return keep as Rec;
};

function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

const ids = (rows: { value: Doc }[]) => rows.map((r) => r.value._id);
const answer = (idx: MemIndex<Rec>, q: Query) => {
  const r = idx.query(q);
  return { total: r.total, filtered: r.filtered, rows: ids(r.rows) };
};

const QUERIES: Query[] = [
  { order: [{ field: "name", dir: "asc" }] },
  { search: "catatan 3", order: [{ field: "total", dir: "desc" }] },
  { search: "ruang 1", where: { status: "dirawat" } },
  { where: { "room._id": "r2" }, order: [{ field: "room.name", dir: "asc" }], start: 1, length: 4 },
  { numeric: (c, k) => c[0][k] > 50, search: "a" },
];

Deno.test("slim index: searches reach dropped fields, rows keep only the rest, equal embedded records are one object, and every answer matches a whole-record index", async () => {
  const rnd = random(11);
  const slimIdx = new MemIndex<Rec>(SEARCH, derive, { slim, share: ["room"], block: 4 });
  const whole = new MemIndex<Rec>(SEARCH, derive, { block: 4 });
  for (let step = 0; step < 800; step++) {
    const id = `id${Math.floor(rnd() * 30)}`;
    const room = `r${Math.floor(rnd() * 3)}`;
    const rec: Rec | null = rnd() < 0.15 ? null : {
      _id: id,
      name: ["Ani", "Budi", "Citra"][Math.floor(rnd() * 3)],
      note: `catatan ${Math.floor(rnd() * 5)}`,
      // a renamed room: the newest copy is the one shared from then on
      room: { _id: room, name: `Ruang ${room.slice(1)}${step > 400 ? " baru" : ""}` },
      status: rnd() < 0.5 ? "dirawat" : "pulang",
      total: Math.floor(rnd() * 100),
    };
    for (const idx of [slimIdx, whole]) {
      idx.put(id, rec && { value: structuredClone(rec), versionstamp: String(step) });
    }
    const q = QUERIES[step % QUERIES.length];
    assert.deepEqual(answer(slimIdx, q), answer(whole, q), `step ${step}: ${JSON.stringify(q)}`);
  }
  const rows = slimIdx.rows();
  assert.ok(rows.length > 10);
  assert.ok(rows.every((r) => !("note" in r.value)), "dropped field kept");
  assert.ok(slimIdx.query({ search: "catatan" }).filtered > 0);
  for (const a of rows) {
    for (const b of rows) {
      if (a.value.room._id !== b.value.room._id || a.value.room.name !== b.value.room.name) {
        continue;
      }
      assert.equal(a.value.room, b.value.room, "equal rooms are one object");
    }
  }
  // a snapshot's entries restored into a new index answer the same
  await using tmp = await tempDir();
  const back = new MemIndex<Rec>(SEARCH, derive, { slim, share: ["room"], block: 4 });
  const lazy = back.restore(await roundTrip(tmp.path, slimIdx, ["room"]), (e) => {
    throw e;
  });
  assert.deepEqual(back.cachedViews(), slimIdx.cachedViews(), "the orderings come back");
  for (const q of QUERIES) assert.deepEqual(answer(back, q), answer(whole, q));
  assert.ok(await lazy.settle(() => Promise.resolve()));
});

/** An index through its snapshot file in `dir`: dumped, written, read back. */
async function roundTrip(dir: string, idx: MemIndex<Rec>, share: string[]): Promise<Snapshot> {
  const path = join(dir, "uji.snap");
  const meta = { name: "uji", sig: "s", count: "1", syncedAt: 0, rows: idx.size, share };
  await writeSnapshot(path, await snapshotParts(meta, idx.dump()));
  const snap = await readSnapshot(path);
  assert.ok(snap, "reads back");
  return snap;
}

const SPEC: CollectionSpec = {
  name: "snaptest",
  search: ["name", "room.name"],
  unique: ["kode"],
  share: ["room"],
};
const docs = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    _id: `01J${String(i).padStart(23, "0")}`,
    kode: `K${i}`,
    name: `Pasien ${i}`,
    room: { _id: `R${i % 3}`, name: `Ruang ${i % 3}` },
  }));

Deno.test("index snapshot: a restart loads it instead of every record, replays writes made since, and ignores one from another declaration or database", async () => {
  await using tmp = await tempDir();
  const file = join(tmp.path, "casemix.kv");
  const first = await Store.open(file);
  const n = SNAPSHOT_MIN + 10;
  await first.collection(SPEC).writeMany(docs(n));
  await first.collection(SPEC).index();
  assert.deepEqual(await first.saveSnapshots(), ["snaptest"]);
  assert.deepEqual(await first.saveSnapshots(), [], "unchanged: not written again");
  first.close();

  // behind the index's back (no write counter, no change log): only a full load would see it
  const raw = await Deno.openKv(file);
  await raw.set(["snaptest", "01JZZ"], { _id: "01JZZ", kode: "X", name: "Tak tercatat" });
  raw.close();

  let store = await Store.open(file);
  const col = store.collection(SPEC);
  // a write through the store after the snapshot: replayed from the change log
  const added = await col.insert({ kode: "BARU", name: "Pasien baru" });
  let idx = await col.index();
  assert.equal(idx.size, n + 1, "the snapshot plus the write since");
  assert.equal(idx.query({ search: "pasien baru" }).rows[0]?.value._id, added.value._id);
  assert.equal(idx.get("01JZZ"), undefined, "loaded from the snapshot, not from every record");
  // embedded records come back whole, one object per distinct value
  const inRoom1 = idx.where("room._id", "R1");
  assert.equal(idx.query({ search: "ruang 1" }).filtered, inRoom1.length);
  assert.deepEqual(inRoom1[0].value.room, { _id: "R1", name: "Ruang 1" });
  assert.equal(inRoom1[0].value.room, inRoom1[1].value.room);
  assert.deepEqual(await store.saveSnapshots(), ["snaptest"]);
  store.close();

  // another declaration of the collection (other search fields) ignores the snapshot
  store = await Store.open(file);
  idx = await store.collection({ ...SPEC, search: ["name", "kode", "room.name"] }).index();
  assert.equal(idx.size, n + 2);
  assert.ok(idx.get("01JZZ"));
  store.close();

  // a data file copied in from another database never meets this one's snapshots
  const other = join(tmp.path, "other");
  await Deno.mkdir(join(other, "index-cache"), { recursive: true });
  await Deno.copyFile(file, join(other, "casemix.kv"));
  for await (const e of Deno.readDir(join(tmp.path, "index-cache"))) {
    await Deno.copyFile(join(tmp.path, "index-cache", e.name), join(other, "index-cache", e.name));
  }
  const copy = await Deno.openKv(join(other, "casemix.kv"));
  await copy.set(["_meta", "dbid"], "ANOTHER-DATABASE");
  copy.close();
  store = await Store.open(join(other, "casemix.kv"));
  idx = await store.collection(SPEC).index();
  assert.ok(idx.get("01JZZ"), "full load: the snapshot belongs to another database id");
  store.close();
});

Deno.test("index snapshot: one written by other code (another snapshot tag) is not read back", async () => {
  await using tmp = await tempDir();
  const file = join(tmp.path, "casemix.kv");
  let store = await Store.open(file);
  store.snapshotTag = "rilis-1";
  await store.collection(SPEC).writeMany(docs(SNAPSHOT_MIN));
  await store.collection(SPEC).index();
  assert.deepEqual(await store.saveSnapshots(), ["snaptest"]);
  store.close();
  const raw = await Deno.openKv(file);
  await raw.set(["snaptest", "01JZZ"], { _id: "01JZZ", kode: "X", name: "Tak tercatat" });
  raw.close();
  for (const [tag, fromSnapshot] of [["rilis-1", true], ["rilis-2", false]] as const) {
    store = await Store.open(file);
    store.snapshotTag = tag;
    const idx = await store.collection(SPEC).index();
    assert.equal(idx.get("01JZZ") === undefined, fromSnapshot, tag);
    store.close();
  }
});

Deno.test("index sync: after a restart the last minute's writes of the process before are replayed at most once and change nothing they already hold", async () => {
  await using tmp = await tempDir();
  const file = join(tmp.path, "casemix.kv");
  const first = await Store.open(file);
  await first.collection(SPEC).writeMany(docs(SNAPSHOT_MIN));
  // a busy minute: 300 commits, each with its change-log entry, then the snapshot at the stop
  for (let i = 0; i < 300; i++) {
    await first.collection(SPEC).insert({ kode: `B${i}`, name: `Baru ${i}` });
  }
  await first.collection(SPEC).index();
  await first.saveSnapshots();
  first.close();

  const store = await Store.open(file);
  const col = store.collection(SPEC);
  let idx = await col.index();
  assert.equal(idx.size, SNAPSHOT_MIN + 300, "from the snapshot, at the counter");
  idx.query({ order: [{ field: "name", dir: "asc" }] });
  // another instance writes one record: the counter moves, so the next read syncs
  const other = async (n: number) => {
    const raw = await Deno.openKv(file);
    const id = `01K${String(n).padStart(23, "0")}`;
    await raw.atomic()
      .set(["snaptest", id], { _id: id, kode: `L${n}`, name: `Lain ${n}` })
      .set(["_chg", "snaptest", ulid()], [id])
      .sum(["_meta", "ver", "snaptest"], 1n)
      .commit();
    raw.close();
  };
  for (const n of [1, 2]) {
    const before = idx.version;
    await other(n);
    idx = await col.index();
    assert.equal(idx.size, SNAPSHOT_MIN + 300 + n);
    assert.equal(idx.version - before, 1, `sync ${n}: only the new record is applied`);
  }
  store.close();
});
