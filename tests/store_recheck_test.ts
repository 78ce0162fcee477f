import assert from "node:assert/strict";
import { z } from "zod";
import { Store } from "../lib/db/store.ts";
import { ulid } from "ulid";
import { readForUpdate, writeSetting } from "../lib/settings/settings.ts";
import { setup } from "./helpers.ts";

/**
 * Reads answered from memory between looks at the store: an index looks at its write counter,
 * and a setting is read, at most once a second; this process's own writes count at once.
 */

const spec = { name: "rechk", schema: z.object({ kode: z.string() }), search: ["kode"] };

/** Runs `fn` with `performance.now()` under the test's hand. */
async function withClock(fn: (tick: (ms: number) => void) => Promise<void>) {
  const real = performance.now.bind(performance);
  let offset = 0;
  performance.now = () => real() + offset;
  try {
    await fn((ms) => offset += ms);
  } finally {
    performance.now = real;
  }
}

Deno.test("index: another instance's write shows within a second, this instance's own at once", async () => {
  const store = await Store.open(":memory:");
  const col = store.collection(spec);
  await col.insert({ kode: "A" });
  await withClock(async (tick) => {
    assert.equal((await col.index()).size, 1);
    assert.equal((await col.index()).size, 1); // in step: the counter looked at now
    // another server on the same store writes a record (its commit moves the counter)
    const id = ulid();
    await store.kv.atomic().set(["rechk", id], { _id: id, kode: "LAIN" })
      .set(["_chg", "rechk", ulid()], [id]).sum(["_meta", "ver", "rechk"], 1n).commit();
    tick(900);
    assert.equal((await col.index()).size, 1, "0.9 s after the last look: from memory");
    await col.insert({ kode: "B" });
    assert.deepEqual((await col.index()).rows().map((r) => r.value.kode).sort(), ["A", "B"]);
    tick(150);
    assert.deepEqual(
      (await col.index()).rows().map((r) => r.value.kode).sort(),
      ["A", "B", "LAIN"],
      "a second after the last look: the counter is read and the change log replayed",
    );
  });
  // a store that looks before every read (0): the other write is seen at once
  store.indexRecheckMs = 0;
  const id = ulid();
  await store.kv.atomic().set(["rechk", id], { _id: id, kode: "LAIN2" })
    .set(["_chg", "rechk", ulid()], [id]).sum(["_meta", "ver", "rechk"], 1n).commit();
  assert.equal((await col.index()).size, 4);
  store.close();
});

Deno.test("settings: a profile changed by another server shows within a second; saved here, at once", async () => {
  await using t = await setup();
  const zone = async () => (await t.json("/api/setting/hospital")).body.data?.timezone;
  await withClock(async (tick) => {
    assert.equal(await zone(), undefined);
    await t.store.kv.set(["setting", "hospital"], { name: "RS Lain", timezone: "Asia/Makassar" });
    tick(900);
    assert.equal(await zone(), undefined, "read 0.9 s ago: kept");
    tick(150);
    assert.equal(await zone(), "Asia/Makassar", "a second later: read again");
    // saved by this server: the next request reads it, whatever the clock
    const cur = await readForUpdate<Record<string, string>>(t.store, "hospital");
    await writeSetting(t.store, "hospital", cur, { ...cur.value, timezone: "Asia/Jayapura" });
    assert.equal(await zone(), "Asia/Jayapura");
  });
});
