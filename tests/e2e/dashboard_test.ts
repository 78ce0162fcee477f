import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { dayStart, jakartaDay } from "../../lib/ipd_rules.ts";
import { tariff, visitDoc, writeVisits } from "../visits.ts";
import { login, session } from "./harness.ts";

type S = Awaited<ReturnType<typeof session>>;

const at = (day: string, time = "08:00") => new Date(`${day}T${time}:00+07:00`).toISOString();
const MARCH = "2025-03-01%20/%202025-03-31";

/**
 * A small known data set: ICD descriptions through the API, stays written through the
 * stays' collection of the served app. Admitted now: V1 (today, -20 %, dr. Budi), V2 (March,
 * readmission, +20 %, dr. Budi), V3 (March, -25 %, dr. Ani). Discharged: V4 (March,
 * readmission, +20 %, today), V5 (February, -100 %).
 */
async function seed(s: S, today: string) {
  const cookie = (await s.page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  for (
    const [kind, code, desc] of [
      ["icd10", "J18.9", "Pneumonia, unspecified"],
      ["icd10", "A09", "Diarrhoea and gastroenteritis"],
      ["icd9", "93.96", "Other oxygen enrichment"],
    ]
  ) {
    const r = await s.app.request("/api/icd/update", {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams({ id: "", kind, code, code2: "", desc }),
    });
    assert.equal(r.status, 200, await r.text());
  }
  const budi = { dpjp: { _id: "dok-budi", fullname: "dr. Budi" } };
  const ani = { dpjp: { _id: "dok-ani", fullname: "dr. Ani" } };
  const out = (when: string) => ({
    status: "pulang" as const,
    tanggal_pulang: when,
    openPasien: null,
  });
  await writeVisits(s.store, [
    visitDoc(dayStart(today), { ...budi, ...tariff(1_000_000, 1_200_000) }),
    visitDoc(at("2025-03-05"), {
      ...budi,
      readmisi: true,
      codes10: ["J18.9", "A09"],
      codes9: ["93.96"],
      ...tariff(5_000_000, 4_000_000),
    }),
    visitDoc(at("2025-03-10"), { ...ani, codes10: ["J18.9"], ...tariff(2_000_000, 2_500_000) }),
    visitDoc(at("2025-03-12"), {
      ...budi,
      readmisi: true,
      codes10: ["J18.9", "A09"],
      codes9: ["93.96", "89.14"],
      ...tariff(3_000_000, 2_400_000),
      ...out(dayStart(today)),
    }),
    visitDoc(at("2025-02-27"), {
      codes10: ["K35.8"],
      ...tariff(1_000_000, 2_000_000),
      ...out(at("2025-03-02")),
    }),
  ]);
}

/** Waits until every chart card has loaded (ready or failed). */
const chartsLoaded = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>(".chart-card")].every((c) =>
      c.dataset.state !== "loading"
    )
  );

/** A chart card's table: each row's cell texts and its link. */
async function table(page: Page, id: string) {
  return await page.locator(`#${id} .chart-data tbody tr`).evaluateAll((trs) =>
    trs.map((tr) => ({
      cells: [...tr.querySelectorAll("td")].map((td) => td.textContent!.trim()),
      href: tr.querySelector("a")?.getAttribute("href"),
    }))
  );
}

const counter = async (page: Page, key: string) => {
  const a = page.locator(`[data-counter=${key}]`);
  return [await a.locator(".stat-value").innerText(), await a.getAttribute("href")];
};

Deno.test("browser: dashboard counters and chart numbers for a known data set, links to the lists", async () => {
  await using s = await session();
  const { page, url } = s;
  const consoleErrors: string[] = [];
  page.on("console", (m) => m.type() === "error" && consoleErrors.push(m.text()));
  await login(page, url);
  const today = jakartaDay(new Date());
  await seed(s, today);

  // the period form is a GET form: the period lands in the address
  await page.goto(`${url}/`);
  await page.fill("input[name=startDate]", "2025-03-01");
  await page.fill("input[name=endDate]", "2025-03-31");
  await page.click("button:has-text('Tampilkan')");
  await page.waitForURL(`${url}/?startDate=2025-03-01&endDate=2025-03-31`);
  if (jakartaDay(new Date()) !== today) return; // midnight in Jakarta passed meanwhile
  const day = `${today}%20/%20${today}`;
  assert.deepEqual(await counter(page, "pasien_baru"), [
    "1",
    `/ipd?statusFilter=semua&dateRange=${day}`,
  ]);
  assert.deepEqual(await counter(page, "pasien_sedang_dirawat"), ["3", "/ipd"]);
  assert.deepEqual(await counter(page, "pasien_pulang_hari_ini"), [
    "1",
    `/discharge-patient?dateRange=${day}`,
  ]);
  assert.deepEqual(await counter(page, "pasien_readmisi_count"), [
    "2",
    `/ipd?statusFilter=semua&readmisiFilter=1&dateRange=${MARCH}`,
  ]);
  assert.deepEqual(await counter(page, "negativePercentage"), [
    "2",
    "/ipd?analysisFilter=negative",
  ]);

  await chartsLoaded(page);
  assert.deepEqual(await table(page, "chart-icd10"), [
    {
      cells: ["J18.9", "Pneumonia, unspecified", "3"],
      href: `/ipd?statusFilter=semua&icdFilter=J18.9&dateRange=${MARCH}`,
    },
    {
      cells: ["A09", "Diarrhoea and gastroenteritis", "2"],
      href: `/ipd?statusFilter=semua&icdFilter=A09&dateRange=${MARCH}`,
    },
  ]);
  assert.deepEqual(await table(page, "chart-icd9"), [
    {
      cells: ["93.96", "Other oxygen enrichment", "2"],
      href: `/ipd?statusFilter=semua&icdFilter=93.96&dateRange=${MARCH}`,
    },
    {
      cells: ["89.14", "-", "1"],
      href: `/ipd?statusFilter=semua&icdFilter=89.14&dateRange=${MARCH}`,
    },
  ]);
  assert.deepEqual(await table(page, "chart-tariff"), [
    {
      cells: ["Positif (≥ 0%)", "2", "Rp 1.600.000"],
      href: `/ipd?statusFilter=semua&analysisFilter=positive&dateRange=${MARCH}`,
    },
    {
      cells: ["Negatif (< 0%)", "1", "Rp -500.000"],
      href: `/ipd?statusFilter=semua&analysisFilter=negative&dateRange=${MARCH}`,
    },
  ]);
  assert.deepEqual(await table(page, "chart-dpjp"), [
    { cells: ["dr. Budi", "2"], href: "/ipd?dpjpFilter=dok-budi" },
    { cells: ["dr. Ani", "1"], href: "/ipd?dpjpFilter=dok-ani" },
  ]);
  // each card drew its chart, and says what it shows
  assert.equal(await page.locator(".chart-card canvas").count(), 4);
  assert.equal(
    await page.locator("#chart-tariff canvas").getAttribute("aria-label"),
    "Analisis Tarif INA-CBG dibanding Tarif RS: Positif (≥ 0%) 2, Negatif (< 0%) 1",
  );
  const box = (await page.locator("#chart-dpjp canvas").boundingBox())!;
  assert.ok(box.width > 100 && box.height >= 150, JSON.stringify(box));

  // a slice leads to its list: J18.9 is 3 of 5 stays, drawn clockwise from 12 o'clock
  const pie = (await page.locator("#chart-icd10 canvas").boundingBox())!;
  await page.mouse.click(pie.x + pie.width / 2 + 40, pie.y + pie.height * 0.4);
  await page.waitForURL(`${url}/ipd?statusFilter=semua&icdFilter=J18.9&dateRange=${MARCH}`);
  await page.goBack();
  await page.click("[data-counter=negativePercentage]");
  await page.waitForURL(`${url}/ipd?analysisFilter=negative`);
  assert.deepEqual(s.errors, []);
  assert.deepEqual(consoleErrors.filter((e) => !/404|Not Found/i.test(e)), []);
});

Deno.test("browser: a chart whose call fails is logged and left empty; an empty period says so", async () => {
  await using s = await session();
  const { page, url } = s;
  const consoleErrors: string[] = [];
  page.on("console", (m) => m.type() === "error" && consoleErrors.push(m.text()));
  await login(page, url);
  await seed(s, jakartaDay(new Date()));
  await page.route("**/api/report/top-icd-9?*", (r) => r.fulfill({ status: 500, body: "{}" }));
  await page.goto(`${url}/?startDate=2025-03-01&endDate=2025-03-31`);
  await chartsLoaded(page);
  assert.equal(await page.locator("#chart-icd9").getAttribute("data-state"), "error");
  assert.match(await page.locator("#chart-icd9").innerText(), /Data tidak tersedia\./);
  assert.equal(await page.locator("#chart-icd9 canvas").count(), 0);
  assert.equal((await table(page, "chart-icd10")).length, 2); // the others are drawn
  assert.ok(consoleErrors.some((e) => /Grafik dasbor gagal dimuat/.test(e)), consoleErrors.join());
  assert.deepEqual(s.errors, []);

  await page.unrouteAll();
  await page.goto(`${url}/?startDate=2020-01-01&endDate=2020-01-31`);
  await chartsLoaded(page);
  for (const id of ["chart-icd10", "chart-icd9", "chart-tariff"]) {
    assert.match(await page.locator(`#${id}`).innerText(), /Belum ada data pada periode ini\./);
  }
  // patients now admitted do not depend on the period
  assert.equal((await table(page, "chart-dpjp")).length, 2);
  assert.equal(
    await page.locator("[data-counter=pasien_readmisi_count] .stat-value").innerText(),
    "0",
  );
});
