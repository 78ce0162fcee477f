import assert from "node:assert/strict";
import { idleCollector, mallocTrim } from "../lib/runtime/idle_gc.ts";

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

/** Waits (checking every few milliseconds, at most 20 s) until `cond` holds. */
async function until(cond: () => boolean, what: string) {
  const end = Date.now() + 20_000;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`did not happen: ${what}`);
    await sleep(5);
  }
}

Deno.test("idle collector: one collection and trim after requests stop, none while busy or idle", async () => {
  const calls: string[] = [];
  const timing = { idleMs: 120, tickMs: 20 };
  const c = idleCollector({
    ...timing,
    gc: () => calls.push("gc"),
    trim: () => calls.push("trim"),
  });
  // a control beside it with the same timing: once the control, touched, has collected, the
  // collector under test had every chance to collect too
  let controlRuns = 0;
  const control = idleCollector({ ...timing, gc: () => controlRuns++, trim: null });
  try {
    control.touch();
    await until(() => controlRuns >= 1, "the control collects");
    assert.deepEqual(calls, [], "no requests yet: nothing to give back");
    // requests every ~10 ms: a collection may only come after a gap of the idle time between two
    // of them (a loaded machine can stall a sleep that long; then that gap was a real pause)
    let busyMs = 0, last = Date.now();
    c.touch();
    while (busyMs < 300) {
      await sleep(10);
      const gap = Date.now() - last;
      if (gap < timing.idleMs) {
        assert.deepEqual(calls, [], `requests keep coming (a gap of ${gap} ms): no pause for them`);
        busyMs += gap;
      } else calls.length = 0; // a real pause: its collection was due
      last = Date.now();
      c.touch();
    }
    await until(() => calls.length >= 2, "a collection once requests stop");
    const runs = controlRuns;
    control.touch();
    await until(() => controlRuns > runs, "the control collects again");
    assert.deepEqual(calls, ["gc", "trim"], "still idle: once is enough");
    c.touch();
    await until(() => calls.length >= 4, "a collection after the next request");
    assert.deepEqual(calls, ["gc", "trim", "gc", "trim"]);
  } finally {
    c.stop();
    control.stop();
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

Deno.test("without gc() (no --expose-gc), the idle collector does nothing", async () => {
  const g = globalThis as { gc?: unknown };
  const had = g.gc;
  delete g.gc;
  const trims: string[] = [];
  const control: string[] = [];
  // two collectors side by side: this one, without gc(), would give memory back after 20 ms idle;
  // the control, with gc(), after 60 ms
  const without = idleCollector({ idleMs: 20, tickMs: 10, trim: () => trims.push("trim") });
  const withGc = idleCollector({
    idleMs: 60,
    tickMs: 10,
    gc: () => control.push("gc"),
    trim: () => control.push("trim"),
  });
  try {
    without.touch();
    withGc.touch();
    const end = Date.now() + 20_000;
    while (control.length < 2 && Date.now() < end) await sleep(5);
    assert.deepEqual(control, ["gc", "trim"], "the control gave memory back");
    assert.deepEqual(trims, [], "idle for longer than its 20 ms, yet nothing ran");
  } finally {
    without.stop();
    withGc.stop();
    if (had) g.gc = had;
  }
});
