import assert from "node:assert/strict";
import { Activity } from "../lib/runtime/activity.ts";

const after = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

Deno.test("activity: idle() waits for the requests in flight, at most maxMs; quiet() for a pause", async () => {
  const a = new Activity();
  let t0 = performance.now();
  await a.idle(1_000);
  assert.ok(performance.now() - t0 < 500, "no request running: at once");

  a.begin();
  a.begin();
  let resolved = false;
  const waiting = a.idle(5_000).then(() => resolved = true);
  a.end();
  await after(20);
  assert.equal(resolved, false, "one request still running");
  a.end();
  await waiting;
  assert.equal(resolved, true, "the last request ended");

  a.begin();
  t0 = performance.now();
  await a.idle(60);
  assert.ok(performance.now() - t0 >= 55, "a request that never ends: after maxMs");
  a.end();

  assert.equal(a.isQuiet(1_000), false, "a request just ended");
  t0 = performance.now();
  await a.quiet(80);
  assert.ok(performance.now() - t0 >= 70 && a.isQuiet(80));
});

Deno.test("activity: calm() takes a turn of the event loop, then waits until no request ran for a while", async () => {
  const a = new Activity();
  // nothing ran: a turn only, in which a timer due now fires first
  let fired = false;
  setTimeout(() => fired = true, 0);
  await a.calm(50, 1_000);
  assert.equal(fired, true, "a turn of the event loop");

  a.begin();
  a.end();
  const t0 = performance.now();
  await a.calm(40, 1_000);
  assert.ok(performance.now() - t0 >= 35, "40 ms after the last request");

  a.begin();
  const t1 = performance.now();
  await a.calm(40, 100);
  assert.ok(performance.now() - t1 >= 95, "a request that never ends: after maxMs");
  a.end();
});
