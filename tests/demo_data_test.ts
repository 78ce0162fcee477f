import assert from "node:assert/strict";
import { createApp } from "../app.ts";
import { loadConfig } from "../lib/config.ts";
import { codes, DEMO_SIZE, type DemoPlan, demoPlan, world } from "../lib/demo/plan.ts";
import { examsOf, visitExams, visitsOf } from "../lib/ipd/stay.ts";
import type { Visit } from "../lib/ipd/model.ts";
import { allowAnyLicence } from "../lib/licence/gate.ts";
import { collectionOf } from "../lib/resource/resource.ts";
import { registry } from "../resources/mod.ts";
import { setup } from "./helpers.ts";

const DAY = 86_400_000;
/** E-Klaim's discharge status of each shipped Cara Pulang entry (E-Klaim 5.10's list). */
const SHIPPED_CODES: Record<string, string> = {
  "Atas Persetujuan Dokter": "1",
  "Dirujuk": "2",
  "Atas Permintaan Sendiri": "3",
  "Meninggal": "4",
  "Lain-lain": "5",
};
/** The Jakarta (UTC+7, no daylight saving) calendar day number of an instant. */
const jakartaDayNo = (iso: string) => Math.floor((Date.parse(iso) + 7 * 3_600_000) / DAY);

/**
 * What each stored stay must hold, worked out here from the plan alone (not with the app's
 * rules): the bill sums every examination's charge, the INA-CBG total is the last
 * examination's group tariff for the room's class, the percentage is (INA - RS) / INA x 100
 * (unrounded), a readmission comes less than 30 Jakarta days after the previous discharge, the
 * summary is every code in order of first appearance. Stays are matched by patient and rank.
 */
function expectedStays(plan: DemoPlan) {
  const classNo = { first: 1, second: 2, third: 3 } as Record<string, number>;
  const cls = (room: string) =>
    classNo[
      world.classes.find((c) => c.name === world.rooms.find((r) => r.name === room)!.classroom)!
        .classtype
    ];
  const out = new Map<string, unknown>();
  const rank = new Map<number, number>();
  const prevOut = new Map<number, string | null>();
  for (const s of plan.stays) {
    const k = rank.get(s.patient) ?? 0;
    rank.set(s.patient, k + 1);
    const last = s.exams[s.exams.length - 1];
    const ina = Number(codes.tariffs.find((t) => t[0] === last.group)![1 + cls(s.room)]);
    let rs = 0;
    for (const e of s.exams) rs = rs + e.tarif_rs;
    const pct = ((ina - rs) / ina) * 100;
    const prev = prevOut.get(s.patient) ?? null;
    prevOut.set(s.patient, s.discharge?.at ?? null);
    const firstSeen = (lists: string[][]) => [...new Set(lists.flat())];
    out.set(`${plan.patients[s.patient].erm}#${k}`, {
      exams: s.exams.length,
      tarifRsTotal: rs,
      tarifInaTotal: ina,
      percentageTotal: pct,
      latestTarifIna: ina,
      latestTarifRs: last.tarif_rs,
      latestPercentage: pct,
      readmisi: prev !== null && jakartaDayNo(s.visitDate) - jakartaDayNo(prev) < 30,
      summary: s.discharge
        ? [firstSeen(s.exams.map((e) => e.diagnosis)), firstSeen(s.exams.map((e) => e.tindakan))]
        : [[], []],
    });
  }
  return out;
}

/** A stored stay's figures, keyed as `expectedStays` keys them. */
function storedStays(stays: Visit[]) {
  const out = new Map<string, unknown>();
  const byPatient = Map.groupBy(stays, (v) => v.pasien.erm);
  for (const [erm, list] of byPatient) {
    list.sort((a, b) => a.visitDate < b.visitDate ? -1 : 1);
    list.forEach((v, k) =>
      out.set(`${erm}#${k}`, {
        exams: v.ipddetails.length,
        tarifRsTotal: v.tarifRsTotal,
        tarifInaTotal: v.tarifInaTotal,
        percentageTotal: v.percentageTotal,
        latestTarifIna: v.latestTarifIna,
        latestTarifRs: v.latestTarifRs,
        latestPercentage: v.latestPercentage,
        readmisi: v.readmisi,
        summary: [v.summary_diagnosis, v.summary_tindakan].map((l) =>
          (l as { code: string }[]).map((i) => i.code)
        ),
      })
    );
  }
  return out;
}

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

    const col = visitsOf(t.store);
    const stays = (await col.full((await col.index()).rows())).map((r) => r.value);
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
      const byDate = rows.toSorted((a, b) =>
        Date.parse(a.examinationDate) - Date.parse(b.examinationDate)
      );
      assert.deepEqual(v.ipddetails, byDate.map((e) => e._id));
      assert.ok(v.tarifInaTotal > 0 && v.tarifRsTotal > 0);
      assert.ok(Date.parse(v.visitDate) >= now - 46 * 86_400_000 && Date.parse(v.visitDate) <= now);
      // what E-Klaim needs of the patient and of the discharge travels with the stay
      assert.match(v.pasien.tgl_lahir ?? "", /^(19|20)\d\d-\d\d-\d\d$/, v._id);
      assert.match(v.pasien.nomor_kartu ?? "", /^\d{13}$/, v._id);
      if (v.status === "pulang") {
        assert.ok(v.dischargepatient && v.summary_diagnosis.length > 0);
        assert.equal(v.dischargepatient.kode_eklaim, SHIPPED_CODES[v.dischargepatient.desc]);
        // the plan keeps every discharged patient 1 to 7 days (times kept to the minute), and
        // discharges after the last examination, never in the future
        const out = Date.parse(v.tanggal_pulang!), inn = Date.parse(v.visitDate);
        const minute = 60_000;
        assert.ok(out - inn >= DAY - minute && out - inn <= 7 * DAY + minute, v.tanggal_pulang!);
        assert.ok(out >= Date.parse(byDate[byDate.length - 1].examinationDate) && out <= now);
      }
    }
    assert.equal((await examsOf(t.store).index()).size, exams);
    // the plan's shape does not depend on the time of day, so today's plan is what was stored
    const plan = demoPlan(new Date());
    const planned = plan.stays.reduce((n, s) => n + s.exams.length, 0);
    assert.equal(exams, planned);
    const expected = expectedStays(plan), stored = storedStays(stays);
    assert.equal(stored.size, expected.size);
    for (const [key, want] of expected) assert.deepEqual(stored.get(key), want, key);
    // a realistic mix: gains and losses, readmissions (some unplanned), keyword hits
    assert.ok(
      stays.some((v) => v.percentageTotal! < 0) && stays.some((v) => v.percentageTotal! > 0),
    );
    const readmitted = stays.filter((v) => v.readmisi);
    assert.ok(readmitted.length >= 3, `${readmitted.length} readmisi`);
    assert.ok(readmitted.some((v) => v.readmisi_reason === "none"));
    // the discharge list's length of stay: Jakarta calendar days from admission to discharge
    const discharged = await t.json("/api/ipd/discharge-patient?length=100");
    assert.equal(discharged.body.data.length, DEMO_SIZE.stays - DEMO_SIZE.open);
    for (const row of discharged.body.data) {
      const days = jakartaDayNo(row.tanggal_pulang) - jakartaDayNo(row.visitDate);
      assert.equal(row.lama_rawat, Math.max(1, days), `${row.visitDate} → ${row.tanggal_pulang}`);
    }
    const details = await t.json(`/api/ipd/${stays[0]._id}/details`);
    assert.equal(details.status, 200);
    const hits = await Promise.all(
      stays.map(async (v) => (await t.json(`/api/ipd/${v._id}/details`)).body.data),
    );
    assert.ok(hits.flat().some((e: { keywordHits: string[] }) => e.keywordHits.length > 0));

    // the demo's ICD-10 codes carry their Indonesian names: 'demam' finds them
    const demam = await t.json("/api/icd/select2-icd10?q=demam");
    assert.deepEqual(
      demam.body.results.map((o: { text: string; note: string }) => `${o.text} / ${o.note}`),
      [
        "A01.0 - Typhoid fever / Demam tifoid",
        "A90 - Dengue fever [classical dengue] / Demam berdarah [dengue klasik]",
        "A91 - Dengue haemorrhagic fever / Demam berdarah dengue",
        "R50.9 - Fever, unspecified / Demam, tidak spesifik",
      ],
    );

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
