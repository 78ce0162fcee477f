import assert from "node:assert/strict";
import { Store } from "../lib/db/store.ts";
import { JOURNAL, LOCK } from "../lib/db/journal.ts";
import { RACED_MESSAGE } from "../lib/db/bulk.ts";
import type { AppError } from "../lib/errors.ts";

/**
 * `writeMany` with `also`: records of other collections (an import completing the stays and
 * patients it matched) written in the same all-or-nothing write as the import's own.
 */

const claims = { name: "claim", unique: ["kode"], search: ["kode"] };
const stays = { name: "stay", unique: ["sep"], search: ["sep"] };

/** 2,500 records of 300 bytes: several commits, so the write is journaled. */
const many = () =>
  Array.from({ length: 2500 }, (_, i) => ({
    _id: `01J${String(i).padStart(23, "0")}`,
    kode: `K${i}`,
    desc: "x".repeat(300),
  }));

async function world() {
  const store = await Store.open(":memory:");
  const a = store.collection(claims);
  const b = store.collection(stays);
  const s1 = await b.insert({ sep: "", name: "Siti" });
  const s2 = await b.insert({ sep: "", name: "Rahma" });
  return { store, a, b, s1, s2 };
}

/** Keys under a prefix. */
async function keys(kv: Deno.Kv, prefix: Deno.KvKey) {
  const out: Deno.KvKey[] = [];
  for await (const e of kv.list({ prefix })) out.push(e.key);
  return out;
}

Deno.test("writeMany also: the other collection's records commit with the import's, journaled and locked together", async () => {
  const { store, a, b, s1, s2 } = await world();
  let commits = 0;
  const n = await a.writeMany(many(), {
    onCommit: () => commits++,
    also: [{
      col: b,
      writes: [
        { doc: { ...s1.value, sep: "S1" }, read: s1 },
        { doc: { ...s2.value, sep: "S2" }, read: s2 },
      ],
    }],
  });
  assert.equal(n, 2500);
  assert.ok(commits >= 3, `commits: ${commits}`);
  assert.equal((await a.index()).size, 2500);
  assert.equal((await b.find(s1.value._id))!.value.sep, "S1");
  assert.equal(await b.idBy("sep", "S2"), s2.value._id);
  // the other collection's index follows, and its change log tells other servers
  assert.equal((await b.index()).get(s1.value._id)!.value.sep, "S1");
  assert.ok((await keys(store.kv, ["_chg", "stay"])).length >= 2);
  assert.deepEqual(await keys(store.kv, [LOCK]), []);
  assert.deepEqual(await keys(store.kv, [JOURNAL]), []);
  store.close();
});

Deno.test("writeMany also: a record changed since it was read undoes the whole write, every collection", async () => {
  const { store, a, b, s1, s2 } = await world();
  // someone edits Rahma after the import read her: her write (in the last commit) is refused
  await b.update(s2.value._id, { ...s2.value, name: "Rahma S." });
  await assert.rejects(
    a.writeMany(many(), {
      also: [{
        col: b,
        writes: [
          { doc: { ...s1.value, sep: "S1" }, read: s1 },
          { doc: { ...s2.value, sep: "S2" }, read: s2 },
        ],
      }],
    }),
    (e: AppError) => e.status === 409 && e.message === RACED_MESSAGE,
  );
  assert.equal((await a.index()).size, 0);
  assert.deepEqual(await keys(store.kv, ["claim"]), []);
  assert.equal((await b.find(s1.value._id))!.value.sep, "");
  assert.equal((await b.find(s2.value._id))!.value.name, "Rahma S.");
  assert.equal(await b.idBy("sep", "S1"), null);
  assert.equal((await b.index()).get(s1.value._id)!.value.sep, "");
  assert.deepEqual(await keys(store.kv, [LOCK]), []);
  assert.deepEqual(await keys(store.kv, [JOURNAL]), []);
  store.close();
});

Deno.test("writeMany also: a unique value another record took is refused, nothing written", async () => {
  const { store, a, b, s1, s2 } = await world();
  await b.update(s2.value._id, { ...s2.value, sep: "S1" });
  await assert.rejects(
    a.writeMany([{ _id: "01J0", kode: "K0" }], {
      also: [{ col: b, writes: [{ doc: { ...s1.value, sep: "S1" }, read: s1 }] }],
    }),
    (e: AppError) => e.status === 409,
  );
  assert.equal((await a.index()).size, 0);
  assert.equal((await b.find(s1.value._id))!.value.sep, "");
  assert.equal(await b.idBy("sep", "S1"), s2.value._id);
  store.close();
});
