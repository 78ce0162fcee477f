import assert from "node:assert/strict";
import { dtQuery, setup } from "./helpers.ts";
import { collectionOf } from "../lib/resource/resource.ts";
import { registry } from "../resources/mod.ts";

/**
 * A first start: the patients' list and page answer their first pages (ERM order) from the
 * `erm` keys and the count in KV before the index has read every patient, as the index would.
 */

Deno.test("pasien early list: the first pages by ERM answer before the index loads, as it would", async () => {
  await using t = await setup();
  const erms = ["000123", "B-7", "a-9", "000045", "b-1", "12", "Z1", "c3"];
  for (const [i, erm] of erms.entries()) {
    const r = await t.post("/api/pasien/update", {
      id: "",
      erm,
      first_name: `Pasien${i}`,
      gender: "L",
      tgl_lahir: "1980-01-01",
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  const cols = ["erm", "fullname", "gender"];
  const queries = [
    "draw=1&start=0&length=10",
    dtQuery(cols, { start: 0, length: 3 }),
    dtQuery(cols, { start: 3, length: 3 }),
    dtQuery(cols, { start: 2, length: 4, order: [0, "asc"] }),
  ];
  const col = collectionOf(t.store, registry.get("pasien")!);
  await col.index();
  const loaded: unknown[] = [];
  for (const q of queries) loaded.push((await t.json(`/api/pasien?${q}`)).body);
  const early: unknown[] = [];
  for (const q of queries) {
    col.reset(); // as a new process: nothing loaded
    const r = await t.json(`/api/pasien?${q}`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.ok(
      await col.early({ order: [{ field: "erm", dir: "asc" }], start: 0, length: 10 }),
      `${q}: answered without loading the index`,
    );
    early.push(r.body);
  }
  assert.deepEqual(early, loaded, "the early answers are the loaded index's");
  const page = (i: number) => (early[i] as { data: { erm: string }[] }).data.map((d) => d.erm);
  assert.deepEqual(page(1), ["000045", "000123", "12"]);
  assert.deepEqual(page(2), ["a-9", "b-1", "B-7"], "lowercased, as the index orders text");
  assert.deepEqual(page(3), ["12", "a-9", "b-1", "B-7"]);
  const first = early[0] as { recordsTotal: number; recordsFiltered: number };
  assert.deepEqual([first.recordsTotal, first.recordsFiltered], [8, 8]);
  // the page renders its first rows early too; a search or another order waits for the index
  col.reset();
  const html = await (await t.req("/pasien")).text();
  assert.match(html, /000045/);
  assert.ok(await col.early({ order: [{ field: "erm", dir: "asc" }], length: 10 }));
  const desc = await t.json(`/api/pasien?${dtQuery(cols, { length: 2, order: [0, "desc"] })}`);
  assert.deepEqual(desc.body.data.map((d: { erm: string }) => d.erm), ["Z1", "c3"]);
  col.reset();
  const found = await t.json(`/api/pasien?${dtQuery(cols, { search: "b-" })}`);
  assert.equal(found.body.recordsFiltered, 2);
  assert.equal(await col.early({ order: [{ field: "erm", dir: "asc" }], length: 10 }), null);
});
