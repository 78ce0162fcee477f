import assert from "node:assert/strict";
import { setup, versionOf } from "./helpers.ts";
import { admission, admit, exam, postJson, seedIpd } from "./ipd_fixtures.ts";

Deno.test("errors: a refusal about a form field names it ({ field, fields }); others name none", async () => {
  await using t = await setup();
  const siti = {
    id: "",
    erm: "000123",
    first_name: "Siti",
    last_name: "",
    phone: "0812",
    tgl_lahir: "1980-01-01",
  };
  assert.equal((await t.post("/api/pasien/update", siti)).status, 200);

  // a unique-key conflict: the message as before, and the field it is about
  let r = await t.post("/api/pasien/update", { ...siti, first_name: "Lain" });
  assert.equal(r.status, 409);
  assert.equal(r.body.success, false);
  assert.equal(r.body.message, 'No. ERM "000123" sudah digunakan.');
  assert.equal(r.body.field, "erm");
  assert.deepEqual(r.body.fields, { erm: 'No. ERM "000123" sudah digunakan.' });

  // schema problems: each field with its own message, the first the one to focus
  r = await t.post("/api/pasien/update", { id: "", erm: "", first_name: "", phone: "08ab" });
  assert.equal(r.status, 400);
  assert.equal(r.body.field, "erm");
  assert.deepEqual(r.body.fields, {
    erm: "No. ERM wajib diisi.",
    first_name: "Nama depan wajib diisi.",
    phone: "Telepon hanya boleh berisi angka (boleh diawali +, dipisah spasi, - atau tanda " +
      "kurung).",
  });
  assert.deepEqual(r.body.errors, Object.values(r.body.fields));

  // phone numbers as written are kept
  r = await t.post("/api/pasien/update", { ...siti, erm: "9", phone: "+62 21 (555) 12-34" });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.data.phone, "+62 21 (555) 12-34");

  // a stale edit belongs to no field
  const id = r.body.data._id;
  r = await t.post("/api/pasien/update", { ...siti, erm: "9", id, _version: "00" });
  assert.equal(r.status, 409);
  assert.equal(r.body.field, undefined);
  assert.equal(r.body.fields, undefined);
  r = await t.post("/api/pasien/update", {
    ...siti,
    erm: "9",
    id,
    _version: await versionOf(t, "pasien", id),
    phone: "nomor",
  });
  assert.equal(r.status, 400);
  assert.equal(r.body.field, "phone");
});

Deno.test("errors: a patient still admitted is told when picked and refused at its field", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const stay = await admit(t, w);

  // asked as the patient is picked: the refusal's own words, before anything is saved
  let r = await t.json(`/api/ipd/${w.pasien}/check-readmisi?date=2026-11-05T08:00`);
  assert.equal(r.status, 200);
  assert.equal(r.body.dirawat, true);
  assert.equal(
    r.body.dirawatText,
    "Pasien Siti masih dirawat sejak 01-11-2026 08:00; pulangkan pasien dari kunjungan itu " +
      "dulu.",
  );
  // the stay being edited is not in the way of itself
  r = await t.json(`/api/ipd/${w.pasien}/check-readmisi?date=2026-11-05T08:00&id=${stay._id}`);
  assert.equal(r.body.dirawat, false);
  assert.equal(r.body.dirawatText, undefined);

  r = await t.post("/api/ipd/update", admission(w, { visitDate: "2026-11-05T08:00" }));
  assert.equal(r.status, 409);
  assert.equal(r.body.message, r.body.fields.pasienId);
  assert.match(r.body.message, /^Pasien Siti masih dirawat sejak 01-11-2026 08:00/);
  assert.equal(r.body.field, "pasienId");

  // the visit's and the examination's other field refusals
  const visit = async (more: Record<string, string>) =>
    (await t.post("/api/ipd/update", admission(w, { pasienId: w.pasien2, ...more }))).body;
  assert.equal((await visit({ room_id: "" })).field, "room_id");
  assert.equal((await visit({ pasienId: "01JUNKNOWN" })).field, "pasienId");
  assert.equal((await visit({ visitDate: "2026-02-30T10:00Z" })).field, "visitDate");
  assert.equal((await visit({ dpjp_id: w.igd })).field, "dpjp_id");
  const ex = async (more: Record<string, unknown>) =>
    (await postJson(t, "/api/ipd/visitexamination/update", exam(w, stay._id, more))).body;
  assert.equal((await ex({ examinationDate: "2026-10-31T23:00" })).field, "examinationDate");
  assert.equal((await ex({ grouping: "01JUNKNOWN" })).field, "grouping");
  assert.equal((await ex({ tarif_rs: "abc" })).field, "tarif_rs");
});
