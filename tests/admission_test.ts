import assert from "node:assert/strict";
import { Hono } from "hono";
import { Admission, admitted } from "../lib/http/admission.ts";
import { setup } from "./helpers.ts";

/** A Hono app whose handlers wait until released, noting when each starts and how many run. */
function heldApp(limit: number) {
  const started: string[] = [];
  const release = new Map<string, () => void>();
  let running = 0, most = 0;
  const app = new Hono();
  app.use("*", admitted(new Admission(limit)));
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

Deno.test("admission: at most the limit run at once, the rest in arrival order", async () => {
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

Deno.test("admission: a save waiting goes before the lists that came earlier", async () => {
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

Deno.test("admission: a failing request gives its turn back", async () => {
  const app = new Hono();
  app.use("*", admitted(new Admission(1)));
  app.get("/boom", () => {
    throw new Error("boom");
  });
  app.get("/ok", (c) => c.text("ok"));
  app.onError((_, c) => c.text("gagal", 500));
  assert.equal((await app.request("/boom")).status, 500);
  assert.equal(await (await app.request("/ok")).text(), "ok");
});

Deno.test("admission: the app answers with one request at a time (REQUESTS_AT_ONCE=1)", async () => {
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
