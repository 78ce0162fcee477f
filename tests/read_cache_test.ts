import assert from "node:assert/strict";
import { ReadCache } from "../lib/db/read_cache.ts";

Deno.test("kept reads: kept for their time, replaced by own writes, never kept after racing one", async () => {
  const kv = await Deno.openKv(":memory:");
  let now = 0, reads = 0;
  const kept = new ReadCache<string>(1_000, () => now);
  const read = (v: string | null) => () => (reads++, Promise.resolve(v));
  assert.equal(await kept.get(kv, "a", read("satu")), "satu");
  now = 999;
  assert.equal(await kept.get(kv, "a", read("dua")), "satu", "younger than 1 s: kept");
  now = 1_000;
  assert.equal(await kept.get(kv, "a", read("dua")), "dua", "1 s old: read again");
  kept.wrote(kv, "a", "tiga");
  assert.equal(await kept.get(kv, "a", read("x")), "tiga", "an own write counts at once");
  kept.wrote(kv, "a", null);
  assert.equal(await kept.get(kv, "a", read(null)), null);
  assert.equal(await kept.get(kv, "a", read("empat")), "empat", "null is never kept");
  // a read in flight while this process writes the key: its answer is not kept
  let answer!: (v: string) => void;
  now = 5_000;
  const racing = kept.get(kv, "b", () => new Promise<string>((ok) => answer = ok));
  kept.wrote(kv, "b", "baru");
  answer("lama");
  assert.equal(await racing, "lama");
  assert.equal(await kept.get(kv, "b", read("dibaca")), "dibaca", "the raced read was dropped");
  assert.equal(reads, 5);
  kv.close();
});
