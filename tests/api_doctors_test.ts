import assert from "node:assert/strict";
import { writeXlsx } from "../lib/resource/spreadsheet.ts";
import { setup, versionOf } from "./helpers.ts";
import type { T } from "./master_fixtures.ts";

const DOCTOR = {
  id: "",
  front_title: "dr.",
  first_name: "Budi",
  last_name: "Santoso",
  last_title: "Sp.PD",
  phone: "0811",
  gender: "L",
};

async function doctor(t: T, fields: Record<string, string>) {
  const r = await t.post("/api/doctor/update", { ...DOCTOR, ...fields });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.data as Record<string, unknown> & { _id: string; _version: string };
}

Deno.test("doctor: full name built from titles and names; switches off by default", async () => {
  await using t = await setup();
  const d = await doctor(t, {});
  assert.equal(d.fullname, "dr. Budi Santoso, Sp.PD");
  assert.deepEqual([d.dpjp, d.igd, d.approval], [false, false, false]);
  const plain = await doctor(t, {
    front_title: "",
    last_name: "",
    last_title: "",
    first_name: "Ani",
  });
  assert.equal(plain.fullname, "Ani");
  const noTitle = await doctor(t, { last_title: "  ", first_name: "Citra", last_name: "Dewi" });
  assert.equal(noTitle.fullname, "dr. Citra Dewi");
  const r = await t.post("/api/doctor/update", { ...DOCTOR, first_name: "" });
  assert.equal(r.status, 400);
  assert.match(r.body.message, /Nama depan wajib diisi/);
  // search reaches the built name
  const found = await t.json("/api/doctor?search[value]=santoso, sp.pd");
  assert.deepEqual(found.body.data.map((x: { _id: string }) => x._id), [d._id]);
});

Deno.test("doctor: a switch saves only its field; other fields 400, unknown id 404", async () => {
  await using t = await setup();
  const d = await doctor(t, {});
  let r = await t.post(`/api/doctor/update/dpjp/${d._id}`, { dpjp: "true" });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const { _version: v1, ...after } = r.body.data;
  const { _version: v0, ...before } = d;
  assert.notEqual(v1, v0);
  assert.deepEqual(after, { ...before, dpjp: true });

  // JSON body, as the switch sends it
  r = await t.json(`/api/doctor/update/igd/${d._id}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ igd: true }),
  });
  assert.equal(r.status, 200);
  assert.deepEqual([r.body.data.dpjp, r.body.data.igd, r.body.data.approval], [true, true, false]);
  r = await t.post(`/api/doctor/update/approval/${d._id}`, { approval: "true" });
  r = await t.post(`/api/doctor/update/dpjp/${d._id}`, { dpjp: "false" });
  assert.equal(r.status, 200);
  assert.deepEqual([r.body.data.dpjp, r.body.data.igd, r.body.data.approval], [false, true, true]);
  const saved = r.body.data;

  // a field that is not a switch: refused, nothing changed
  for (
    const [field, body] of [["fullname", { fullname: "x" }], ["phone", { phone: "1" }]] as const
  ) {
    r = await t.post(`/api/doctor/update/${field}/${d._id}`, body);
    assert.equal(r.status, 400, field);
    assert.match(r.body.message, /tidak bisa diubah/);
  }
  r = await t.post(`/api/doctor/update/igd/${d._id}`, { igd: "mungkin" });
  assert.equal(r.status, 400);
  r = await t.post(`/api/doctor/update/igd/${d._id}`, {});
  assert.equal(r.status, 400);
  assert.deepEqual((await t.json(`/api/doctor/${d._id}`)).body.data, saved);

  r = await t.post("/api/doctor/update/dpjp/01HZZZZZZZZZZZZZZZZZZZZZZZ", { dpjp: "true" });
  assert.equal(r.status, 404);
  assert.equal((await t.json("/api/doctor")).body.recordsTotal, 1);
});

Deno.test("doctor: DPJP and IGD lookups list only doctors with the switch on; edits keep switches", async () => {
  await using t = await setup();
  const a = await doctor(t, { first_name: "Andi" });
  const b = await doctor(t, { first_name: "Bayu" });
  const c = await doctor(t, { first_name: "Cahya" });
  await t.post(`/api/doctor/update/dpjp/${a._id}`, { dpjp: "true" });
  await t.post(`/api/doctor/update/dpjp/${b._id}`, { dpjp: "true" });
  await t.post(`/api/doctor/update/igd/${c._id}`, { igd: "true" });
  const texts = async (path: string) =>
    (await t.json(path)).body.results.map((o: { text: string }) => o.text);
  assert.deepEqual(await texts("/api/doctor/dpjpselect2"), [
    "dr. Andi Santoso, Sp.PD",
    "dr. Bayu Santoso, Sp.PD",
  ]);
  assert.deepEqual(await texts("/api/doctor/dpjpselect2?q=bayu"), ["dr. Bayu Santoso, Sp.PD"]);
  assert.deepEqual(await texts("/api/doctor/dpjpselect2?q=cahya"), []);
  assert.deepEqual(await texts("/api/doctor/igdpselect2"), ["dr. Cahya Santoso, Sp.PD"]);
  assert.equal((await texts("/api/doctor/select2")).length, 3);

  // an ordinary edit (the modal sends no switches) keeps them
  const r = await t.post("/api/doctor/update", {
    ...DOCTOR,
    id: a._id,
    _version: await versionOf(t, "doctor", a._id),
    first_name: "Andika",
  });
  assert.equal(r.status, 200);
  assert.equal(r.body.data.fullname, "dr. Andika Santoso, Sp.PD");
  assert.deepEqual([r.body.data.dpjp, r.body.data.igd, r.body.data.approval], [true, false, false]);
  assert.deepEqual(await texts("/api/doctor/dpjpselect2"), [
    "dr. Andika Santoso, Sp.PD",
    "dr. Bayu Santoso, Sp.PD",
  ]);
  // switching off removes the doctor from the lookup
  await t.post(`/api/doctor/update/dpjp/${b._id}`, { dpjp: "false" });
  assert.deepEqual(await texts("/api/doctor/dpjpselect2"), ["dr. Andika Santoso, Sp.PD"]);
});

Deno.test("doctor: .xlsx import (no file, a .txt refused), blank switch cells, re-import keeps switches", async () => {
  await using t = await setup();
  let r = await t.json("/api/doctor/import", { method: "POST", body: new FormData() });
  assert.equal(r.status, 400);
  assert.equal(r.body.message, "Harap pilih file .xlsx atau CSV terlebih dahulu.");
  r = await t.upload("/api/doctor/import", "dokter.txt", "first_name\nBudi\n");
  assert.equal(r.status, 400);
  assert.match(r.body.message, /Berkas harus \.xlsx atau CSV \(bukan \.txt\)/);
  assert.equal((await t.json("/api/doctor")).body.recordsTotal, 0);

  r = await t.upload(
    "/api/doctor/import",
    "dokter.xlsx",
    writeXlsx([
      [
        "gelar_depan",
        "first_name",
        "last_name",
        "gelar_belakang",
        "phone",
        "gender",
        "dpjp",
        "igd",
      ],
      ["dr.", "Budi", "Santoso", "Sp.PD", "0811", "Laki-laki", "ya", ""],
      ["dr.", "Ani", "", "", "0812", "P", "", "1"],
    ]),
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.created, 2);
  const list = await t.json("/api/doctor?order[0][column]=0&columns[0][data]=fullname");
  assert.deepEqual(
    list.body.data.map((d: Record<string, unknown>) => [d.fullname, d.gender, d.dpjp, d.igd]),
    [["dr. Ani", "P", false, true], ["dr. Budi Santoso, Sp.PD", "L", true, false]],
  );

  // the same doctors again, without switch and gender columns: matched by full name, switches
  // and gender kept (only Budi's phone changes)
  r = await t.upload(
    "/api/doctor/import",
    "dokter.xlsx",
    writeXlsx([
      ["front_title", "first_name", "last_name", "last_title", "phone"],
      ["dr.", "Budi", "Santoso", "Sp.PD", "0899"],
      ["dr.", "Ani", "", "", "0812"],
    ]),
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual([r.body.created, r.body.updated, r.body.unchanged], [0, 1, 1]);
  const dpjp = await t.json("/api/doctor/dpjpselect2");
  assert.deepEqual(dpjp.body.results.map((o: { text: string }) => o.text), [
    "dr. Budi Santoso, Sp.PD",
  ]);
  const budi = (await t.json("/api/doctor?search[value]=budi")).body.data[0];
  assert.equal(budi.phone, "0899");
  assert.equal(budi.igd, false);
  assert.equal(budi.gender, "L");
});
