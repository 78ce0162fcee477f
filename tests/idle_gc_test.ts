import assert from "node:assert/strict";
import { idleCollector, mallocTrim } from "../lib/runtime/idle_gc.ts";

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

Deno.test("idle collector: one collection and trim after requests stop, none while busy or idle", async () => {
  const calls: string[] = [];
  const c = idleCollector({
    idleMs: 120,
    tickMs: 20,
    gc: () => calls.push("gc"),
    trim: () => calls.push("trim"),
  });
  try {
    await sleep(200);
    assert.deepEqual(calls, [], "no requests yet: nothing to give back");
    for (let i = 0; i < 8; i++) {
      c.touch();
      await sleep(30);
    }
    assert.deepEqual(calls, [], "requests keep coming: no pause for them");
    await sleep(250);
    assert.deepEqual(calls, ["gc", "trim"]);
    await sleep(250);
    assert.deepEqual(calls, ["gc", "trim"], "still idle: once is enough");
    c.touch();
    await sleep(250);
    assert.deepEqual(calls, ["gc", "trim", "gc", "trim"]);
  } finally {
    c.stop();
  }
});

Deno.test({
  name: "malloc_trim is reachable through FFI on Linux (glibc), absent elsewhere",
  fn() {
    const trim = mallocTrim();
    if (Deno.build.os === "linux") {
      assert.equal(typeof trim, "function");
      trim!();
    } else assert.equal(trim, null);
  },
});
