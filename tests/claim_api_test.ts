import assert from "node:assert/strict";
import { setup, versionOf } from "./helpers.ts";
import { admission, claimReady, seedIpd } from "./ipd_fixtures.ts";
import { checkStay } from "../lib/claim/readiness.ts";
import { claimChecks } from "../lib/claim/checks.ts";
import { maskRules } from "../lib/claim/mask.ts";
import { registry } from "../resources/mod.ts";
import { backfillPackages } from "../lib/ipd/exam.ts";
import { visitsOf } from "../lib/ipd/stay.ts";

type T = Awaited<ReturnType<typeof setup>>;
type W = Awaited<ReturnType<typeof seedIpd>>;

const postJson = (t: T, path: string, body: unknown) =>
  t.json(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

/**
 * A stay of patient Siti (room Melati, class 2, SEP ...000001) with one examination: J18.9,
 * 93.96, J-4-16-I.
 */
async function stayWithExam(t: T, w: W) {
  const stay = (await t.post("/api/ipd/update", admission(w, claimReady(1)))).body.data;
  return await stayWithExamOf(t, w, stay._id);
}

/** Stay `id` with that examination added. */
async function stayWithExamOf(t: T, w: W, id: string) {
  const r = await postJson(t, "/api/ipd/visitexamination/update", {
    id: "",
    ipdId: id,
    examinationDate: "2026-11-01T10:00",
    subject: "Demam",
    object: "",
    assesment: "Pneumonia",
    plan: "",
    keyword: [],
    diagnosis: [w.icd["J18.9"]],
    tindakan: [w.icd["93.96"]],
    grouping: w.j4,
    tarifinacbgSelect: "",
    tarif_rs: "1500000",
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return id;
}

const discharge = async (t: T, w: W, id: string, tindakan: string[]) =>
  await postJson(t, "/api/ipd/discharge-patient/update", {
    id,
    _version: await versionOf(t, "ipd", id),
    tanggal_pulang: "2026-11-04T11:30",
    dischargepatient: w.pulang,
    summary_diagnosis: [w.icd["J18.9"]],
    summary_tindakan: tindakan,
  });

Deno.test("claim-check API: an open stay is blocked; discharged with its summary it is ready", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const id = await stayWithExam(t, w);
  // the stay keeps the package in force and its tariff class
  const stay = await t.json(`/api/ipd/${id}`);
  assert.equal(stay.body.data.inacbg, "J-4-16-I");
  assert.equal(stay.body.data.inacbgKelas, "second");

  let r = await t.json(`/api/ipd/${id}/claim-check`);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.ready, false);
  assert.deepEqual(r.body.findings.map((f: { rule: string; level: string }) => [f.rule, f.level]), [
    ["DIAGNOSIS_UTAMA", "blok"],
    ["DATA_PULANG", "blok"],
  ]);
  assert.deepEqual(Object.keys(r.body.findings[0]).sort(), ["level", "link", "message", "rule"]);
  assert.match(r.body.findings[1].message, /belum dipulangkan/);

  assert.equal((await discharge(t, w, id, [w.icd["93.96"]])).status, 200);
  r = await t.json(`/api/ipd/${id}/claim-check`);
  assert.deepEqual(r.body, { ready: true, findings: [] });
});

Deno.test("claim-check API: a summary procedure no examination records is a warning; a viewer reads it; unknown stay 404", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const id = await stayWithExam(t, w);
  assert.equal((await discharge(t, w, id, [w.icd["93.96"], w.icd["89.14"]])).status, 200);
  const viewer = await t.as("viewer");
  const r = await viewer.json(`/api/ipd/${id}/claim-check`);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(r.body, {
    ready: true,
    findings: [{
      rule: "BUKTI_TINDAKAN",
      level: "peringatan",
      message: "Tindakan 89.14 pada ringkasan pulang tidak tercatat di pemeriksaan mana pun; " +
        "catat tindakan itu pada pemeriksaan hari dilakukannya, atau hapus dari ringkasan.",
      link: `/ipd/${id}#ringkasan-tindakan`,
    }],
  });
  const missing = await t.json("/api/ipd/01J0000000000000000000NONE/claim-check");
  assert.equal(missing.status, 404);
  assert.equal(missing.body.message, "Kunjungan rawat inap tidak ditemukan.");
});

Deno.test("claim-check pages: the stay page and its print show the checklist with links to the fixes", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const id = await stayWithExam(t, w);
  const checklist = async (path: string) => {
    const res = await t.req(path);
    assert.equal(res.status, 200, path);
    const html = await res.text();
    const list = html.match(/<details[^>]*id="kelengkapan-klaim"[\s\S]*?<\/details>/)?.[0] ?? "";
    const status = [...list.matchAll(/data-rule="(\w+)" data-status="(\w+)"/g)]
      .map((m) => `${m[1]}:${m[2]}`);
    return { html, list, status };
  };
  for (const path of [`/ipd/${id}`, `/ipd/${id}/print`]) {
    const { list, status } = await checklist(path);
    assert.match(list, /Kelengkapan Klaim/, path);
    assert.match(list, /Belum siap klaim/, path);
    assert.match(list, /Ringkasan pulang belum memiliki diagnosis utama/, path);
    assert.match(list, new RegExp(`href="/ipd/${id}#ringkasan-diagnosis"`), path);
    // every rule is listed; the open stay trips the two blocks
    assert.deepEqual(status, [
      "DIAGNOSIS_UTAMA:blok",
      "GROUPING:ok",
      "DATA_PULANG:blok",
      "DATA_KLAIM:ok",
      "HASIL_PERSALINAN:ok",
      "BUKTI_TINDAKAN:ok",
      "LAMA_RAWAT:ok",
      "READMISI_CMG:ok",
      "KEYWORD_DISPUTE:ok",
      "KELAS_TARIF:ok",
    ], path);
  }
  // folded on the stay page while the patient is admitted, open on the print
  assert.doesNotMatch((await checklist(`/ipd/${id}`)).list, /^<details[^>]*\bopen/);
  assert.match((await checklist(`/ipd/${id}/print`)).list, /^<details[^>]*\bopen/);
  // the admitted stay's DATA_PULANG opens the discharge form (islands/IpdExams.tsx)
  assert.match((await checklist(`/ipd/${id}`)).list, new RegExp(`href="/ipd/${id}#pulang"`));
  assert.equal((await discharge(t, w, id, [w.icd["93.96"]])).status, 200);
  const after = await checklist(`/ipd/${id}`);
  assert.match(after.list, /<strong>Siap klaim<\/strong>/);
  assert.match(after.list, /^<details[^>]*\bopen/);
  assert.ok(after.status.every((s) => s.endsWith(":ok")), after.status.join());
});

Deno.test("claim-check: the readiness of every discharged stay, read from the index, is each stay's own check", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const ready = await stayWithExam(t, w);
  assert.equal((await discharge(t, w, ready, [w.icd["93.96"]])).status, 200);
  const second = await t.post(
    "/api/ipd/update",
    admission(w, { pasienId: w.pasien2, ...claimReady(2) }),
  );
  const warned = await stayWithExamOf(t, w, second.body.data._id);
  assert.equal((await discharge(t, w, warned, [w.icd["93.96"], w.icd["89.14"]])).status, 200);
  const third = await t.post(
    "/api/ipd/update",
    admission(w, { visitDate: "2026-11-10T08:00", readmisi_reason: "kambuh" }),
  );
  assert.equal(third.status, 200, JSON.stringify(third.body));
  const all = await claimChecks(t.store, registry);
  // the open stay is not listed; each discharged one as its own check says
  assert.deepEqual([...all.keys()].sort(), [ready, warned].sort());
  for (const id of [ready, warned]) {
    const own = (await checkStay(t.store, registry, id)).findings.map((f) => f.rule);
    assert.deepEqual(maskRules(all.get(id)!.mask), own, id);
  }
  assert.deepEqual(maskRules(all.get(warned)!.mask), ["BUKTI_TINDAKAN"]);
  assert.deepEqual(maskRules(all.get(ready)!.mask), []);
  // kept while nothing changes; a change is seen
  assert.equal(await claimChecks(t.store, registry), all);
  const r = await postJson(t, `/api/ipd/${warned}/cancel-discharge`, {});
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual([...(await claimChecks(t.store, registry)).keys()], [ready]);
});

Deno.test("claim-check: stays written before the package was kept get it from their examinations, in the background", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const id = await stayWithExam(t, w);
  assert.equal((await discharge(t, w, id, [w.icd["93.96"]])).status, 200);
  // as a stay written by the previous version: no package on it
  const col = visitsOf(t.store);
  const row = (await col.find(id))!;
  const { _id, inacbg: _i, inacbgKelas: _k, ...old } = row.value;
  await col.update(id, old, { expected: row.versionstamp });
  assert.equal((await col.index()).get(id)!.value.inacbg, undefined);
  // the list of every stay's readiness cannot tell its package yet
  assert.deepEqual(
    maskRules((await claimChecks(t.store, registry)).get(id)!.mask),
    ["GROUPING"],
  );
  assert.equal(await backfillPackages(t.store), 1);
  assert.equal((await col.index()).get(id)!.value.inacbg, "J-4-16-I");
  assert.equal((await col.find(id))!.value.inacbgKelas, "second");
  assert.equal((await claimChecks(t.store, registry)).get(id)!.mask, 0);
  // nothing left to do
  assert.equal(await backfillPackages(t.store), 0);
});
