import assert from "node:assert/strict";
import { Hono } from "hono";
import { queued, RequestQueue, steppedOut } from "../lib/http/request_queue.ts";
import { setup } from "./helpers.ts";

/**
 * A Hono app whose handlers wait until released, noting when each starts and how many run.
 * A request whose name starts with `anon` counts as anonymous (no session).
 */
function heldApp(limit: number) {
  const started: string[] = [];
  const release = new Map<string, () => void>();
  let running = 0, most = 0;
  const app = new Hono();
  app.use("*", queued(new RequestQueue(limit), (c) => c.req.path.startsWith("/anon")));
  app.all("/:name", async (c) => {
    const name = c.req.param("name");
    started.push(name);
    most = Math.max(most, ++running);
    await new Promise<void>((ok) => release.set(name, ok));
    running--;
    return c.text(name);
  });
  const turn = () => new Promise((ok) => setTimeout(ok, 5));
  return { app, started, release, turn, most: () => most };
}

Deno.test("request queue: at most the limit run at once, the rest in arrival order", async () => {
  const h = heldApp(2);
  const answers = ["a", "b", "c", "d", "e"].map((n) => h.app.request(`/${n}`));
  await h.turn();
  assert.deepEqual(h.started, ["a", "b"]);
  h.release.get("b")!();
  await h.turn();
  assert.deepEqual(h.started, ["a", "b", "c"]);
  for (const n of ["a", "c", "d", "e"]) {
    await h.turn();
    h.release.get(n)!();
  }
  assert.deepEqual(await Promise.all(answers.map(async (r) => (await r).text())), [
    "a",
    "b",
    "c",
    "d",
    "e",
  ]);
  assert.equal(h.most(), 2);
});

Deno.test("request queue: a save waiting goes before the lists that came earlier", async () => {
  const h = heldApp(1);
  const answers = [
    h.app.request("/list1"),
    h.app.request("/list2"),
    h.app.request("/list3"),
    h.app.request("/save", { method: "POST" }),
  ];
  await h.turn();
  assert.deepEqual(h.started, ["list1"]);
  h.release.get("list1")!();
  await h.turn();
  assert.deepEqual(h.started, ["list1", "save"]);
  for (const n of ["save", "list2", "list3"]) {
    await h.turn();
    h.release.get(n)!();
  }
  await Promise.all(answers);
  assert.deepEqual(h.started, ["list1", "save", "list2", "list3"]);
});

Deno.test("request queue: anonymous requests hold at most half the slots; a signed-in one goes past them", async () => {
  const h = heldApp(6);
  const anon = Array.from({ length: 8 }, (_, i) => h.app.request(`/anon${i}`));
  await h.turn();
  assert.deepEqual(h.started, ["anon0", "anon1", "anon2"]);
  const list = h.app.request("/list");
  await h.turn();
  assert.deepEqual(h.started, ["anon0", "anon1", "anon2", "list"]);
  h.release.get("list")!();
  assert.equal(await (await list).text(), "list");
  // an anonymous request ending lets the next anonymous one in, in arrival order
  h.release.get("anon0")!();
  await h.turn();
  assert.deepEqual(h.started.slice(4), ["anon3"]);
  for (let i = 1; i < 8; i++) {
    await h.turn();
    h.release.get(`anon${i}`)!();
  }
  await Promise.all(anon);
  assert.equal(h.most(), 4, "three anonymous and the list");
});

Deno.test("request queue: a request stepped out (an upload waiting for its parse) holds no slot", async () => {
  let parsed!: () => void;
  const app = new Hono();
  app.use("*", queued(new RequestQueue(1)));
  app.post("/upload", async (c) => {
    await steppedOut(() => new Promise<void>((ok) => parsed = ok));
    return c.text("diimpor");
  });
  app.get("/list", (c) => c.text("daftar"));
  const upload = app.request("/upload", { method: "POST" });
  await new Promise((ok) => setTimeout(ok, 5));
  assert.equal(await (await app.request("/list")).text(), "daftar");
  parsed();
  assert.equal(await (await upload).text(), "diimpor");
  // outside a request it just waits
  assert.equal(await steppedOut(() => Promise.resolve(7)), 7);
});

Deno.test("request queue: uploads back from their parse hold at most a third of the slots", async () => {
  const parsed: (() => void)[] = [];
  const finish = new Map<number, () => void>();
  let checking = 0, most = 0;
  const app = new Hono();
  app.use("*", queued(new RequestQueue(6)));
  app.post("/upload/:i", async (c) => {
    await steppedOut(() => new Promise<void>((ok) => parsed.push(ok)));
    most = Math.max(most, ++checking); // the rows checked and written, in a slot
    await new Promise<void>((ok) => finish.set(Number(c.req.param("i")), ok));
    checking--;
    return c.text("diimpor");
  });
  app.get("/list", (c) => c.text("daftar"));
  const uploads = [0, 1, 2, 3, 4, 5].map((i) => app.request(`/upload/${i}`, { method: "POST" }));
  const turn = () => new Promise((ok) => setTimeout(ok, 5));
  await turn();
  for (const ok of parsed) ok(); // all six parsed at once
  await turn();
  assert.deepEqual([checking, [...finish.keys()]], [2, [0, 1]]);
  assert.equal(await (await app.request("/list")).text(), "daftar");
  for (let i = 0; i < 6; i++) {
    await turn();
    finish.get(i)!();
  }
  for (const r of await Promise.all(uploads)) assert.equal(await r.text(), "diimpor");
  assert.equal(most, 2);
});

Deno.test("request queue: a failing request gives its turn back", async () => {
  const app = new Hono();
  app.use("*", queued(new RequestQueue(1)));
  app.get("/boom", () => {
    throw new Error("boom");
  });
  app.get("/ok", (c) => c.text("ok"));
  app.onError((_, c) => c.text("gagal", 500));
  assert.equal((await app.request("/boom")).status, 500);
  assert.equal(await (await app.request("/ok")).text(), "ok");
});

Deno.test("request queue: the app answers with one request at a time (REQUESTS_AT_ONCE=1)", async () => {
  await using t = await setup({ config: { requestsAtOnce: 1 } });
  const lists = Array.from({ length: 6 }, () => t.json("/api/pasien?draw=1&start=0&length=5"));
  const save = t.post("/api/pasien/update", {
    erm: "000777",
    first_name: "Sari",
    gender: "P",
    tgl_lahir: "1980-01-01",
  });
  const answers = await Promise.all([...lists, save]);
  for (const r of answers) assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal((await t.json("/api/pasien?draw=1&start=0&length=5")).body.recordsTotal, 1);
});
