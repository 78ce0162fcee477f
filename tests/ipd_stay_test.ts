import assert from "node:assert/strict";
import { setup } from "./helpers.ts";
import { admission, admit, exam, postJson, seedIpd } from "./ipd_fixtures.ts";

Deno.test("ipd: bad input is refused with a clear message and changes nothing", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const stay = await admit(t, w);
  const before = JSON.stringify((await t.json(`/api/ipd/${stay._id}`)).body.data);
  const cases: [Record<string, unknown>, number, RegExp][] = [
    [{ tarif_rs: "-5" }, 400, /Tarif RS tidak boleh negatif/],
    [{ tarif_rs: "abc" }, 400, /Tarif RS/],
    [{ tarif_rs: "" }, 400, /Tarif RS wajib diisi/],
    [{ examinationDate: "2026-10-31T23:00" }, 400, /sebelum tanggal masuk \(01-11-2026 08:00\)/],
    [
      { examinationDate: "31-02-2026 10:00" },
      400,
      /Tanggal pemeriksaan harus berformat YYYY-MM-DD HH:mm/,
    ],
    [
      { examinationDate: "2026-02-30T10:00Z" },
      400,
      /Tanggal pemeriksaan: tanggal 30-02-2026 tidak ada di kalender/,
    ],
    [
      { grouping: w.otherRegional },
      400,
      /Regional 1, Kelas C, Swasta, bukan tarif rumah sakit ini \(Regional 3, Kelas C, Swasta\)/,
    ],
    [{ grouping: "01JUNKNOWN" }, 400, /Grouping INA-CBG tidak ditemukan/],
    [{ diagnosis: [w.icd["93.96"]] }, 400, /Diagnosis: 93\.96 bukan kode ICD-10/],
    [{ keyword: ["nope"] }, 400, /Keyword dispute klaim/],
    [{ tarifinacbgSelect: "fourth" }, 400, /Kelas 1, 2, 3/],
    [{ ipdId: "01JUNKNOWN" }, 404, /Kunjungan rawat inap tidak ditemukan/],
    [{ id: "01JUNKNOWN" }, 404, /Pemeriksaan tidak ditemukan/],
  ];
  for (const [more, status, re] of cases) {
    const r = await postJson(t, "/api/ipd/visitexamination/update", exam(w, stay._id, more));
    assert.equal(r.status, status, `${JSON.stringify(more)}: ${JSON.stringify(r.body)}`);
    assert.match(r.body.message, re);
  }
  assert.equal(JSON.stringify((await t.json(`/api/ipd/${stay._id}`)).body.data), before);

  // visits
  for (
    const [more, re] of [
      [{ pasienId: "" }, /Pasien wajib dipilih/],
      [{ pasienId: "01JUNKNOWN" }, /Pasien tidak ditemukan/],
      [{ room_id: "" }, /Ruang wajib dipilih/],
      [{ visitDate: "kemarin" }, /Tanggal masuk harus berformat YYYY-MM-DD HH:mm/],
      [{ visitDate: "0000-01-01T10:00" }, /Tanggal masuk: tahun harus antara 1900/],
      [{ visitDate: "2999-01-01 10:00" }, /Tanggal masuk: tahun harus antara 1900/],
      [{ visitDate: "2026-02-30T10:00Z" }, /tanggal 30-02-2026 tidak ada di kalender/],
      [{ dpjp_id: w.igd }, /bukan DPJP/],
    ] as const
  ) {
    const r = await t.post("/api/ipd/update", admission(w, { pasienId: w.pasien2, ...more }));
    assert.equal(r.status, 400, JSON.stringify(r.body));
    assert.match(r.body.message, re);
  }
  let r = await t.post("/api/ipd/update", { ...admission(w), id: stay._id, _version: "00" });
  assert.equal(r.status, 409);
  assert.equal((await t.json("/api/ipd")).body.recordsTotal, 1);

  // references in use cannot be deleted
  for (const [res, id] of [["pasien", w.pasien], ["room", w.room], ["doctor", w.dpjp]]) {
    r = await t.json(`/api/${res}/delete/${id}`, { method: "DELETE" });
    assert.equal(r.status, 409, res);
    assert.match(r.body.message, /Kunjungan Rawat Inap/);
  }
  // unknown ids
  assert.equal((await t.json("/api/ipd/01JUNKNOWN")).status, 404);
  assert.equal((await t.json("/api/ipd/01JUNKNOWN", { method: "DELETE" })).status, 404);
  assert.equal((await t.json("/api/ipd/01JUNKNOWN/details")).status, 404);
  assert.equal(
    (await t.json(`/api/ipd/${stay._id}/details/01JUNKNOWN`, { method: "DELETE" })).status,
    404,
  );
  assert.equal((await t.json("/api/ipd?dateRange=2026-13-01")).status, 400);
  assert.equal((await t.json("/api/ipd?durationFilter=lama")).status, 400);
});

Deno.test("ipd: deleting a stay removes its examinations; a renamed patient is renamed in the stay", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const stay = await admit(t, w);
  const r = await postJson(t, "/api/ipd/visitexamination/update", exam(w, stay._id));
  assert.equal(r.status, 200);
  const examId = r.body.data.examination._id;
  const p = (await t.json(`/api/pasien/${w.pasien}`)).body.data;
  const ren = await t.post("/api/pasien/update", {
    id: p._id,
    _version: p._version,
    erm: p.erm,
    first_name: "Sitti",
    gender: p.gender,
  });
  assert.equal(ren.status, 200, JSON.stringify(ren.body));
  assert.equal((await t.json(`/api/ipd/${stay._id}`)).body.data.pasien.fullname, "Sitti");

  assert.equal((await t.json(`/api/ipd/${stay._id}`, { method: "DELETE" })).status, 200);
  assert.equal((await t.json(`/api/ipd/${stay._id}`)).status, 404);
  assert.equal((await t.store.kv.get(["ipd-detail", examId])).versionstamp, null);
  const del = await t.json(`/api/pasien/delete/${w.pasien}`, { method: "DELETE" });
  assert.equal(del.status, 200);
});
