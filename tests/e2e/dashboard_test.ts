import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { DASHBOARD_NOW, seedDashboard } from "../report_fixtures.ts";
import { importRegions, login, session } from "./harness.ts";

type S = Awaited<ReturnType<typeof session>>;

const MARCH = "2025-03-01%20/%202025-03-31";

/** The data set of `seedDashboard`, through the served app's real API with the browser's session. */
async function seed(s: S) {
  const cookie = (await s.page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const json = async (path: string, init: RequestInit = {}) => {
    const res = await s.app.request(path, { ...init, headers: { cookie, ...init.headers } });
    return { status: res.status, body: await res.json() };
  };
  const post = (path: string, fields: Record<string, string>) =>
    json(path, { method: "POST", body: new URLSearchParams(fields) });
  const world = await seedDashboard({ json, post });
  // the set-up is complete (no checklist above the charts): the regions too
  await importRegions(s.store);
  return world;
}

/** Waits for the filtered list at `url` and checks it shows `n` stays. */
async function listShows(page: Page, url: string, n: number) {
  await page.waitForURL(url);
  await page.waitForSelector("[data-island][data-hydrated=true]");
  const rows = () =>
    page.locator(".dt-table tbody tr").evaluateAll((trs) =>
      trs.filter((tr) => !tr.querySelector(".dt-empty")).length
    );
  assert.equal(await rows(), n, url);
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

/** A chart's elements where they rest: label and centre in page pixels (from `data-points`). */
async function points(page: Page, id: string) {
  const canvas = page.locator(`#${id} canvas[data-points]`);
  const box = (await canvas.boundingBox())!;
  const pts: { label: string; x: number; y: number }[] = JSON.parse(
    (await canvas.getAttribute("data-points"))!,
  );
  return new Map(pts.map((p) => [p.label, { x: box.x + p.x, y: box.y + p.y }]));
}

/** Waits until the chart in card `id` says its opening animation is over. */
const chartAtRest = (page: Page, id: string) =>
  page.waitForSelector(`#${id} canvas[data-ready=true]`, { state: "attached" });

const counter = async (page: Page, key: string) => {
  const a = page.locator(`[data-counter=${key}]`);
  return [await a.locator(".stat-value").innerText(), await a.getAttribute("href")];
};

Deno.test("browser: dashboard counters and chart numbers for a known data set, links to the lists", async () => {
  await using s = await session({ now: () => DASHBOARD_NOW });
  const { page, url } = s;
  // with reduced motion the charts are drawn at rest at once
  await page.emulateMedia({ reducedMotion: "reduce" });
  const consoleErrors: string[] = [];
  page.on("console", (m) => m.type() === "error" && consoleErrors.push(m.text()));
  await login(page, url);
  const { w, today } = await seed(s);

  // the period form is a GET form: the period lands in the address
  await page.goto(`${url}/`);
  await page.fill("input[name=startDate]", "01-03-2025");
  await page.fill("input[name=endDate]", "31-03-2025");
  await page.click("button:has-text('Tampilkan')");
  await page.waitForURL(`${url}/?startDate=01-03-2025&endDate=31-03-2025`);
  const day = `${today}%20/%20${today}`;
  assert.deepEqual(await counter(page, "pasien_baru"), [
    "1",
    `/ipd?statusFilter=semua&dateRange=${day}`,
  ]);
  assert.deepEqual(await counter(page, "pasien_sedang_dirawat"), ["2", "/ipd"]);
  assert.deepEqual(await counter(page, "pasien_pulang_hari_ini"), [
    "1",
    `/discharge-patient?dateRange=${day}`,
  ]);
  assert.deepEqual(await counter(page, "pasien_readmisi_count"), [
    "1",
    `/ipd?statusFilter=semua&readmisiFilter=1&dateRange=${MARCH}`,
  ]);
  assert.deepEqual(await counter(page, "negativePercentage"), [
    "2",
    "/ipd?analysisFilter=negative",
  ]);

  await chartsLoaded(page);
  const icd = (code: string) => `/ipd?statusFilter=semua&icdFilter=${code}&dateRange=${MARCH}`;
  assert.deepEqual(await table(page, "chart-icd10"), [
    // each stay's package Rp 5.000.000
    {
      cells: [
        "A09",
        "Diarrhoea and gastroenteritis of presumed infectious origin",
        "2",
        "Rp 10.000.000",
      ],
      href: icd("A09"),
    },
    { cells: ["J18.9", "Pneumonia, unspecified", "2", "Rp 10.000.000"], href: icd("J18.9") },
  ]);
  assert.deepEqual(await table(page, "chart-icd9"), [
    { cells: ["89.14", "Electroencephalogram", "1", "Rp 5.000.000"], href: icd("89.14") },
    { cells: ["93.96", "Other oxygen enrichment", "1", "Rp 5.000.000"], href: icd("93.96") },
  ]);
  assert.deepEqual(await table(page, "chart-tariff"), [
    {
      cells: ["Positif (≥ 0%)", "2", "Rp 7.500.000"],
      href: `/ipd?statusFilter=semua&analysisFilter=positive&dateRange=${MARCH}`,
    },
    {
      cells: ["Negatif (< 0%)", "1", "-Rp 1.000.000"],
      href: `/ipd?statusFilter=semua&analysisFilter=negative&dateRange=${MARCH}`,
    },
  ]);
  assert.deepEqual(await table(page, "chart-dpjp"), [
    { cells: ["dr. Budi", "2"], href: `/ipd?dpjpFilter=${w.dpjp}` },
  ]);
  // each card drew its chart, and says what it shows
  assert.equal(await page.locator(".chart-card canvas").count(), 4);
  assert.equal(
    await page.locator("#chart-tariff canvas").getAttribute("aria-label"),
    "Analisis Tarif INA-CBG dibanding Tarif RS: Positif (≥ 0%) 2, Negatif (< 0%) 1",
  );
  const box = (await page.locator("#chart-dpjp canvas").boundingBox())!;
  assert.ok(box.width > 100 && box.height >= 150, JSON.stringify(box));

  // a slice leads to its list, clicked where the chart drew it
  for (const id of ["chart-icd10", "chart-icd9", "chart-tariff", "chart-dpjp"]) {
    assert.equal(await page.locator(`#${id} canvas`).getAttribute("data-ready"), "true", id);
  }
  const a09 = (await points(page, "chart-icd10")).get("A09")!;
  await page.mouse.click(a09.x, a09.y);
  await listShows(page, `${url}${icd("A09")}`, 2);
  await page.goto(`${url}/?startDate=2025-03-01&endDate=2025-03-31`);
  await page.click("#chart-tariff a:has-text('Negatif')");
  await listShows(
    page,
    `${url}/ipd?statusFilter=semua&analysisFilter=negative&dateRange=${MARCH}`,
    1,
  );
  await page.goto(`${url}/`);
  await page.click("[data-counter=negativePercentage]");
  await listShows(page, `${url}/ipd?analysisFilter=negative`, 2);
  await page.goto(`${url}/`);
  await page.click("[data-counter=pasien_pulang_hari_ini]");
  await listShows(page, `${url}/discharge-patient?dateRange=${day}`, 1);
  assert.deepEqual(s.errors, []);
  assert.deepEqual(consoleErrors.filter((e) => !/404|Not Found/i.test(e)), []);
});

Deno.test("browser: a slice clicked during the opening animation opens that slice's list, as after it", async () => {
  await using s = await session({ now: () => DASHBOARD_NOW });
  const { page, url } = s;
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await login(page, url);
  await seed(s);
  const icd = (code: string) => `/ipd?statusFilter=semua&icdFilter=${code}&dateRange=${MARCH}`;
  await page.goto(`${url}/?startDate=2025-03-01&endDate=2025-03-31`);
  // as soon as the pie exists, click where A09 will rest, in the page, before it is at rest
  const early = await page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    let canvas: HTMLCanvasElement | null = null;
    while (!(canvas = document.querySelector("#chart-icd10 canvas[data-points]"))) await frame();
    const pts: { label: string; x: number; y: number }[] = JSON.parse(canvas.dataset.points!);
    const p = pts.find((p) => p.label === "A09")!;
    const box = canvas.getBoundingClientRect();
    const readyBefore = canvas.dataset.ready ?? "belum";
    for (const type of ["mousemove", "click"]) {
      canvas.dispatchEvent(
        new MouseEvent(type, { clientX: box.x + p.x, clientY: box.y + p.y, bubbles: true }),
      );
    }
    return readyBefore;
  });
  assert.equal(early, "belum"); // the click landed while the pie was still growing
  await listShows(page, `${url}${icd("A09")}`, 2);

  // after the animation, a real pointer click on the other slice
  await page.goto(`${url}/?startDate=2025-03-01&endDate=2025-03-31`);
  await chartAtRest(page, "chart-icd10");
  const j18 = (await points(page, "chart-icd10")).get("J18.9")!;
  await page.mouse.click(j18.x, j18.y);
  await listShows(page, `${url}${icd("J18.9")}`, 2);
  assert.deepEqual(s.errors, []);
});

Deno.test("browser: a chart whose call fails is logged and left empty; an empty period says so", async () => {
  await using s = await session();
  const { page, url } = s;
  const consoleErrors: string[] = [];
  page.on("console", (m) => m.type() === "error" && consoleErrors.push(m.text()));
  await login(page, url);
  await seed(s);
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
  assert.equal((await table(page, "chart-dpjp")).length, 1);
  assert.equal(
    await page.locator("[data-counter=pasien_readmisi_count] .stat-value").innerText(),
    "0",
  );
});
