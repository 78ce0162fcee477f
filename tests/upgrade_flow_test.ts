import assert from "node:assert/strict";
import { dtQuery, setup, versionOf } from "./helpers.ts";
import { admission, exam, postJson, seedIpd } from "./ipd_fixtures.ts";

const NOW = new Date("2026-11-24T05:00:00Z");

Deno.test("readiness KELAS_TARIF through the app: a recorded upgrade clears it on the stay's check and in the Klaim list", async () => {
  await using t = await setup({ now: () => NOW });
  const w = await seedIpd(t);
  // a class 1 room; the patient is entitled to class 2, the package chosen at class 2
  const cls = await t.post("/api/class-room/update", {
    id: "",
    name: "Kelas I",
    desc: "",
    classtype: "first",
  });
  const room = await t.post("/api/room/update", {
    id: "",
    name: "Anggrek",
    desc: "",
    classroom: cls.body.data._id,
  });
  const stay = await t.post(
    "/api/ipd/update",
    admission(w, { room_id: room.body.data._id, kelas_rawat: "2" }),
  );
  assert.equal(stay.status, 200, JSON.stringify(stay.body));
  const id = stay.body.data._id;
  const e = await postJson(
    t,
    "/api/ipd/visitexamination/update",
    exam(w, id, { tarifinacbgSelect: "second" }),
  );
  assert.equal(e.status, 200, JSON.stringify(e.body));
  const out = await postJson(t, "/api/ipd/discharge-patient/update", {
    id,
    _version: await versionOf(t, "ipd", id),
    tanggal_pulang: "2026-11-04T11:00",
    dischargepatient: w.pulang,
    summary_diagnosis: [w.icd["J18.9"]],
  });
  assert.equal(out.status, 200, JSON.stringify(out.body));

  const rules = async () =>
    (await t.json(`/api/ipd/${id}/claim-check`)).body.findings.map((f: { rule: string }) => f.rule);
  const listed = async () => {
    const q = `${dtQuery(["pasien.fullname"], { length: 100 })}&ruleFilter=KELAS_TARIF`;
    return (await t.json(`/api/klaim?${q}`)).body.data.map((d: { _id: string }) => d._id);
  };
  assert.ok((await rules()).includes("KELAS_TARIF"));
  assert.deepEqual(await listed(), [id]);

  // the upgrade recorded on the discharged stay: the difference is explained, both places
  const up = await t.post("/api/ipd/update", {
    ...admission(w, { room_id: room.body.data._id }),
    id,
    _version: await versionOf(t, "ipd", id),
    kelas_rawat: "2",
    upgrade_class_class: "kelas_1",
    upgrade_class_los: "3",
    upgrade_class_payor: "peserta",
  });
  assert.equal(up.status, 200, JSON.stringify(up.body));
  assert.equal((await rules()).includes("KELAS_TARIF"), false);
  assert.deepEqual(await listed(), []);
});
