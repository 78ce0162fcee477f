import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import { setup, versionOf } from "./helpers.ts";
import { admission, admit, exam, postJson, seedIpd } from "./ipd_fixtures.ts";
import { roundPercent } from "../lib/ipd/rules.ts";

/** The inpatient API end to end: one flow per test over the same seeded stays. */

Deno.test("ipd: a stay's bill accumulates; totals and each day's percentage follow every change", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const stay = await admit(t, w);
  assert.equal(stay.status, "dirawat");
  assert.equal(stay.visitDate, "2026-11-01T01:00:00.000Z");
  assert.equal(stay.pasien.erm, "000123");
  assert.equal(stay.percentageTotal, null);

  // day 1: INA 5,000,000 (kelas 2 from the room's class), RS 1,500,000 → 70 %
  let r = await postJson(t, "/api/ipd/visitexamination/update", exam(w, stay._id));
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.data.examination.tarifinacbgSelect, "second");
  assert.equal(r.body.data.examination.tarif_ina, 5_000_000);
  assert.equal(r.body.data.examination.percentage, 70);
  // day 2: the grouping moves up: INA 5,200,000 against 3,500,000 so far → 32.69 %
  r = await postJson(
    t,
    "/api/ipd/visitexamination/update",
    exam(w, stay._id, {
      examinationDate: "2026-11-02T09:00",
      grouping: w.j5,
      tarif_rs: "Rp 2.000.000",
      keyword: [],
      diagnosis: [w.icd["J18.9"], w.icd["R56.8"]],
      tindakan: [w.icd["89.14"]],
    }),
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  // day 3, entered before day 2's slot in time order would not matter: 6,000,000 so far → -15.38 %
  r = await postJson(
    t,
    "/api/ipd/visitexamination/update",
    exam(w, stay._id, {
      examinationDate: "2026-11-03T09:00",
      grouping: w.j5,
      tarif_rs: "2500000",
      diagnosis: [w.icd["A09"]],
      tindakan: [],
    }),
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const v = r.body.data.visit;
  assert.deepEqual(
    [v.tarifInaTotal, v.tarifRsTotal, roundPercent(v.percentageTotal)],
    [5_200_000, 6_000_000, -15.38],
  );
  assert.deepEqual([v.latestTarifIna, v.latestTarifRs, roundPercent(v.latestPercentage)], [
    5_200_000,
    2_500_000,
    -15.38,
  ]);
  assert.deepEqual(v.codes10, ["J18.9", "R56.8", "A09"]);
  assert.deepEqual(v.codes9, ["93.96", "89.14"]);

  const details = await t.json(`/api/ipd/${stay._id}/details`);
  assert.deepEqual(
    details.body.data.map((d: { percentage: number }) => roundPercent(d.percentage)),
    [
      70,
      32.69,
      -15.38,
    ],
  );
  // keyword monitoring: 'kejang' (R56.8) is hit only where R56.8 was chosen
  assert.deepEqual(details.body.data.map((d: { keywordHits: string[] }) => d.keywordHits), [
    [],
    [],
    [],
  ]);
  const first = details.body.data[0];
  r = await postJson(t, "/api/ipd/visitexamination/update", {
    ...exam(w, stay._id, { diagnosis: [w.icd["J18.9"], w.icd["R56.8"]] }),
    id: first._id,
    _version: first._version,
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const again = await t.json(`/api/ipd/${stay._id}/details`);
  assert.deepEqual(again.body.data[0].keywordHits, [w.kejang]);
  assert.match(again.body.data[0].keywordsummary, /^kejang: Rekomendasi kejang \(Sumber: BA/);

  // the stale version of that examination is refused and changes nothing
  r = await postJson(t, "/api/ipd/visitexamination/update", {
    ...exam(w, stay._id, { tarif_rs: "1" }),
    id: first._id,
    _version: first._version,
  });
  assert.equal(r.status, 409);

  // deleting day 2 recomputes: day 3 now stands against 1,500,000 + 2,500,000
  r = await t.json(`/api/ipd/${stay._id}/details/${details.body.data[1]._id}`, {
    method: "DELETE",
  });
  assert.equal(r.status, 200);
  const after = (await t.json(`/api/ipd/${stay._id}`)).body.data;
  assert.deepEqual([after.tarifRsTotal, roundPercent(after.percentageTotal)], [4_000_000, 23.08]);
  assert.equal(after.ipddetails.length, 2);
  const list = await t.json("/api/ipd");
  assert.equal(list.body.recordsTotal, 1);
  assert.equal(list.body.data[0].tarifRsTotal, 4_000_000);
  assert.equal(typeof list.body.data[0].lama_rawat, "number");
  assert.equal("openPasien" in list.body.data[0], false);
  // the list sends how many examinations, not their ids (an open stay gathers one a day)
  assert.equal(list.body.data[0].examCount, 2);
  assert.equal("ipddetails" in list.body.data[0], false);
});

Deno.test("ipd: discharge with a summary, the discharged list, cancel, and back in /ipd", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const stay = await admit(t, w);
  for (const [day, dx, px] of [["01", "J18.9", "93.96"], ["02", "R56.8", "93.96"]]) {
    const r = await postJson(
      t,
      "/api/ipd/visitexamination/update",
      exam(w, stay._id, {
        examinationDate: `2026-11-${day}T10:00`,
        diagnosis: [w.icd[dx], w.icd["J18.9"]],
        tindakan: [w.icd[px]],
      }),
    );
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  const summary = await t.json(`/api/ipd/${stay._id}/get-summary-icd`);
  assert.deepEqual(summary.body.summary_diagnosis.map((i: { code: string }) => i.code), [
    "J18.9",
    "R56.8",
  ]);
  assert.deepEqual(summary.body.summary_tindakan.map((i: { code: string }) => i.code), ["93.96"]);

  const form = {
    id: stay._id,
    _version: await versionOf(t, "ipd", stay._id),
    tanggal_pulang: "2026-11-04T11:30",
    dischargepatient: w.pulang,
    summary_diagnosis: [w.icd["J18.9"]],
    summary_tindakan: [w.icd["93.96"]],
  };
  // before admission, before the last examination, without a method: refused
  for (
    const [bad, re] of [
      [{ tanggal_pulang: "2026-10-31T10:00" }, /sebelum tanggal masuk/],
      [{ tanggal_pulang: "2026-11-02T09:00" }, /sebelum pemeriksaan terakhir/],
      [{ dischargepatient: "" }, /Cara pulang wajib dipilih/],
      [{ summary_diagnosis: [w.icd["93.96"]] }, /93\.96 bukan kode ICD-10/],
    ] as const
  ) {
    const r = await postJson(t, "/api/ipd/discharge-patient/update", { ...form, ...bad });
    assert.equal(r.status, 400, JSON.stringify(r.body));
    assert.match(r.body.message, re);
  }
  let r = await postJson(t, "/api/ipd/discharge-patient/update", form);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.data.lama_rawat, 3);
  r = await postJson(t, "/api/ipd/discharge-patient/update", {
    ...form,
    _version: await versionOf(t, "ipd", stay._id),
  });
  assert.equal(r.status, 409);
  assert.match(r.body.message, /sudah dipulangkan pada 04-11-2026 11:30/);
  // no examination on a discharged stay
  r = await postJson(t, "/api/ipd/visitexamination/update", exam(w, stay._id));
  assert.equal(r.status, 409);

  assert.equal((await t.json("/api/ipd")).body.recordsFiltered, 0);
  const out = await t.json(
    "/api/ipd/discharge-patient?dateRange=" + encodeURIComponent("2026-11-04 / 2026-11-04"),
  );
  assert.equal(out.body.recordsFiltered, 1);
  const row = out.body.data[0];
  assert.equal(row.dischargepatient.desc, "Atas Persetujuan Dokter");
  assert.deepEqual(row.summary_diagnosis.map((i: { code: string }) => i.code), ["J18.9"]);
  const other = await t.json(
    "/api/ipd/discharge-patient?dateRange=" + encodeURIComponent("2026-11-01 / 2026-11-03"),
  );
  assert.equal(other.body.recordsFiltered, 0);

  r = await t.json(`/api/ipd/${stay._id}/cancel-discharge`, { method: "POST" });
  assert.equal(r.status, 200);
  assert.equal(r.body.message, "Status Kepulangan pasien sudah dibatalkan.");
  r = await t.json(`/api/ipd/${stay._id}/cancel-discharge`, { method: "POST" });
  assert.equal(r.status, 409);
  const back = await t.json("/api/ipd");
  assert.equal(back.body.recordsFiltered, 1);
  assert.equal(back.body.data[0].tanggal_pulang, null);
});

Deno.test("ipd: one open stay per patient; readmission within 30 days needs a reason", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const stay = await admit(t, w);
  let r = await t.post("/api/ipd/update", admission(w, { visitDate: "2026-11-02T08:00" }));
  assert.equal(r.status, 409);
  assert.match(r.body.message, /Siti masih dirawat sejak 01-11-2026 08:00/);
  r = await postJson(t, "/api/ipd/discharge-patient/update", {
    id: stay._id,
    _version: await versionOf(t, "ipd", stay._id),
    tanggal_pulang: "2026-11-05T10:00",
    dischargepatient: w.pulang,
    confirm_no_diagnosis: "1",
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));

  const check = (date: string) =>
    t.json(`/api/ipd/${w.pasien}/check-readmisi?date=${encodeURIComponent(date)}`);
  assert.equal((await check("2026-12-04T23:59")).body.readmisi, true); // 29 days
  assert.equal((await check("2026-12-05T00:00")).body.readmisi, false); // 30 days
  assert.equal((await t.json(`/api/ipd/${w.pasien2}/check-readmisi`)).body.readmisi, false);
  assert.equal((await check("bukan tanggal")).status, 400);

  r = await t.post("/api/ipd/update", admission(w, { visitDate: "2026-11-20T08:00" }));
  assert.equal(r.status, 400);
  assert.match(r.body.message, /^Harap pilih alasan readmisi/);
  r = await t.post("/api/ipd/update", admission(w, { visitDate: "2026-11-04T08:00" }));
  assert.equal(r.status, 400);
  assert.match(r.body.message, /di dalam kunjungan lain/);
  r = await t.post(
    "/api/ipd/update",
    admission(w, { visitDate: "2026-11-20T08:00", readmisi_reason: "bukan" }),
  );
  assert.equal(r.status, 400);
  const second = await admit(t, w, { visitDate: "2026-11-20T08:00", readmisi_reason: "none" });
  assert.equal(second.readmisi, true);
  assert.equal(second.readmisi_reason, "none");
  // the first stay's discharge can no longer be cancelled: the patient came back
  r = await t.json(`/api/ipd/${stay._id}/cancel-discharge`, { method: "POST" });
  assert.equal(r.status, 409);
  const readm = await t.json("/api/ipd?readmisiFilter=1");
  assert.equal(readm.body.recordsFiltered, 1);
});

Deno.test("ipd: an examination without a grouping keeps the stay's package (list, export, dashboard)", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const stay = await admit(t, w);
  // graded: INA 5,000,000 against RS 1,500,000 → 70 %
  let r = await postJson(t, "/api/ipd/visitexamination/update", exam(w, stay._id));
  assert.equal(r.status, 200, JSON.stringify(r.body));
  // ungraded follow-up: RS 4,000,000 more → 5,500,000 against the kept 5,000,000 → -10 %
  r = await postJson(
    t,
    "/api/ipd/visitexamination/update",
    exam(w, stay._id, {
      examinationDate: "2026-11-02T09:00",
      grouping: "",
      tarif_rs: "4000000",
      keyword: [],
    }),
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const v = r.body.data.visit;
  assert.equal(r.body.data.examination.grouping, null);
  assert.equal(r.body.data.examination.percentage, -10);
  assert.deepEqual(
    [v.tarifInaTotal, v.tarifRsTotal, v.percentageTotal, v.latestTarifIna, v.latestPercentage],
    [5_000_000, 5_500_000, -10, 5_000_000, -10],
  );
  const list = await t.json(
    "/api/ipd?draw=1&start=0&length=10&statusFilter=semua&analysisFilter=negative",
  );
  assert.deepEqual(
    list.body.data.map((x: Record<string, unknown>) => [x.tarifInaTotal, x.percentageTotal]),
    [[5_000_000, -10]],
  );
  const xlsx = await t.req("/api/ipd/export-ipd-data");
  const wb = XLSX.read(new Uint8Array(await xlsx.arrayBuffer()));
  const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(wb.Sheets[wb.SheetNames[0]]);
  assert.deepEqual([rows[0]["Total INA-CBG"], rows[0]["Analisa (%)"]], [5_000_000, -10]);
  const info = await t.json("/api/report/medical-record-info");
  assert.equal(info.body.negativePercentage.count, 1);
});
