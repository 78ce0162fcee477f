/**
 * Correcting a discharged stay's summary in place (issue 47, item 7), over real HTTP: audited,
 * refused for an admitted stay and once the claim is final, nothing changed by a refusal.
 */
import assert from "node:assert/strict";
import { admit, claimReady, exam, postJson, seedIpd } from "./ipd_fixtures.ts";
import { eklaimTxt } from "./claim_fixtures.ts";
import { served, versionOf } from "./helpers.ts";

Deno.test("summary correction: a discharged stay's diagnoses, procedures and discharge method change in place, audited; refused while admitted and once the claim is final", async () => {
  await using s = await served();
  const w = await seedIpd(s);
  const id = (await admit(s, w, claimReady(1)))._id;
  assert.equal((await postJson(s, "/api/ipd/visitexamination/update", exam(w, id))).status, 200);
  const http = async (fields: Record<string, string>) => {
    const res = await s.http(`/api/ipd/${id}/summary`, {
      method: "POST",
      headers: { cookie: s.cookie },
      body: new URLSearchParams(fields),
    });
    return { status: res.status, body: await res.json() };
  };
  const pulang = w.pulang;
  const fix = async (more: Record<string, string> = {}) =>
    http({
      _version: await versionOf(s, "ipd", id),
      dischargepatient: pulang,
      summary_diagnosis: w.icd["J18.9"],
      summary_tindakan: w.icd["93.96"],
      ...more,
    });
  // admitted: the summary is made at discharge
  let r = await fix();
  assert.equal(r.status, 409, JSON.stringify(r.body));
  assert.match(r.body.message, /belum dipulangkan/);
  const out = await postJson(s, "/api/ipd/discharge-patient/update", {
    id,
    _version: await versionOf(s, "ipd", id),
    tanggal_pulang: "2026-11-03T10:00",
    dischargepatient: pulang,
    summary_diagnosis: [],
    confirm_no_diagnosis: "1",
  });
  assert.equal(out.status, 200, JSON.stringify(out.body));
  let check = await s.json(`/api/ipd/${id}/claim-check`);
  assert.ok(check.body.findings.some((f: { rule: string }) => f.rule === "DIAGNOSIS_UTAMA"));

  // a stale version and a missing method change nothing
  r = await http({ _version: "00000000000000000000", dischargepatient: pulang });
  assert.equal(r.status, 409, JSON.stringify(r.body));
  r = await fix({ dischargepatient: "" });
  assert.equal(r.status, 400);
  assert.equal(r.body.message, "Cara pulang wajib dipilih.");
  r = await fix();
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const stay = (await s.json(`/api/ipd/${id}`)).body.data;
  assert.deepEqual(stay.summary_diagnosis.map((i: { code: string }) => i.code), ["J18.9"]);
  assert.deepEqual(stay.summary_tindakan.map((i: { code: string }) => i.code), ["93.96"]);
  assert.equal(stay.status, "pulang");
  assert.equal(stay.tanggal_pulang, "2026-11-03T03:00:00.000Z"); // 10:00 WIB, unchanged
  check = await s.json(`/api/ipd/${id}/claim-check`);
  assert.deepEqual(check.body, { ready: true, findings: [] });
  const audited = (await s.audit.list({ action: "correct_summary" }, 0, 10)).rows;
  assert.equal(audited.length, 1);
  assert.equal(audited[0].entityId, id);
  assert.equal(audited[0].username, "admin");
  assert.match(JSON.stringify(audited[0].after), /J18\.9/);

  // once E-Klaim's final claim is imported, the correction belongs in E-Klaim
  const txt = eklaimTxt([{
    sep: "0301R0011126V000123",
    mrn: "000123",
    admission: "2026-11-01",
    discharge: "2026-11-03",
    inacbg: "J-4-16-I",
    tarif: 5_000_000,
    tarifRs: 1_500_000,
  }]);
  const imp = await s.upload("/api/klaim/import-eklaim", "eklaim.txt", txt);
  assert.equal(imp.status, 200, JSON.stringify(imp.body));
  const version = await versionOf(s, "ipd", id);
  r = await fix({ summary_tindakan: "" });
  assert.equal(r.status, 409, JSON.stringify(r.body));
  assert.match(r.body.message, /^Klaim SEP 0301R0011126V000123 sudah final: ringkasan/);
  assert.equal(await versionOf(s, "ipd", id), version);
  assert.equal((await s.audit.list({ action: "correct_summary" }, 0, 10)).rows.length, 1);
});
