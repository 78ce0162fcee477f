import assert from "node:assert/strict";
import { join } from "node:path";
import { Batcher, KV_LIMITS } from "../lib/db/batch.ts";
import { AppError } from "../lib/errors.ts";
import { MemIndex } from "../lib/index/index.ts";
import { Store, StoreLockedError } from "../lib/db/store.ts";
import { JOURNAL, lockKey, recoverJournals } from "../lib/db/journal.ts";

const spec = {
  name: "thing",
  unique: ["kode"],
  search: ["kode", "desc"],
  labels: { kode: "Kode" },
};

Deno.test("collection: ULID ids, unique kode enforced in the same commit", async () => {
  const store = await Store.open(":memory:");
  const col = store.collection(spec);
  const a = await col.insert({ kode: "11", desc: "Aceh" });
  assert.match(a.value._id, /^[0-9A-HJKMNP-TV-Z]{26}$/);
  await assert.rejects(col.insert({ kode: "11", desc: "Lain" }), (e: AppError) => {
    assert.equal(e.status, 409);
    assert.match(e.message, /Kode "11" sudah digunakan/);
    return true;
  });
  assert.equal((await col.index()).size, 1);
  // changing the kode frees the old value
  await col.update(a.value._id, { kode: "12", desc: "Aceh" });
  await col.insert({ kode: "11", desc: "Baru" });
  assert.equal(await col.idBy("kode", "12"), a.value._id);
  store.close();
});

Deno.test("collection: a stale edit gets 409 and overwrites nothing", async () => {
  const store = await Store.open(":memory:");
  const col = store.collection(spec);
  const a = await col.insert({ kode: "11", desc: "Aceh" });
  await col.update(a.value._id, { kode: "11", desc: "Aceh Darussalam" }, {
    expected: a.versionstamp,
  });
  await assert.rejects(
    col.update(a.value._id, { kode: "11", desc: "Tertimpa" }, { expected: a.versionstamp }),
    (e: AppError) => e.status === 409,
  );
  assert.equal((await col.find(a.value._id))!.value.desc, "Aceh Darussalam");
  await assert.rejects(col.remove("01HZZZZZZZZZZZZZZZZZZZZZZZ"), (e: AppError) => e.status === 404);
  store.close();
});

Deno.test("collection: index follows writes made by another instance on the same store", async () => {
  const dir = await Deno.makeTempDir();
  const path = join(dir, "kv.sqlite");
  const a = await Store.open(path);
  const b = await Store.open(path);
  const ca = a.collection(spec), cb = b.collection(spec);
  const x = await ca.insert({ kode: "11", desc: "Aceh" });
  assert.equal((await cb.index()).size, 1);
  const y = await cb.insert({ kode: "12", desc: "Sumut" });
  await cb.update(x.value._id, { kode: "11", desc: "Aceh (ubah B)" });
  let idx = await ca.index();
  assert.equal(idx.size, 2);
  assert.equal(idx.get(x.value._id)!.value.desc, "Aceh (ubah B)");
  await cb.remove(y.value._id);
  await cb.writeMany([{ _id: "01J0000000000000000000000A", kode: "13", desc: "Sumbar" }]);
  idx = await ca.index();
  assert.deepEqual(idx.rows().map((r) => r.value.kode).sort(), ["11", "13"]);
  a.close();
  b.close();
  await Deno.remove(dir, { recursive: true });
});

Deno.test("collection: a read between an own commit and its apply leaves the index in step", async () => {
  const store = await Store.open(":memory:");
  const col = store.collection(spec);
  await col.insert({ kode: "0", desc: "awal" });
  await col.index();
  let replays = 0;
  const list = store.kv.list.bind(store.kv);
  store.kv.list = ((sel: Deno.KvListSelector, o?: Deno.KvListOptions) => {
    if ("start" in sel && sel.start[0] === "_chg") replays++;
    return list(sel, o);
  }) as typeof store.kv.list;
  // another request reads (and syncs) after each commit, before its writer applies it
  const atomic = store.kv.atomic.bind(store.kv);
  store.kv.atomic = () => {
    const op = atomic();
    const commit = op.commit.bind(op);
    op.commit = async () => {
      const res = await commit();
      await col.index();
      return res;
    };
    return op;
  };
  for (let i = 1; i <= 5; i++) await col.insert({ kode: `${i}`, desc: `baru ${i}` });
  const settled = replays;
  for (let i = 0; i < 3; i++) await col.index();
  assert.equal(replays, settled, "once the writes settled, a read finds the index in step");
  assert.equal((await col.index()).size, 6);
  store.close();
});

Deno.test("collection: writeMany splits into commits within KV limits and refuses if raced", async () => {
  const store = await Store.open(":memory:");
  const col = store.collection(spec);
  const docs = Array.from({ length: 2500 }, (_, i) => ({
    _id: `01J${String(i).padStart(23, "0")}`,
    kode: `K${i}`,
    desc: "x".repeat(300),
  }));
  let commits = 0;
  assert.equal(await col.writeMany(docs, { onCommit: () => commits++ }), 2500);
  assert.ok(commits >= 3, `commits: ${commits}`);
  assert.equal((await col.index()).size, 2500);
  assert.equal(await col.idBy("kode", "K2499"), docs[2499]._id);
  store.close();
});

Deno.test("batcher: groups never split and limits hold", () => {
  const b = new Batcher();
  for (let i = 0; i < 1500; i++) {
    b.group([
      { kind: "set", key: ["a", i], value: "v".repeat(1000) },
      { kind: "set", key: ["a_by_k", i], value: i },
    ]);
  }
  const commits = b.commits;
  assert.equal(commits.flat().length, 3000);
  for (const c of commits) {
    assert.ok(c.length <= KV_LIMITS.mutations);
    assert.equal(c.length % 2, 0);
    assert.ok(JSON.stringify(c).length < KV_LIMITS.bytes);
  }
});

Deno.test("mem index: search, order, where and paging", () => {
  const idx = new MemIndex(["kode", "desc", "p.desc"]);
  const put = (id: string, kode: string, desc: string, p: string) =>
    idx.put(id, {
      value: { _id: id, kode, desc, p: { _id: p, desc: `P${p}` } },
      versionstamp: "1",
    });
  put("a", "03", "Cempaka", "1");
  put("b", "01", "anggrek", "1");
  put("c", "02", "Bakung", "2");
  let r = idx.query({ order: [{ field: "desc", dir: "asc" }] });
  assert.deepEqual(r.rows.map((x) => x.value._id), ["b", "c", "a"]);
  r = idx.query({ search: "AKU", order: [{ field: "kode", dir: "desc" }] });
  assert.deepEqual(r.rows.map((x) => x.value._id), ["c"]);
  assert.equal(r.total, 3);
  assert.equal(r.filtered, 1);
  r = idx.query({
    where: { "p._id": "1" },
    order: [{ field: "kode", dir: "asc" }],
    start: 1,
    length: 1,
  });
  assert.deepEqual(r.rows.map((x) => x.value._id), ["a"]);
  assert.equal(r.filtered, 2);
  r = idx.query({ search: "p2", searchFields: ["desc"] });
  assert.equal(r.filtered, 0);
  // a subset of the fields, searched over the view's joined text: only those fields count,
  // and a match never spans two fields or two records
  r = idx.query({
    search: "0",
    searchFields: ["kode", "desc"],
    order: [{ field: "kode", dir: "asc" }],
  });
  assert.deepEqual(r.rows.map((x) => x.value._id), ["b", "c", "a"]);
  r = idx.query({ search: "p1", searchFields: ["kode", "desc"] });
  assert.equal(r.filtered, 0);
  r = idx.query({ search: "p1", searchFields: ["kode", "p.desc"], start: 1, length: 5 });
  assert.equal(r.filtered, 2);
  assert.equal(r.rows.length, 1);
  r = idx.query({ search: "03cempaka", searchFields: ["kode", "desc"] });
  assert.equal(r.filtered, 0);
  r = idx.query({ search: "cempaka03", searchFields: ["kode", "desc"] });
  assert.equal(r.filtered, 0);
  idx.put("c", null);
  r = idx.query({ search: "bakung", searchFields: ["kode", "desc"] });
  assert.equal(r.filtered, 0);
});

Deno.test("mem index: range finds rows whose field lies in [from, to], and follows writes", () => {
  const idx = new MemIndex<{ _id: string; at: string | null; n?: number }>([]);
  const put = (id: string, at: string | null, n?: number) =>
    idx.put(id, { value: { _id: id, at, n }, versionstamp: "1" });
  put("a", "2025-03-02T10:00:00.000Z", 5);
  put("b", "2025-03-01T00:00:00.000Z", 12);
  put("c", null);
  put("d", "2025-03-03T23:59:59.999Z", 7);
  put("e", "2025-03-04T00:00:00.000Z", -1);
  const ids = (rows: { value: { _id: string } }[]) => rows.map((r) => r.value._id);
  // inclusive on both ends, in ascending order; rows without a value are never in a range
  assert.deepEqual(
    ids(idx.range("at", "2025-03-01T00:00:00.000Z", "2025-03-03T23:59:59.999Z")),
    ["b", "a", "d"],
  );
  assert.deepEqual(ids(idx.range("at", "2025-03-05", "2025-03-09")), []);
  assert.deepEqual(ids(idx.range("at", "2025-03-04", "2025-03-02")), []);
  // numbers compare as numbers (12 > 7), not as text
  assert.deepEqual(ids(idx.range("n", 6, 100)), ["d", "b"]);
  assert.deepEqual(ids(idx.range("n", -5, 0)), ["e"]);
  const version = idx.version;
  put("f", "2025-03-02T00:00:00.000Z");
  idx.put("a", null);
  assert.equal(idx.version, version + 2);
  assert.deepEqual(ids(idx.range("at", "2025-03-02", "2025-03-03")), ["f"]);
});

/** A child Deno that opens the store at `path` (or only sleeps) and prints "siap" when ready. */
async function holder(path: string | null) {
  const code = path
    ? `import { Store } from ${JSON.stringify(import.meta.resolve("../lib/db/store.ts"))};
       await Store.open(${JSON.stringify(path)}); console.log("siap"); setInterval(() => {}, 1000);`
    : `console.log("siap"); setInterval(() => {}, 1000);`;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["eval", "--unstable-kv", code],
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  while (!out.includes("siap")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`holder exited: ${out}`);
    out += value;
  }
  reader.releaseLock();
  const stop = async () => {
    child.kill("SIGKILL"); // no clean-up of its own: the OS lock must go with the process
    await child.status;
    await child.stdout.cancel().catch(() => {});
  };
  return { pid: child.pid, stop };
}

Deno.test("store: a second server on the same KV file is refused; a killed holder's lock is not", async () => {
  const dir = await Deno.makeTempDir();
  const path = join(dir, "kv.sqlite");
  const live = await holder(path);
  await assert.rejects(Store.open(path), (e: Error) => {
    assert.ok(e instanceof StoreLockedError);
    assert.match(e.message, /^Basis data .*kv\.sqlite sedang dipakai server lain/);
    if (Deno.build.os !== "windows") assert.match(e.message, new RegExp(`\\(PID ${live.pid}\\)`));
    return true;
  });
  await live.stop();
  // the lock file is still there, naming the dead server: it does not block
  assert.equal(JSON.parse(await Deno.readTextFile(`${path}.lock`)).pid, live.pid);
  const s = await Store.open(path);
  const again = await Store.open(path); // stores in one process share the lock
  s.close();
  again.close();
  await Deno.remove(dir, { recursive: true });
});

Deno.test("store: a lock file naming a live unrelated PID does not block", async () => {
  const dir = await Deno.makeTempDir();
  const path = join(dir, "kv.sqlite");
  const other = await holder(null);
  try {
    await Deno.writeTextFile(`${path}.lock`, JSON.stringify({ pid: other.pid, at: new Date() }));
    const s = await Store.open(path);
    await s.kv.set(["ok"], 1);
    assert.equal(JSON.parse(await Deno.readTextFile(`${path}.lock`)).pid, Deno.pid);
    s.close();
  } finally {
    await other.stop();
  }
  await Deno.remove(dir, { recursive: true });
});

Deno.test("journal: locks go with their rollback at open, and a lock without its journal too", async () => {
  const kv = await Deno.openKv(":memory:");
  await kv.set(lockKey("thing"), { journal: "LOST", what: "Impor data thing" });
  await kv.set(lockKey("other"), { journal: "CUT", what: "Impor data other" });
  await kv.set([JOURNAL, "CUT"], { collections: ["other"], at: "2026-11-24T00:00:00Z" });
  const lines: string[] = [];
  assert.deepEqual(await recoverJournals(kv, (l) => lines.push(l)), ["CUT"]);
  assert.equal(lines.length, 1);
  for (const name of ["thing", "other"]) {
    assert.equal((await kv.get(lockKey(name))).versionstamp, null, `${name} still locked`);
  }
  kv.close();
});
