import assert from "node:assert/strict";
import { dayStart, hospitalDay } from "../lib/hospital_time.ts";
import { visitsOf } from "../lib/ipd/stay.ts";
import { medicalRecordInfo } from "../lib/report/report.ts";
import { currentMonth, parsePeriod } from "../lib/report/period.ts";
import { setup } from "./helpers.ts";
import { collectionOf } from "../lib/resource/resource.ts";
import { registry } from "../resources/mod.ts";
import {
  at,
  DASHBOARD_NOW,
  DASHBOARD_TODAY,
  discharged,
  dpjp,
  icd,
  MARCH,
} from "./report_fixtures.ts";
import { tariff, visitDoc, writeVisits } from "./visits.ts";

Deno.test("report: 'today' is the Asia/Jakarta day, at both of its ends", async () => {
  await using t = await setup();
  const index = () => visitsOf(t.store).index();
  await writeVisits(t.store, [
    visitDoc("2025-03-09T16:59:59.999Z"), // 9 March 23:59:59.999 in Jakarta
    visitDoc("2025-03-09T17:00:00.000Z"), // 10 March 00:00
    visitDoc("2025-03-10T16:59:59.999Z"), // 10 March 23:59:59.999
    visitDoc("2025-03-10T17:00:00.000Z"), // 11 March 00:00
    visitDoc("2025-03-01T08:00:00.000Z", discharged("2025-03-09T17:00:00.000Z")),
    visitDoc("2025-03-01T08:00:00.000Z", discharged("2025-03-09T16:59:59.999Z")),
  ]);
  const march = parsePeriod({});
  const lateOn10 = medicalRecordInfo(await index(), march, new Date("2025-03-10T16:59:59.999Z"));
  assert.equal(lateOn10.pasien_baru.count, 2);
  assert.equal(lateOn10.pasien_pulang_hari_ini.count, 1);
  const earlyOn11 = medicalRecordInfo(await index(), march, new Date("2025-03-10T17:00:00.000Z"));
  assert.equal(earlyOn11.pasien_baru.count, 1);
  assert.equal(earlyOn11.pasien_pulang_hari_ini.count, 0);
  const earlyOn10 = medicalRecordInfo(await index(), march, new Date("2025-03-09T17:00:00.000Z"));
  assert.equal(earlyOn10.pasien_baru.count, 2);
  assert.equal(earlyOn10.pasien_pulang_hari_ini.count, 1);
  // the 'now' figures do not depend on the day: 4 stays are still admitted
  assert.equal(earlyOn10.pasien_sedang_dirawat.count, 4);
});

Deno.test("medical-record-info: counters for today and now; readmissions in the period", async () => {
  const now = DASHBOARD_NOW;
  await using t = await setup({ now: () => now });
  const today = hospitalDay(now);
  assert.equal(today, DASHBOARD_TODAY);
  const todayStart = dayStart(today);
  const justBefore = new Date(Date.parse(todayStart) - 1).toISOString();
  await writeVisits(t.store, [
    // admitted at today's first instant, percentage below 0: new, admitted, negative
    visitDoc(todayStart, tariff(4_000_000, 4_400_000)),
    // admitted a millisecond before today, a readmission: admitted, not new
    visitDoc(justBefore, { readmisi: true, ...tariff(4_000_000, 3_000_000) }),
    // admitted in March 2025 as a readmission, discharged today; its negative no longer counts
    visitDoc(at("2025-03-05"), {
      readmisi: true,
      ...tariff(1_000_000, 2_000_000),
      ...discharged(todayStart),
    }),
    // discharged just before today
    visitDoc(at("2025-03-20"), discharged(justBefore)),
    // admitted without a percentage
    visitDoc(at("2025-02-28", "23:59")),
  ]);
  const march = await t.json(`/api/report/medical-record-info?${MARCH}`);
  assert.equal(march.status, 200);
  assert.deepEqual(march.body, {
    pasien_baru: { count: 1 },
    pasien_sedang_dirawat: { count: 3 },
    pasien_pulang_hari_ini: { count: 1 },
    pasien_readmisi_count: { count: 1 },
    // the rupiah at risk: its hospital tariff Rp 400.000 above its package
    negativePercentage: { count: 1, rupiah: 400_000 },
  });
  // the period moves only the readmission count
  const whole = await t.json(
    `/api/report/medical-record-info?dateRange=${encodeURIComponent(`2025-01-01 / ${today}`)}`,
  );
  assert.equal(whole.body.pasien_readmisi_count.count, 2);
  assert.equal(whole.body.pasien_baru.count, 1);
  const feb = await t.json(
    "/api/report/medical-record-info?startDate=2025-02-01&endDate=2025-02-28",
  );
  assert.equal(feb.body.pasien_readmisi_count.count, 0);
  assert.equal(feb.body.pasien_sedang_dirawat.count, 3);
});

Deno.test("top-icd-10 / top-icd-9: ten codes in the most stays of the period, once per stay", async () => {
  await using t = await setup();
  await icd(t, "icd10", "J18.9", "Pneumonia, unspecified ");
  await icd(t, "icd10", "A09", "Diarrhoea and gastroenteritis");
  await icd(t, "icd9", "93.96", "Other oxygen enrichment");
  // stored before codes were checked against their kind (the form refuses it now)
  await collectionOf(t.store, registry.get("icd")!).insert({
    kind: "icd9",
    code: "J18.9",
    code2: "J189",
    desc: "not a procedure (wrong kind)",
    desc_indo: "",
    _key: "J18.9 (ICD-9-CM)",
  });
  const docs = [
    // J18.9 in three stays (twice in one of them: counted once), A09 in two
    visitDoc(at("2025-03-01", "00:00"), { codes10: ["J18.9", "A09", "J18.9"], codes9: ["93.96"] }),
    visitDoc(at("2025-03-15"), { codes10: ["J18.9"], codes9: ["93.96", "89.14"] }),
    visitDoc(at("2025-03-31", "23:59"), {
      codes10: ["J18.9", "A09"],
      ...discharged(at("2025-04-02")),
    }),
    // outside March (a minute before, a minute after): not counted
    visitDoc(at("2025-02-28", "23:59"), { codes10: ["A09", "K35.8"], codes9: ["89.14"] }),
    visitDoc(at("2025-04-01", "00:00"), { codes10: ["A09", "K35.8"] }),
  ];
  // twelve more codes in one stay each: only ten codes in all are answered
  const many = Array.from({ length: 12 }, (_, i) => `Z${String(i).padStart(2, "0")}.0`);
  docs.push(visitDoc(at("2025-03-10"), { codes10: many }));
  await writeVisits(t.store, docs);

  const r10 = await t.json(`/api/report/top-icd-10?${MARCH}`);
  assert.equal(r10.status, 200);
  assert.equal(r10.body.length, 10);
  assert.deepEqual(r10.body.slice(0, 3), [
    { code: "J18.9", count: 3, rupiah: 0, desc: "Pneumonia, unspecified", descEn: "" },
    { code: "A09", count: 2, rupiah: 0, desc: "Diarrhoea and gastroenteritis", descEn: "" },
    { code: "Z00.0", count: 1, rupiah: 0, desc: "", descEn: "" },
  ]);
  assert.deepEqual(r10.body.map((i: { code: string }) => i.code).slice(3), [
    "Z01.0",
    "Z02.0",
    "Z03.0",
    "Z04.0",
    "Z05.0",
    "Z06.0",
    "Z07.0",
  ]);
  const r9 = await t.json(`/api/report/top-icd-9?${MARCH}`);
  assert.deepEqual(r9.body, [
    { code: "93.96", count: 2, rupiah: 0, desc: "Other oxygen enrichment", descEn: "" },
    { code: "89.14", count: 1, rupiah: 0, desc: "", descEn: "" },
  ]);
  const feb = await t.json("/api/report/top-icd-10?dateRange=2025-02-28%20/%202025-02-28");
  assert.deepEqual(feb.body.map((i: { code: string; count: number }) => [i.code, i.count]), [
    ["A09", 1],
    ["K35.8", 1],
  ]);
  const none = await t.json("/api/report/top-icd-9?startDate=2024-01-01&endDate=2024-12-31");
  assert.deepEqual(none.body, []);
});

Deno.test("top-icd by rupiah: the codes whose stays' packages sum the most; Indonesian names where loaded; a bad order is refused", async () => {
  await using t = await setup();
  const r = await t.post("/api/icd/update", {
    id: "",
    kind: "icd10",
    code: "A09",
    code2: "",
    desc: "Diarrhoea and gastroenteritis",
    desc_indo: "Diare dan gastroenteritis",
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  await icd(t, "icd10", "J18.9", "Pneumonia, unspecified");
  await writeVisits(t.store, [
    visitDoc(at("2025-03-02"), { codes10: ["J18.9"], ...tariff(1_000_000, 900_000) }),
    visitDoc(at("2025-03-03"), { codes10: ["J18.9"], ...tariff(1_500_000, 900_000) }),
    visitDoc(at("2025-03-04"), { codes10: ["A09"], ...tariff(5_000_000, 900_000) }),
  ]);
  const a09 = {
    code: "A09",
    count: 1,
    rupiah: 5_000_000,
    desc: "Diare dan gastroenteritis",
    descEn: "Diarrhoea and gastroenteritis",
  };
  const j189 = {
    code: "J18.9",
    count: 2,
    rupiah: 2_500_000,
    desc: "Pneumonia, unspecified",
    descEn: "",
  };
  assert.deepEqual((await t.json(`/api/report/top-icd-10?${MARCH}`)).body, [j189, a09]);
  assert.deepEqual((await t.json(`/api/report/top-icd-10?${MARCH}&by=rupiah`)).body, [a09, j189]);
  const bad = await t.json(`/api/report/top-icd-10?${MARCH}&by=uang`);
  assert.equal(bad.status, 400);
  assert.match(bad.body.message, /Urutan "uang" tidak dikenal/);
});

Deno.test("analysis-tarif-info: stays of the period at or above 0 and below 0, with rupiah sums", async () => {
  await using t = await setup();
  await writeVisits(t.store, [
    visitDoc(at("2025-03-02"), tariff(5_000_000, 4_000_000)), // +20 %, +1,000,000
    visitDoc(at("2025-03-03"), tariff(4_000_000, 4_000_000)), // exactly 0 %: positive
    visitDoc(at("2025-03-04"), {
      ...tariff(3_000_000, 3_600_000),
      ...discharged(at("2025-03-09")),
    }),
    visitDoc(at("2025-03-05"), tariff(2_000_000, 2_100_000)), // -5 %, -100,000
    visitDoc(at("2025-03-06"), { tarifRsTotal: 750_000 }), // no percentage: left out
    visitDoc(at("2025-04-01"), tariff(1_000_000, 9_000_000)), // another month
  ]);
  const r = await t.json(`/api/report/analysis-tarif-info?${MARCH}`);
  assert.equal(r.status, 200);
  assert.deepEqual(r.body, {
    positivePercentage: { label: "Positif (≥ 0%)", data: 2, sum: 1_000_000 },
    negativePercentage: { label: "Negatif (< 0%)", data: 2, sum: -700_000 },
  });
  const april = await t.json(
    "/api/report/analysis-tarif-info?dateRange=2025-04-01%20/%202025-04-30",
  );
  assert.equal(april.body.negativePercentage.data, 1);
  assert.equal(april.body.negativePercentage.sum, -8_000_000);
  assert.equal(april.body.positivePercentage.data, 0);

  // a stay that changes after the report was read is counted as it is now
  const col = visitsOf(t.store);
  const row = (await col.full((await col.index()).rows())).find((r) =>
    r.value.percentageTotal === 20
  )!;
  await col.update(row.value._id, { ...row.value, ...tariff(5_000_000, 5_500_000) });
  await col.remove(
    (await col.index()).rows().find((r) => r.value.percentageTotal === -5)!.value._id,
  );
  const again = await t.json(`/api/report/analysis-tarif-info?${MARCH}`);
  assert.deepEqual(again.body, {
    positivePercentage: { label: "Positif (≥ 0%)", data: 1, sum: 0 },
    negativePercentage: { label: "Negatif (< 0%)", data: 2, sum: -1_100_000 },
  });
});

Deno.test("dpjp-info: DPJPs of the stays now admitted, most patients first", async () => {
  await using t = await setup();
  await writeVisits(t.store, [
    visitDoc(at("2025-03-01"), dpjp("d1", "dr. Budi")),
    visitDoc(at("2024-01-01"), dpjp("d2", "dr. Ani")),
    visitDoc(at("2025-03-02"), dpjp("d2", "dr. Ani")),
    visitDoc(at("2025-03-03"), dpjp("d3", "dr. Citra")),
    visitDoc(at("2025-03-04"), { ...dpjp("d1", "dr. Budi"), ...discharged(at("2025-03-05")) }),
    visitDoc(at("2025-03-04"), { ...dpjp("d4", "dr. Dewi"), ...discharged(at("2025-03-05")) }),
    visitDoc(at("2025-03-04")), // no DPJP
  ]);
  const r = await t.json(`/api/report/dpjp-info?${MARCH}`);
  assert.equal(r.status, 200);
  assert.deepEqual(r.body, [
    { doctorInfo: { _id: "d2", fullname: "dr. Ani" }, patientCount: 2 },
    { doctorInfo: { _id: "d1", fullname: "dr. Budi" }, patientCount: 1 },
    { doctorInfo: { _id: "d3", fullname: "dr. Citra" }, patientCount: 1 },
  ]);
});

Deno.test("report period: default the current Jakarta month; a bad one answers 400 in Indonesian", async () => {
  // 1 April 2025 00:30 in Jakarta, still 31 March in UTC: the default month is April
  let now = new Date("2025-03-31T17:30:00Z");
  await using t = await setup({ now: () => now });
  assert.deepEqual(currentMonth(now), { startDate: "2025-04-01", endDate: "2025-04-30" });
  await writeVisits(t.store, [
    visitDoc(dayStart("2025-04-01"), { readmisi: true }),
    visitDoc(new Date(Date.parse(dayStart("2025-04-01")) - 1).toISOString(), { readmisi: true }),
    visitDoc(at("2025-03-15"), { readmisi: true }),
  ]);
  const r = await t.json("/api/report/medical-record-info");
  assert.equal(r.body.pasien_readmisi_count.count, 1);
  // a minute before, in Jakarta it was still March: the two March readmissions
  now = new Date("2025-03-31T16:59:00Z");
  const march = await t.json("/api/report/medical-record-info");
  assert.equal(march.body.pasien_readmisi_count.count, 2);
  const cases: [string, RegExp][] = [
    ["startDate=2025-13-01", /Tanggal awal "2025-13-01" tidak valid; gunakan format DD-MM-YYYY/],
    ["startDate=2025-02-30&endDate=2025-03-01", /Tanggal awal "2025-02-30" tidak valid/],
    ["endDate=31-02-2025", /Tanggal akhir "31-02-2025" tidak valid/],
    ["startDate=2025-03-31&endDate=2025-03-01", /tidak boleh setelah tanggal akhir/],
    ["dateRange=kemarin", /Rentang tanggal "kemarin" tidak valid/],
    ["dateRange=2025-03-31%20/%202025-03-01", /Rentang tanggal .* tidak valid/],
  ];
  for (const [q, msg] of cases) {
    for (const call of ["medical-record-info", "top-icd-10", "top-icd-9", "analysis-tarif-info"]) {
      const bad = await t.json(`/api/report/${call}?${q}`);
      assert.equal(bad.status, 400, `${call}?${q}`);
      assert.match(bad.body.message, msg);
    }
  }
  // the report needs a session
  const anon = await t.app.request("/api/report/dpjp-info");
  assert.equal(anon.status, 401);
});
