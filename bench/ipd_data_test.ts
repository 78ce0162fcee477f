import assert from "node:assert/strict";
import { generateIpd } from "./ipd_data.ts";
import { visitsOf } from "../lib/ipd/stay.ts";
import type { Visit } from "../lib/ipd/model.ts";
import { toLocalInput } from "../lib/hospital_time.ts";
import { FIXTURES } from "../tests/fixtures/mod.ts";
import { setup } from "../tests/helpers.ts";

/** The Jakarta (UTC+7) calendar day number of an instant, worked out here. */
const jakartaDayNo = (iso: string) => Math.floor((Date.parse(iso) + 7 * 3_600_000) / 86_400_000);
/** (INA - RS) / INA in percent, two decimals, as SPEC states it. */
const pct = (ina: number, rs: number) => ((ina - rs) / ina) * 100;

/** The bench's generated stays are what the app itself would have stored, and it works on them. */
Deno.test("bench data: generated stays are consistent and the inpatient API works on them", async () => {
  await using t = await setup();
  const now = new Date("2026-11-20T05:00:00Z");
  const world = await generateIpd(t.app, t.cookie, t.store, {
    stays: 150,
    patients: 60,
    open: 12,
    examsPerStay: 3,
    now,
    dataDir: FIXTURES,
  });
  assert.equal(world.stays, 150);
  assert.equal(world.exams, 450);
  assert.equal(world.openStays.length, 12);

  const open = await t.json("/api/ipd?length=1000");
  assert.equal(open.body.recordsFiltered, 12);
  assert.equal(open.body.recordsTotal, 150);
  const out = await t.json("/api/ipd/discharge-patient?length=1000");
  assert.equal(out.body.recordsFiltered, 138);

  // per patient: stays one after another, at most one open (the last), readmission flags right
  const col = visitsOf(t.store);
  const stays = (await col.full((await col.index()).rows())).map((r) => r.value);
  const byPatient = Map.groupBy(stays, (v) => v.pasien._id);
  assert.equal(byPatient.size, 60);
  for (const list of byPatient.values()) {
    list.sort((a, b) => a.visitDate < b.visitDate ? -1 : 1);
    let prev = null as Visit | null;
    for (const v of list) {
      const isOpen = v.status === "dirawat";
      assert.equal(v.openPasien, isOpen ? v.pasien._id : null);
      assert.equal(v.tanggal_pulang === null, isOpen);
      if (isOpen) assert.equal(v, list.at(-1));
      else assert.ok(v.tanggal_pulang! > v.visitDate);
      if (prev) assert.ok(v.visitDate >= prev.tanggal_pulang!, "stays do not overlap");
      const gap = prev ? jakartaDayNo(v.visitDate) - jakartaDayNo(prev.tanggal_pulang!) : null;
      assert.equal(v.readmisi, gap !== null && gap < 30, `${v._id}: ${gap} hari`);
      assert.equal(v.readmisi_reason !== "", v.readmisi);
      assert.ok(v.visitDate <= now.toISOString());
      prev = v;
    }
  }

  // a stay's totals and codes are those of its examinations, as the details API sends them
  for (const v of stays.filter((_, i) => i % 15 === 0)) {
    const d = await t.json(`/api/ipd/${v._id}/details`);
    assert.equal(d.status, 200);
    const rows = d.body.data;
    assert.deepEqual(rows.map((e: { _id: string }) => e._id), v.ipddetails);
    const dates = rows.map((e: { examinationDate: string }) => Date.parse(e.examinationDate));
    assert.deepEqual(dates, dates.toSorted((a: number, b: number) => a - b));
    // the bill accumulates: each examination's percentage is against the charges so far
    let rs = 0;
    for (const e of rows) {
      rs = rs + e.tarif_rs;
      assert.equal(e.percentage, pct(e.tarif_ina, rs), e._id);
    }
    const ina = rows.at(-1).tarif_ina;
    assert.equal(v.tarifRsTotal, rs);
    assert.equal(v.tarifInaTotal, ina);
    assert.equal(v.percentageTotal, pct(ina, rs));
    const codes = rows.flatMap((e: Visit) => e.diagnosis as { code: string }[]);
    assert.deepEqual(new Set(v.codes10), new Set(codes.map((i: { code: string }) => i.code)));
    if (v.status === "pulang") {
      // every diagnosis in order of first appearance
      const firstSeen = [...new Set(codes.map((i: { code: string }) => i.code))];
      assert.deepEqual(v.summary_diagnosis.map((i) => i.code), firstSeen);
      const sum = await t.json(`/api/ipd/${v._id}/get-summary-icd`);
      assert.deepEqual(v.summary_diagnosis, sum.body.summary_diagnosis);
    }
  }

  // the real operations on an open stay: add an examination, discharge, cancel the discharge
  const stay = world.openStays[0];
  const before = (await t.json(`/api/ipd/${stay._id}`)).body.data;
  const add = await t.post("/api/ipd/visitexamination/update", {
    id: "",
    ipdId: stay._id,
    examinationDate: toLocalInput(now.toISOString()),
    diagnosis: world.icd10[0]._id,
    grouping: world.tariffs[0]._id,
    tarif_rs: "1000000",
  });
  assert.equal(add.status, 200, JSON.stringify(add.body));
  assert.equal(add.body.data.visit.tarifRsTotal, before.tarifRsTotal + 1_000_000);
  const again = await t.post("/api/ipd/update", {
    id: "",
    pasienId: stay.pasienId,
    visitDate: toLocalInput(now.toISOString()),
    room_id: world.rooms[0]._id,
    dpjp_id: world.dpjp[0]._id,
  });
  assert.equal(again.status, 409, "one open stay per patient");
  const summary = (await t.json(`/api/ipd/${stay._id}/get-summary-icd`)).body;
  const method = (await t.json("/api/discharge-patient/select2")).body.results[0].id;
  const done = await t.post("/api/ipd/discharge-patient/update", {
    id: stay._id,
    _version: (await t.store.kv.get(["ipd", stay._id])).versionstamp ?? "",
    tanggal_pulang: toLocalInput(new Date(now.getTime() + 3_600_000).toISOString()),
    dischargepatient: method,
    summary_diagnosis: summary.summary_diagnosis.map((i: { _id: string }) => i._id).join(","),
  });
  assert.equal(done.status, 200, JSON.stringify(done.body));
  assert.equal((await t.json("/api/ipd")).body.recordsFiltered, 11);
  const cancel = await t.json(`/api/ipd/${stay._id}/cancel-discharge`, { method: "POST" });
  assert.equal(cancel.status, 200);
  assert.equal((await t.json("/api/ipd")).body.recordsFiltered, 12);
});
