import assert from "node:assert/strict";
import { setup, versionOf } from "./helpers.ts";

Deno.test("reference lists: seeded once, edit only, lookups and single reads", async () => {
  await using t = await setup();
  const list = await t.json("/api/discharge-patient?draw=1&start=0&length=10");
  assert.equal(list.status, 200);
  const descs = list.body.data.map((d: { desc: string }) => d.desc);
  assert.ok(descs.includes("Atas Persetujuan Dokter") && descs.includes("Meninggal"));
  const regional = await t.json("/api/regional/select2?q=regional");
  assert.equal(regional.body.results.length, 5);

  const del = await t.req(`/api/regional/delete/${regional.body.results[0].id}`, {
    method: "DELETE",
  });
  assert.equal(del.status, 404);

  const eps = await t.json("/api/episode/select2?q=icu");
  assert.deepEqual(eps.body.results.map((r: { text: string }) => r.text).sort(), [
    "ICU dengan ventilator",
    "ICU tanpa ventilator",
  ]);
  const one = await t.json(`/api/episode/${eps.body.results[0].id}`);
  assert.match(one.body.data.desc, /Perawatan intensif/);

  const dup = await t.post("/api/owner/update", { id: "", desc: " swasta " });
  assert.equal(dup.status, 409);
  assert.match(dup.body.message, /Deskripsi "swasta" sudah digunakan/);
  const empty = await t.post("/api/criteria/update", { id: "", title: "", desc: "x" });
  assert.equal(empty.status, 400);
  assert.match(empty.body.message, /Judul wajib diisi/);

  const owner = (await t.json("/api/owner/select2?q=pemerintah")).body.results[0];
  const edit = await t.post("/api/owner/update", {
    id: owner.id,
    _version: await versionOf(t, "owner", owner.id),
    desc: "Pemerintah Daerah",
  });
  assert.equal(edit.status, 200);
  assert.equal(edit.body.data.desc, "Pemerintah Daerah");
  const renamed = await t.json(`/api/owner/select2?q=daerah`);
  assert.equal(renamed.body.results[0].id, owner.id);
});
