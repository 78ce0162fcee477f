import assert from "node:assert/strict";
import { createApp } from "../app.ts";
import { loadConfig } from "../lib/config.ts";
import { DEMO_SIZE, demoPlan } from "../lib/demo/plan.ts";
import { examsOf, visitExams, visitsOf } from "../lib/ipd/stay.ts";
import { lengthOfStay, stayTotals } from "../lib/ipd/rules.ts";
import { allowAnyLicence } from "../lib/licence/gate.ts";
import { collectionOf } from "../lib/resource/resource.ts";
import { registry } from "../resources/mod.ts";
import { setup } from "./helpers.ts";

const count = async (t: Awaited<ReturnType<typeof setup>>, name: string) =>
  (await collectionOf(t.store, registry.get(name)!).index()).size;

Deno.test("demo data: DEMO_DATA=1 on an empty database stores a coherent world once", async () => {
  const quiet = console.log;
  const said: string[] = [];
  console.log = (...a: unknown[]) => said.push(a.join(" "));
  try {
    await using t = await setup({ licence: allowAnyLicence, config: { demoData: true } });
    const list = await t.json("/api/ipd?statusFilter=semua&length=100");
    assert.equal(list.status, 200);
    assert.equal(list.body.recordsFiltered, DEMO_SIZE.stays);
    assert.equal((await t.json("/api/ipd?length=1")).body.recordsFiltered, DEMO_SIZE.open);
    assert.equal(said.filter((s) => s.startsWith("Data demo dibuat")).length, 1);

    const stays = (await visitsOf(t.store).index()).rows().map((r) => r.value);
    const open = stays.filter((v) => v.status === "dirawat");
    assert.equal(open.length, DEMO_SIZE.open);
    assert.equal(await count(t, "pasien"), DEMO_SIZE.patients);
    assert.equal(await count(t, "doctor"), 6);
    assert.equal(await count(t, "room"), 5);
    const now = Date.now();
    let exams = 0;
    for (const v of stays) {
      const rows = (await visitExams(t.store, v)).map((r) => r.value);
      assert.ok(rows.length >= 1 && rows.length <= 6, `${v._id}: ${rows.length} pemeriksaan`);
      exams += rows.length;
      const { order, percentages: _, ...sums } = stayTotals(rows);
      assert.deepEqual(
        {
          order: v.ipddetails,
          tarifInaTotal: v.tarifInaTotal,
          tarifRsTotal: v.tarifRsTotal,
          percentageTotal: v.percentageTotal,
          latestTarifIna: v.latestTarifIna,
          latestTarifRs: v.latestTarifRs,
          latestPercentage: v.latestPercentage,
        },
        { order, ...sums },
      );
      assert.ok(v.tarifInaTotal > 0 && v.tarifRsTotal > 0);
      assert.ok(Date.parse(v.visitDate) >= now - 46 * 86_400_000 && Date.parse(v.visitDate) <= now);
      if (v.status === "pulang") {
        assert.ok(v.dischargepatient && v.summary_diagnosis.length > 0);
        assert.ok(lengthOfStay(v.visitDate, v.tanggal_pulang) >= 1);
      }
    }
    assert.equal((await examsOf(t.store).index()).size, exams);
    const planned = demoPlan(new Date()).stays.reduce((n, s) => n + s.exams.length, 0);
    assert.equal(exams, planned);
    // a realistic mix: gains and losses, readmissions (some unplanned), keyword hits
    assert.ok(
      stays.some((v) => v.percentageTotal! < 0) && stays.some((v) => v.percentageTotal! > 0),
    );
    const readmitted = stays.filter((v) => v.readmisi);
    assert.ok(readmitted.length >= 3, `${readmitted.length} readmisi`);
    assert.ok(readmitted.some((v) => v.readmisi_reason === "none"));
    const details = await t.json(`/api/ipd/${stays[0]._id}/details`);
    assert.equal(details.status, 200);
    const hits = await Promise.all(
      stays.map(async (v) => (await t.json(`/api/ipd/${v._id}/details`)).body.data),
    );
    assert.ok(hits.flat().some((e: { keywordHits: string[] }) => e.keywordHits.length > 0));

    // the screens have something to show
    const info = await t.json("/api/report/dpjp-info");
    assert.equal(info.status, 200);
    assert.equal((await t.req("/")).status, 200);
    assert.equal(
      (await t.json("/api/ipd/discharge-patient?length=1")).body.recordsFiltered,
      DEMO_SIZE.stays - DEMO_SIZE.open,
    );

    // a second start on the same database stores nothing
    const again = createApp({ config: t.config, store: t.store, licence: allowAnyLicence });
    const res = await again.request("/api/ipd", { headers: { cookie: t.cookie } });
    assert.equal(res.status, 200);
    await res.body?.cancel();
    assert.equal((await visitsOf(t.store).index()).size, DEMO_SIZE.stays);
    assert.equal(await count(t, "pasien"), DEMO_SIZE.patients);
    assert.equal(said.filter((s) => s.startsWith("Data demo dibuat")).length, 1);
  } finally {
    console.log = quiet;
  }
});

Deno.test("demo data: without DEMO_DATA, or on a database in use, nothing is stored", async () => {
  {
    await using t = await setup();
    assert.equal((await t.json("/api/ipd?statusFilter=semua")).body.recordsTotal, 0);
    assert.equal(await count(t, "pasien"), 0);
  }
  {
    await using t = await setup({ licence: allowAnyLicence, config: { demoData: true } });
    const before = console.log;
    console.log = () => {};
    try {
      // the database already has one doctor of its own, added before the first request
      await collectionOf(t.store, registry.get("doctor")!).insert({
        fullname: "dr. Sendiri",
        first_name: "Sendiri",
      });
      assert.equal((await t.json("/api/ipd?statusFilter=semua")).body.recordsTotal, 0);
      assert.equal(await count(t, "pasien"), 0);
      assert.equal(await count(t, "doctor"), 1);
    } finally {
      console.log = before;
    }
  }
});

Deno.test("demo data: DEMO_DATA reads as a yes/no setting", () => {
  const env = (v?: string) => loadConfig({ get: (k) => k === "DEMO_DATA" ? v : undefined });
  assert.equal(env(undefined).demoData, false);
  assert.equal(env("1").demoData, true);
  assert.equal(env("true").demoData, true);
  assert.equal(env("0").demoData, false);
  assert.throws(() => env("kadang"), /DEMO_DATA harus 1/);
});

Deno.test("demo data: the plan is the same for the same moment, and its shape at any time", () => {
  const now = new Date("2025-03-10T05:00:00Z");
  assert.deepEqual(demoPlan(now), demoPlan(now));
  const shape = (at: string) =>
    demoPlan(new Date(at)).stays.map((s) => [
      s.patient,
      s.room,
      s.readmisi_reason,
      s.discharge?.method,
      s.exams.map((e) => [e.group, e.tarif_rs, e.diagnosis, e.tindakan]),
    ]).sort((a, b) => Number(a[0]) - Number(b[0])); // stays of one patient keep their order
  // another day, just after midnight or just before it in Jakarta: only the dates move
  const expected = shape("2025-03-10T05:00:00Z");
  for (const at of ["2025-07-01T17:00:30Z", "2025-07-02T16:59:00Z", "2026-01-15T09:30:00Z"]) {
    assert.deepEqual(shape(at), expected, at);
  }
});
