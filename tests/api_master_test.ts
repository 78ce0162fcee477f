import assert from "node:assert/strict";
import { writeXlsx } from "../lib/resource/spreadsheet.ts";
import { references } from "../resources/references.ts";
import { setup, versionOf } from "./helpers.ts";
import { all, save } from "./master_fixtures.ts";

Deno.test("classroom: class type first|second|third (Kelas N accepted), anything else 400", async () => {
  await using t = await setup();
  const k1 = await save(t, "class-room", { name: "VIP", desc: "", classtype: "first" });
  assert.equal(k1.classtype, "first");
  const k2 = await save(t, "class-room", { name: "Kelas II", desc: "", classtype: "Kelas 2" });
  assert.equal(k2.classtype, "second");
  for (const bad of ["fourth", "", "Kelas 4", "4"]) {
    const r = await t.post("/api/class-room/update", { id: "", name: "X", classtype: bad });
    assert.equal(r.status, 400, bad);
    assert.match(r.body.message, /Tipe kelas harus salah satu dari: first, second, third/);
  }
  const dup = await t.post("/api/class-room/update", { id: "", name: "vip", classtype: "third" });
  assert.equal(dup.status, 409);
  assert.match(dup.body.message, /Nama "vip" sudah digunakan/);
  const sel = await t.json("/api/class-room/select2");
  assert.deepEqual(sel.body.results.map((o: { text: string }) => o.text), ["Kelas II", "VIP"]);
});

Deno.test("room: embeds {_id, name} of its class; renaming the class refreshes it; delete refused while used", async () => {
  await using t = await setup();
  const vip = await save(t, "class-room", { name: "VIP", classtype: "first" });
  const k3 = await save(t, "class-room", { name: "Kelas 3", classtype: "third" });
  const mawar = await save(t, "room", { name: "Mawar", desc: "Lantai 2", classroom: vip._id });
  assert.deepEqual(mawar.classroom, { _id: vip._id, name: "VIP" });
  await save(t, "room", { name: "Melati", classroom: vip._id });
  await save(t, "room", { name: "Anggrek", classroom: k3._id });
  let r = await t.post("/api/room/update", {
    id: "",
    name: "Dahlia",
    classroom: "01HZZZZZZZZZZZZZZZZZZZZZZZ",
  });
  assert.equal(r.status, 400);
  assert.equal(r.body.message, "Kelas tidak ditemukan.");
  r = await t.post("/api/room/update", { id: "", name: "Dahlia", classroom: "" });
  assert.equal(r.status, 400);
  assert.match(r.body.message, /Kelas wajib dipilih/);

  // the table searches and filters by the class
  let list = await t.json("/api/room?search[value]=vip");
  assert.equal(list.body.recordsFiltered, 2);
  list = await t.json(`/api/room/select2?classroomId=${k3._id}`);
  assert.deepEqual(list.body.results.map((o: { text: string }) => o.text), ["Anggrek"]);

  // a class with rooms cannot be deleted; nothing is deleted
  r = await t.json(`/api/class-room/delete/${vip._id}`, { method: "DELETE" });
  assert.equal(r.status, 409);
  assert.match(r.body.message, /Kelas ini masih dipakai oleh 2 data Ruang/);
  assert.equal((await all(t, "class-room")).length, 2);
  assert.equal((await all(t, "room")).length, 3);

  // renaming the class refreshes the name embedded in its rooms, and only in those
  r = await t.post("/api/class-room/update", {
    id: vip._id,
    _version: await versionOf(t, "class-room", vip._id),
    name: "VVIP",
    desc: "",
    classtype: "first",
  });
  assert.equal(r.status, 200);
  const rooms = await all(t, "room");
  const cls = Object.fromEntries(rooms.map((x) => [x.name, x.classroom]));
  assert.deepEqual(cls, {
    Mawar: { _id: vip._id, name: "VVIP" },
    Melati: { _id: vip._id, name: "VVIP" },
    Anggrek: { _id: k3._id, name: "Kelas 3" },
  });
  assert.equal((await t.json("/api/room?search[value]=vvip")).body.recordsFiltered, 2);

  // once its rooms are gone (deleted or moved), the class can go
  assert.equal((await t.json(`/api/room/delete/${mawar._id}`, { method: "DELETE" })).status, 200);
  const melati = rooms.find((x) => x.name === "Melati")!;
  r = await t.post("/api/room/update", {
    id: melati._id,
    _version: await versionOf(t, "room", melati._id),
    name: "Melati",
    classroom: k3._id,
  });
  assert.equal(r.status, 200);
  assert.equal(
    (await t.json(`/api/class-room/delete/${vip._id}`, { method: "DELETE" })).status,
    200,
  );
  assert.deepEqual((await all(t, "class-room")).map((x) => x.name), ["Kelas 3"]);
});

Deno.test("room: .xlsx import names the class by name; unknown classes list row errors, nothing written", async () => {
  await using t = await setup();
  const vip = await save(t, "class-room", { name: "VIP", classtype: "first" });
  const k3 = await save(t, "class-room", { name: "Kelas 3", classtype: "third" });
  await save(t, "room", { name: "Mawar", classroom: k3._id });

  let r = await t.json("/api/room/import", { method: "POST", body: new FormData() });
  assert.equal(r.status, 400);
  assert.equal(r.body.message, "Harap pilih file .xlsx atau CSV terlebih dahulu.");

  r = await t.upload(
    "/api/room/import",
    "ruang.xlsx",
    writeXlsx([
      ["nama", "desc", "kelas"],
      ["Melati", "Lantai 1", "VIP"],
      ["Kenanga", "", "Kelas 9"],
      ["Dahlia", "", "Kelas 3"],
      ["Tulip", "", "ICU"],
    ]),
  );
  assert.equal(r.status, 400);
  const lines = r.body.message.split("\n");
  assert.deepEqual(lines.slice(1), [
    'Baris 3: Kelas dengan nama "Kelas 9" tidak ditemukan.',
    'Baris 5: Kelas dengan nama "ICU" tidak ditemukan.',
  ]);
  assert.match(lines[0], /tidak ada data yang disimpan\. 2 kesalahan/);
  assert.deepEqual(r.body.errors, lines.slice(1));
  assert.deepEqual((await all(t, "room")).map((x) => x.name), ["Mawar"]);

  // a valid file: names matched ignoring case, existing rooms updated by name
  r = await t.upload(
    "/api/room/import",
    "ruang.xlsx",
    writeXlsx([
      ["Ruang", "desc", "Kelas"],
      ["Melati", "Lantai 1", "vip"],
      ["mawar", "Pindah", "VIP"],
    ]),
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual([r.body.created, r.body.updated], [1, 1]);
  const rooms = Object.fromEntries((await all(t, "room")).map((x) => [x.name, x]));
  assert.deepEqual(Object.keys(rooms).sort(), ["Melati", "mawar"]);
  assert.deepEqual(rooms.Melati.classroom, { _id: vip._id, name: "VIP" });
  assert.deepEqual(rooms.mawar.classroom, { _id: vip._id, name: "VIP" });
  assert.equal(rooms.mawar.desc, "Pindah");
});

Deno.test("disputed claim: 50 a page, select2 leaves out chosen keywords, single read, delete", async () => {
  await using t = await setup();
  const ids: string[] = [];
  for (let i = 0; i < 55; i++) {
    const d = await save(t, "disputed-claim", {
      kode_icd: `R${String(i).padStart(2, "0")}`,
      keyword: `Keyword ${String(i).padStart(2, "0")}`,
      rekomendasi: "Koding sesuai kaidah",
      sumber: "BA 2019",
    });
    ids.push(d._id);
  }
  let r = await t.json("/api/disputed-claim?draw=1");
  assert.equal(r.body.data.length, 50);
  assert.equal(r.body.recordsTotal, 55);
  r = await t.json("/api/disputed-claim?draw=2&start=50");
  assert.equal(r.body.data.length, 5);

  const dup = await t.post("/api/disputed-claim/update", { id: "", keyword: "keyword 00" });
  assert.equal(dup.status, 409);

  const texts = async (q: string) =>
    (await t.json(`/api/disputed-claim/select2?${q}`)).body.results.map((o: { text: string }) =>
      o.text
    );
  assert.deepEqual(await texts("q=keyword 0"), [
    "Keyword 00",
    "Keyword 01",
    "Keyword 02",
    "Keyword 03",
    "Keyword 04",
    "Keyword 05",
    "Keyword 06",
    "Keyword 07",
    "Keyword 08",
    "Keyword 09",
  ]);
  assert.deepEqual(
    await texts(`q=keyword 0&keyword=${ids[0]},${ids[2]}`),
    ["01", "03", "04", "05", "06", "07", "08", "09"].map((n) => `Keyword ${n}`),
  );
  assert.deepEqual(
    await texts(`q=keyword 0&keyword[]=${ids[1]}&keyword[]=${ids[3]}`),
    ["00", "02", "04", "05", "06", "07", "08", "09"].map((n) => `Keyword ${n}`),
  );

  const one = await t.json(`/api/disputed-claim/${ids[4]}`);
  assert.equal(one.status, 200);
  assert.equal(one.body.data._id, ids[4]);
  assert.equal(one.body.data.keyword, "Keyword 04");
  assert.equal(one.body.data.rekomendasi, "Koding sesuai kaidah");

  r = await t.json(`/api/disputed-claim/delete/${ids[4]}`, { method: "DELETE" });
  assert.equal(r.status, 200);
  assert.equal((await t.json(`/api/disputed-claim/${ids[4]}`)).status, 404);
  assert.equal((await t.json("/api/disputed-claim")).body.recordsTotal, 54);
  const page = await t.req("/dispute-klaim");
  assert.match(await page.text(), /Data akan dihapus secara permanen!/);
});

Deno.test("reference lists: none of the ten has a delete route", async () => {
  await using t = await setup();
  assert.equal(references.length, 10);
  for (const def of references) {
    const before = await t.json(`/api/${def.name}?length=100`);
    assert.ok(before.body.recordsTotal > 0, def.name);
    const id = before.body.data[0]._id;
    const r = await t.req(`/api/${def.name}/delete/${id}`, { method: "DELETE" });
    assert.equal(r.status, 404, def.name);
    assert.equal((await t.json(`/api/${def.name}/${id}`)).status, 200, def.name);
    const after = await t.json(`/api/${def.name}?length=100`);
    assert.equal(after.body.recordsTotal, before.body.recordsTotal, def.name);
  }
  assert.equal(
    t.app.routes.filter((r) =>
      r.method === "DELETE" && references.some((d) => r.path.startsWith(`/api/${d.name}/`))
    ).length,
    0,
  );
});

Deno.test("writes without a session: 401 and nothing changes (master-data routes)", async () => {
  await using t = await setup();
  const vip = await save(t, "class-room", { name: "VIP", classtype: "first" });
  const doc = await save(t, "doctor", { first_name: "Budi" });
  const admin = (await t.json("/api/user")).body.data[0];
  // every mutating route of these resources is among the ones auth_test walks
  const mutating = t.app.routes.filter((r) => r.method === "POST" || r.method === "DELETE")
    .map((r) => `${r.method} ${r.path}`);
  for (
    const route of [
      "POST /api/user/update",
      "POST /api/user/import",
      "DELETE /api/user/delete/:id",
      "POST /api/doctor/update/:field/:id",
      "POST /api/doctor/import",
      "POST /api/class-room/update",
      "POST /api/room/import",
      "POST /api/inatarif/import",
      "POST /api/icd/import",
      "DELETE /api/disputed-claim/delete/:id",
      "POST /api/pasien/import",
      "POST /api/episode/update",
    ]
  ) assert.ok(mutating.includes(route), route);

  const anon = (path: string, init: RequestInit) => t.app.request(path, init);
  const form = (f: Record<string, string>) => ({ method: "POST", body: new URLSearchParams(f) });
  const fd = new FormData();
  fd.append("file", new File([writeXlsx([["name", "kelas"], ["Mawar", "VIP"]])], "r.xlsx"));
  for (
    const [path, init] of [
      [`/api/doctor/update/dpjp/${doc._id}`, form({ dpjp: "true" })],
      [`/api/class-room/update`, form({ id: vip._id, name: "X", classtype: "third" })],
      [`/api/class-room/delete/${vip._id}`, { method: "DELETE" }],
      [`/api/user/delete/${admin._id}`, { method: "DELETE" }],
      ["/api/user/update", form({ id: admin._id, ...admin, password: "baru-sekali-1" })],
      ["/api/room/import", { method: "POST", body: fd }],
    ] as [string, RequestInit][]
  ) {
    const r = await anon(path, init);
    assert.equal(r.status, 401, path);
    assert.match((await r.json()).message, /Sesi tidak valid/);
  }
  assert.equal((await t.json(`/api/doctor/${doc._id}`)).body.data.dpjp, false);
  assert.equal((await t.json(`/api/class-room/${vip._id}`)).body.data.name, "VIP");
  assert.equal((await t.json("/api/user")).body.recordsTotal, 1);
  assert.equal((await t.json("/api/room")).body.recordsTotal, 0);
});
