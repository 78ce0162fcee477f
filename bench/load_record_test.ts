import assert from "node:assert/strict";
import { Recorder } from "./load_record.ts";
import { typed, wordsOf } from "./load_terms.ts";

Deno.test("load samples: every request is one sample; non-2xx, 409 and timeouts are counted apart and their times kept", async () => {
  const hang = Promise.withResolvers<void>();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const path = new URL(req.url).pathname;
    if (path === "/hang") await hang.promise;
    const status = { "/ok": 200, "/bad": 503, "/busy": 409, "/hang": 200 }[path] ?? 404;
    return new Response(path, { status });
  });
  const base = `http://127.0.0.1:${server.addr.port}`;
  // a limit over 1 s: the timed-out request counts among the slow ones of the first 30 s
  const rec = new Recorder(1_100);
  const get = (cls: string, path: string, conflict?: number) =>
    rec.send(cls, (signal) => fetch(base + path, { signal }), conflict);
  try {
    assert.deepEqual(await get("a", "/ok"), { status: 200, text: "/ok" });
    assert.deepEqual(await get("a", "/bad"), { status: 503, text: "/bad" });
    assert.deepEqual(await get("b", "/busy", 409), { status: 409, text: "/busy" });
    assert.deepEqual(await get("b", "/busy"), { status: 409, text: "/busy" });
    assert.equal(await get("c", "/hang"), null);
  } finally {
    hang.resolve();
    await server.shutdown();
  }
  const a = rec.stats.get("a")!, b = rec.stats.get("b")!, c = rec.stats.get("c")!;
  assert.deepEqual([a.times.length, a.non2xx, a.conflicts, a.timeouts], [2, 1, 0, 0]);
  // a 409 is a conflict only where the class expects one
  assert.deepEqual([b.times.length, b.non2xx, b.conflicts, b.timeouts], [2, 1, 1, 0]);
  assert.deepEqual([c.times.length, c.non2xx, c.conflicts, c.timeouts], [1, 0, 0, 1]);
  assert.ok(c.times[0] >= 1_100, `timeout kept at its time: ${c.times[0]}`);
  assert.deepEqual(rec.totals(), { total: 5, errors: 3, conflicts: 1 });
  assert.equal(rec.slowFirst30, 1);
});

Deno.test("load terms: typed as clerks type, one to four characters or the whole word", () => {
  // rnd values fall in the weights 0.15 | 0.2 | 0.2 | 0.15 | whole word 0.3
  const at = (r: number) => typed(() => r, "Simanjuntak");
  assert.deepEqual([at(0.1), at(0.3), at(0.5), at(0.65), at(0.75)], [
    "S",
    "Si",
    "Sim",
    "Sima",
    "Simanjuntak",
  ]);
  assert.equal(typed(() => 0.3, "J18.9"), "J1");
  assert.deepEqual(wordsOf("Typhoid fever, unspecified (A01.0)"), [
    "Typhoid",
    "fever",
    "unspecified",
    "A01.0",
  ]);
});
