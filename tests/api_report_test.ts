import assert from "node:assert/strict";
import { dayStart, jakartaDay } from "../lib/ipd/rules.ts";
import { visitsOf } from "../lib/ipd/stay.ts";
import { counterLinks, dpjpLink, icdLink, tariffLink } from "../lib/report/dashboard.ts";
import {
  type DpjpCount,
  type IcdCount,
  type MedicalRecordInfo,
  medicalRecordInfo,
} from "../lib/report/report.ts";
import { currentMonth, parsePeriod, showDay } from "../lib/report/period.ts";
import { setup } from "./helpers.ts";
import { DASHBOARD_NOW, DASHBOARD_TODAY, MARCH_2025, seedDashboard } from "./report_fixtures.ts";
import { tariff, visitDoc, writeVisits } from "./visits.ts";

type T = Awaited<ReturnType<typeof setup>>;

const at = (day: string, time = "08:00") => new Date(`${day}T${time}:00+07:00`).toISOString();
const dpjp = (id: string, fullname: string) => ({ dpjp: { _id: id, fullname } });
const discharged = (when: string) => ({
  status: "pulang" as const,
  tanggal_pulang: when,
  openPasien: null,
});
const MARCH = "startDate=2025-03-01&endDate=2025-03-31";

async function icd(t: T, kind: string, code: string, desc: string) {
  const r = await t.post("/api/icd/update", { id: "", kind, code, code2: "", desc });
  assert.equal(r.status, 200, JSON.stringify(r.body));
}

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
  const today = jakartaDay(now);
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
    negativePercentage: { count: 1 },
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
  await icd(t, "icd9", "J18.9", "not a procedure (wrong kind)");
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
    { code: "J18.9", count: 3, desc: "Pneumonia, unspecified" },
    { code: "A09", count: 2, desc: "Diarrhoea and gastroenteritis" },
    { code: "Z00.0", count: 1, desc: "" },
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
    { code: "93.96", count: 2, desc: "Other oxygen enrichment" },
    { code: "89.14", count: 1, desc: "" },
  ]);
  const feb = await t.json("/api/report/top-icd-10?dateRange=2025-02-28%20/%202025-02-28");
  assert.deepEqual(feb.body.map((i: { code: string; count: number }) => [i.code, i.count]), [
    ["A09", 1],
    ["K35.8", 1],
  ]);
  const none = await t.json("/api/report/top-icd-9?startDate=2024-01-01&endDate=2024-12-31");
  assert.deepEqual(none.body, []);
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

Deno.test("dashboard page: counters server-rendered with links to the filtered lists", async () => {
  await using t = await setup({ now: () => DASHBOARD_NOW });
  const today = DASHBOARD_TODAY;
  await writeVisits(t.store, [
    visitDoc(dayStart(today), tariff(1_000_000, 1_200_000)),
    visitDoc(at("2025-03-05"), { readmisi: true, ...discharged(dayStart(today)) }),
  ]);
  const res = await t.req("/?startDate=2025-03-01&endDate=2025-03-31");
  assert.equal(res.status, 200);
  const html = await res.text();
  const counter = (key: string) => {
    const m = html.match(
      new RegExp(
        `<a href="([^"]*)" data-counter="${key}"[^>]*><span class="stat-value">(\\d+)<`,
      ),
    );
    assert.ok(m, key);
    return [m[1].replaceAll("&amp;", "&"), Number(m[2])];
  };
  const day = `${today}%20/%20${today}`;
  assert.deepEqual(counter("pasien_baru"), [`/ipd?statusFilter=semua&dateRange=${day}`, 1]);
  assert.deepEqual(counter("pasien_sedang_dirawat"), ["/ipd", 1]);
  assert.deepEqual(counter("pasien_pulang_hari_ini"), [`/discharge-patient?dateRange=${day}`, 1]);
  assert.deepEqual(counter("pasien_readmisi_count"), [
    "/ipd?statusFilter=semua&readmisiFilter=1&dateRange=2025-03-01%20/%202025-03-31",
    1,
  ]);
  assert.deepEqual(counter("negativePercentage"), ["/ipd?analysisFilter=negative", 1]);
  assert.match(html, /name="startDate"[^>]*value="01-03-2025"/);
  assert.match(html, /data-island="DashboardCharts"/);
  assert.match(html, /Periode 01-03-2025 s.d. 31-03-2025/);
});

Deno.test("dashboard page: a bad period shows why and the current month; failing counters show the info message", async () => {
  await using t = await setup();
  const bad = await t.req("/?startDate=2025-04-01&endDate=2025-03-01");
  assert.equal(bad.status, 400);
  const html = await bad.text();
  assert.match(html, /Tanggal awal \(2025-04-01\) tidak boleh setelah tanggal akhir/);
  assert.match(
    html,
    new RegExp(`name="startDate"[^>]*value="${showDay(currentMonth().startDate)}"`),
  );
  assert.match(html, /data-counter="pasien_baru"/);

  // the stays' index cannot be read: the page still answers, with the info failure message
  const col = visitsOf(t.store);
  col.index = () => Promise.reject(new Error("KV tidak terjangkau"));
  const errors: unknown[] = [];
  const log = console.error;
  console.error = (...a: unknown[]) => errors.push(a);
  try {
    const res = await t.req("/");
    assert.equal(res.status, 200);
    const page = await res.text();
    assert.match(page, /Could not load new patient information\./);
    assert.doesNotMatch(page, /data-counter=/);
    assert.match(page, /data-island="DashboardCharts"/);
  } finally {
    console.error = log;
  }
  // one line each for the patient counters and the claims' counters and figures
  assert.equal(errors.length, 2);
  assert.match(String(errors[1]), /Ringkasan klaim dasbor gagal dihitung/);
});

/** The list API behind a page link (`/ipd?...`, `/discharge-patient?...`): how many it finds. */
async function listed(t: T, link: string): Promise<number> {
  const api = link.startsWith("/discharge-patient")
    ? link.replace("/discharge-patient", "/api/ipd/discharge-patient")
    : link.replace("/ipd", "/api/ipd");
  const r = await t.json(api);
  assert.equal(r.status, 200, `${api}: ${JSON.stringify(r.body)}`);
  return r.body.recordsFiltered;
}

Deno.test("dashboard figures equal the lists their links open (stays built through the inpatient API)", async () => {
  await using t = await setup({ now: () => DASHBOARD_NOW });
  const { w, today } = await seedDashboard(t);
  assert.equal(today, DASHBOARD_TODAY);

  const info: MedicalRecordInfo = (await t.json(`/api/report/medical-record-info?${MARCH}`)).body;
  assert.deepEqual(info, {
    pasien_baru: { count: 1 },
    pasien_sedang_dirawat: { count: 2 },
    pasien_pulang_hari_ini: { count: 1 },
    pasien_readmisi_count: { count: 1 },
    negativePercentage: { count: 2 },
  });
  const period = MARCH_2025;
  const links = counterLinks(period, today);
  for (const [key, link] of Object.entries(links)) {
    assert.equal(
      await listed(t, link),
      info[key as keyof MedicalRecordInfo].count,
      `${key}: ${link}`,
    );
  }
  const top10 = (await t.json(`/api/report/top-icd-10?${MARCH}`)).body;
  assert.deepEqual(top10.map((i: IcdCount) => [i.code, i.count]), [["A09", 2], ["J18.9", 2]]);
  assert.equal(top10[1].desc, "Pneumonia, unspecified");
  const top9 = (await t.json(`/api/report/top-icd-9?${MARCH}`)).body;
  assert.deepEqual(top9.map((i: IcdCount) => [i.code, i.count]), [["89.14", 1], ["93.96", 1]]);
  for (const i of [...top10, ...top9]) {
    assert.equal(await listed(t, icdLink(i.code, period)), i.count);
  }
  const tariffs = (await t.json(`/api/report/analysis-tarif-info?${MARCH}`)).body;
  assert.deepEqual(tariffs, {
    positivePercentage: { label: "Positif (≥ 0%)", data: 2, sum: 7_500_000 },
    negativePercentage: { label: "Negatif (< 0%)", data: 1, sum: -1_000_000 },
  });
  assert.equal(await listed(t, tariffLink("positive", period)), 2);
  assert.equal(await listed(t, tariffLink("negative", period)), 1);
  const dpjps = (await t.json("/api/report/dpjp-info")).body;
  assert.deepEqual(dpjps.map((d: DpjpCount) => [d.doctorInfo._id, d.patientCount]), [[w.dpjp, 2]]);
  assert.equal(await listed(t, dpjpLink(w.dpjp)), 2);
});
