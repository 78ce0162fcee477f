import assert from "node:assert/strict";
import { dayStart } from "../lib/hospital_time.ts";
import { visitsOf } from "../lib/ipd/stay.ts";
import { counterLinks, dpjpLink, icdLink, tariffLink } from "../lib/report/dashboard.ts";
import { type DpjpCount, type IcdCount, type MedicalRecordInfo } from "../lib/report/report.ts";
import { currentMonth, showDay } from "../lib/report/period.ts";
import { setup } from "./helpers.ts";
import {
  at,
  DASHBOARD_NOW,
  DASHBOARD_TODAY,
  discharged,
  MARCH,
  MARCH_2025,
  seedDashboard,
  type T,
} from "./report_fixtures.ts";
import { tariff, visitDoc, writeVisits } from "./visits.ts";

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
    // -20 % (Rp 6.000.000 against Rp 5.000.000) and -10 % (Rp 5.500.000 against Rp 5.000.000)
    negativePercentage: { count: 2, rupiah: 1_500_000 },
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
