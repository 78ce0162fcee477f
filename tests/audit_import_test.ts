import assert from "node:assert/strict";
import { newId } from "../lib/db/ids.ts";
import { OUTBOX, OutboxScope, withOutbox } from "../lib/db/outbox.ts";
import { drainOutbox } from "../lib/http/outbox.ts";
import { collectionOf } from "../lib/resource/resource.ts";
import { registry } from "../resources/mod.ts";
import { setup } from "./helpers.ts";
import { entries, outbox, recordsIn } from "./audit_fixtures.ts";

Deno.test("an import's records go to the outbox packed and to the log twenty to an entry (a commit's values together), each found by its id", async () => {
  await using t = await setup();
  const col = collectionOf(t.store, registry.get("province")!);
  const docs = Array.from({ length: 600 }, (_, i) => ({
    _id: newId(),
    kode: String(1000 + i),
    desc: `Provinsi ${i}`,
  }));
  const actor = { username: "siti", role: "admin", ip: "-" };
  await withOutbox(new OutboxScope(() => actor), () => col.writeMany(docs));
  const values = [];
  for await (
    const e of t.store.kv.list<{ at: string; changes?: unknown[] }>({ prefix: [OUTBOX] })
  ) {
    values.push(e.value);
  }
  // 600 records of about 100 bytes: a few values of at most 28 KB, not one per record
  assert.ok(values.length >= 2 && values.length <= 6, `${values.length} outbox values`);
  assert.equal(values.flatMap((v) => v.changes ?? []).length, 600);
  // the values of one commit (one time) give entries of twenty records, not a value's few
  const commits = Map.groupBy(values, (v) => v.at);
  const expected = [...commits.values()].reduce(
    (n, vs) => n + Math.ceil(vs.flatMap((v) => v.changes ?? []).length / 20),
    0,
  );
  assert.ok(expected <= 30 + commits.size - 1, `${expected} entries`);
  const before = await t.audit.count();
  assert.equal(await drainOutbox(t.store.kv, t.audit), expected);
  assert.equal(await t.audit.count(), before + expected);
  const all = recordsIn(await entries(t, { entity: "province", action: "changes" }));
  assert.equal(all.length, 600);
  for (const i of [0, 19, 20, 333, 599]) {
    const found = recordsIn(await entries(t, { search: docs[i]._id }));
    assert.deepEqual(found, [{ action: "create", entityId: docs[i]._id, after: docs[i] }]);
    const [entry] = await entries(t, { search: docs[i]._id });
    assert.equal(entry.username, "siti");
  }
  const r = await t.audit.list({ search: docs[5]._id }, 0, 25);
  assert.deepEqual([r.filtered, r.capped], [1, false]);
  assert.ok((await t.audit.verify()).ok);
});

Deno.test("an entry of twenty records with sixteen name words each is written with its whole index", async () => {
  await using t = await setup();
  const col = collectionOf(t.store, registry.get("province")!);
  const word = (i: number, k: number) => `kata${String.fromCharCode(97 + (i % 26))}${i}x${k}`;
  const docs = Array.from({ length: 40 }, (_, i) => ({
    _id: newId(),
    kode: String(2000 + i),
    desc: `P${i}`,
    nama: Array.from({ length: 16 }, (_, k) => word(i, k)).join(" "),
  }));
  await withOutbox(
    new OutboxScope(() => ({ username: "budi", role: "admin", ip: "-" })),
    () => col.writeMany(docs),
  );
  assert.equal(await drainOutbox(t.store.kv, t.audit), 2);
  for (const i of [0, 19, 20, 39]) {
    // its fifteenth name word: the id and fifteen words are the sixteen tokens a record keeps
    const found = recordsIn(await entries(t, { search: word(i, 14) }));
    assert.deepEqual(found.map((r) => r.entityId), [docs[i]._id], `record ${i}`);
  }
  assert.ok((await t.audit.verify()).ok);
});

Deno.test("an import over HTTP moves its records' entries to the log from what it wrote, reading no outbox value back", async () => {
  await using t = await setup();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, t.app.fetch);
  try {
    // every outbox value read from the main store, by key
    const kv = t.store.kv;
    const getMany = kv.getMany.bind(kv);
    let outboxReads = 0;
    kv.getMany = ((keys: Deno.KvKey[], o?: { consistency?: Deno.KvConsistencyLevel }) => {
      outboxReads += keys.filter((k) => k[0] === OUTBOX).length;
      return getMany(keys, o);
    }) as typeof kv.getMany;
    const rows = Array.from({ length: 700 }, (_, i) => [String(2000 + i), `Provinsi Uji ${i}`]);
    const fd = new FormData();
    const csv = ["kode,nama", ...rows.map((r) => r.join(","))].join("\n");
    fd.append("file", new File([csv], "provinsi.csv"));
    const res = await fetch(`http://127.0.0.1:${server.addr.port}/api/province/import`, {
      method: "POST",
      body: fd,
      headers: { cookie: t.cookie, origin: `http://127.0.0.1:${server.addr.port}` },
    });
    const body = await res.json();
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.equal(body.created, 700);
    assert.equal(outboxReads, 0, "outbox values read back");
    kv.getMany = getMany;
    // every record has its entry, as the file says, and the outbox is empty
    const shown = recordsIn(await entries(t, { entity: "province", action: "changes" }));
    assert.deepEqual(
      shown.map((r) => [(r.after as { kode: string }).kode, (r.after as { desc: string }).desc])
        .sort(),
      rows.toSorted(),
    );
    assert.ok(shown.every((r) => r.action === "create"));
    assert.deepEqual(await outbox(t), []);
    assert.ok((await t.audit.verify()).ok);
  } finally {
    await server.shutdown();
  }
});
