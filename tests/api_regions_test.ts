import assert from "node:assert/strict";
import { dtQuery, seedWilayah, setup, versionOf } from "./helpers.ts";

const VILLAGE_COLS = ["kode", "desc", "districtId.desc"];

Deno.test("datatables protocol: draw, totals, paging, search and order", async () => {
  await using t = await setup();
  await seedWilayah(t);
  let r = await t.json(`/api/village?${dtQuery(VILLAGE_COLS, { draw: 7, length: 2 })}`);
  assert.equal(r.status, 200);
  assert.equal(r.body.draw, 7);
  assert.equal(r.body.recordsTotal, 3);
  assert.equal(r.body.recordsFiltered, 3);
  assert.deepEqual(r.body.data.map((d: { kode: string }) => d.kode), [
    "11.01.01.2001",
    "11.01.01.2002",
  ]);
  assert.equal(r.body.data[0].districtId.desc, "Bakongan");
  assert.ok(r.body.data[0]._version);

  r = await t.json(`/api/village?${dtQuery(VILLAGE_COLS, { start: 2, length: 2 })}`);
  assert.deepEqual(r.body.data.map((d: { kode: string }) => d.kode), ["11.01.02.2001"]);

  r = await t.json(`/api/village?${dtQuery(VILLAGE_COLS, { search: "MANGKI" })}`);
  assert.equal(r.body.recordsFiltered, 1);
  assert.equal(r.body.recordsTotal, 3);
  assert.equal(r.body.data[0].desc, "Ujong Mangki");

  // search reaches the parent's name column too
  r = await t.json(`/api/village?${dtQuery(VILLAGE_COLS, { search: "kluet" })}`);
  assert.deepEqual(r.body.data.map((d: { desc: string }) => d.desc), ["Fajar Harapan"]);

  r = await t.json(`/api/village?${dtQuery(VILLAGE_COLS, { order: [1, "desc"] })}`);
  assert.deepEqual(r.body.data.map((d: { desc: string }) => d.desc), [
    "Ujong Mangki",
    "Keude Bakongan",
    "Fajar Harapan",
  ]);

  // a column marked unsearchable is not searched
  const q = new URLSearchParams(dtQuery(VILLAGE_COLS, { search: "kluet" }));
  q.set("columns[2][searchable]", "false");
  r = await t.json(`/api/village?${q}`);
  assert.equal(r.body.recordsFiltered, 0);
});

Deno.test("select2: q, paging and cascading parent filters", async () => {
  await using t = await setup();
  await seedWilayah(t);
  const provinces = await t.json("/api/province/select2");
  assert.deepEqual(provinces.body.results.map((o: { text: string }) => o.text), [
    "Aceh",
    "Sumatera Utara",
  ]);
  assert.equal(provinces.body.pagination.more, false);
  const aceh = provinces.body.results[0].id;
  const reg = await t.json(`/api/regency/select2?provinceId=${aceh}`);
  assert.deepEqual(reg.body.results.map((o: { text: string }) => o.text), [
    "Kabupaten Aceh Selatan",
    "Kabupaten Aceh Tenggara",
  ]);
  const sel = await t.json(`/api/regency/select2?q=selatan&provinceId=${aceh}`);
  assert.equal(sel.body.results.length, 1);
  const dis = await t.json(`/api/district/select2?regencyId=${sel.body.results[0].id}`);
  assert.deepEqual(dis.body.results.map((o: { text: string }) => o.text), [
    "Bakongan",
    "Kluet Utara",
  ]);
  const vil = await t.json(`/api/village/select2?q=ujong&districtId=${dis.body.results[0].id}`);
  assert.deepEqual(vil.body.results.map((o: { text: string }) => o.text), ["Ujong Mangki"]);

  for (let i = 0; i < 25; i++) {
    await t.post("/api/province/update", {
      id: "",
      kode: `9${String(i).padStart(2, "0")}`,
      desc: `Prov ${i}`,
    });
  }
  const p1 = await t.json("/api/province/select2?q=prov&page=1");
  const p2 = await t.json("/api/province/select2?q=prov&page=2");
  assert.equal(p1.body.results.length, 20);
  assert.equal(p1.body.pagination.more, true);
  assert.equal(p2.body.results.length, 5);
  assert.equal(p2.body.pagination.more, false);
});

Deno.test("update: create, edit with version, stale edit 409, validation and duplicates", async () => {
  await using t = await setup();
  let r = await t.post("/api/province/update", { id: "", kode: "11", desc: "Aceh" });
  assert.equal(r.status, 200);
  assert.deepEqual([r.body.success, r.body.message], [true, "Data Berhasil di Simpan"]);
  const { _id, _version } = r.body.data;

  r = await t.post("/api/province/update", { id: "", kode: "11", desc: "Lagi" });
  assert.equal(r.status, 409);
  assert.match(r.body.message, /Kode "11" sudah digunakan/);

  r = await t.post("/api/province/update", { id: "", kode: " ", desc: "" });
  assert.equal(r.status, 400);
  assert.match(r.body.message, /Kode wajib diisi/);
  assert.match(r.body.message, /Nama wajib diisi/);

  r = await t.post("/api/province/update", {
    id: _id,
    _version,
    kode: "11",
    desc: "Aceh Darussalam",
  });
  assert.equal(r.status, 200);
  r = await t.post("/api/province/update", {
    id: _id,
    _version,
    kode: "11",
    desc: "Tertimpa",
  });
  assert.equal(r.status, 409);
  assert.match(r.body.message, /diubah oleh pengguna lain/);
  const one = await t.json(`/api/province/${_id}`);
  assert.equal(one.body.data.desc, "Aceh Darussalam");

  // JSON bodies work too
  r = await t.json("/api/province/update", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ id: "", kode: "12", desc: "Sumatera Utara" }),
  });
  assert.equal(r.status, 200);
  r = await t.json("/api/province/update", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{not json",
  });
  assert.equal(r.status, 400);

  r = await t.post("/api/province/update", {
    id: "01HZZZZZZZZZZZZZZZZZZZZZZZ",
    _version: await versionOf(t, "province", "01HZZZZZZZZZZZZZZZZZZZZZZZ"),
    kode: "13",
    desc: "X",
  });
  assert.equal(r.status, 404);
});

Deno.test("parents: stored as {_id, desc}, unknown parent refused, rename refreshes children", async () => {
  await using t = await setup();
  const p = (await t.post("/api/province/update", { id: "", kode: "11", desc: "Aceh" })).body.data;
  let r = await t.post("/api/regency/update", {
    id: "",
    kode: "11.01",
    desc: "Kab. A",
    province: p._id,
  });
  assert.equal(r.status, 200);
  assert.deepEqual(r.body.data.provinceId, { _id: p._id, desc: "Aceh" });
  const reg = r.body.data;
  r = await t.post("/api/district/update", {
    id: "",
    kode: "11.01.01",
    desc: "Kec",
    regency: reg._id,
  });
  assert.deepEqual(r.body.data.regencyId, { _id: reg._id, desc: "Kab. A" });

  r = await t.post("/api/regency/update", {
    id: "",
    kode: "11.02",
    desc: "B",
    province: "01HZZZZZZZZZZZZZZZZZZZZZZZ",
  });
  assert.equal(r.status, 400);
  assert.match(r.body.message, /Provinsi tidak ditemukan/);
  r = await t.post("/api/regency/update", { id: "", kode: "11.02", desc: "B" });
  assert.equal(r.status, 400);
  assert.match(r.body.message, /Provinsi wajib dipilih/);

  await t.post("/api/province/update", {
    id: p._id,
    _version: await versionOf(t, "province", p._id),
    kode: "11",
    desc: "Aceh Baru",
  });
  const list = await t.json(`/api/regency?${dtQuery(["kode", "desc", "provinceId.desc"])}`);
  assert.equal(list.body.data[0].provinceId.desc, "Aceh Baru");
});

Deno.test("delete: 404 unknown, 409 while referenced, then removed", async () => {
  await using t = await setup();
  await seedWilayah(t);
  const aceh = (await t.json("/api/province/select2?q=aceh")).body.results[0].id;
  let r = await t.json(`/api/province/delete/${aceh}`, { method: "DELETE" });
  assert.equal(r.status, 409);
  assert.match(r.body.message, /masih dipakai oleh 2 data Kabupaten\/Kota/);
  r = await t.json("/api/province/delete/01HZZZZZZZZZZZZZZZZZZZZZZZ", { method: "DELETE" });
  assert.equal(r.status, 404);
  const v = (await t.json("/api/village/select2?q=fajar")).body.results[0].id;
  r = await t.json(`/api/village/delete/${v}`, { method: "DELETE" });
  assert.equal(r.status, 200);
  const after = await t.json(`/api/village?${dtQuery(VILLAGE_COLS)}`);
  assert.equal(after.body.recordsTotal, 2);
  // the freed code can be used again
  const d = (await t.json("/api/district/select2?q=kluet")).body.results[0].id;
  r = await t.post("/api/village/update", {
    id: "",
    kode: "11.01.02.2001",
    desc: "Baru",
    district: d,
  });
  assert.equal(r.status, 200);
});
