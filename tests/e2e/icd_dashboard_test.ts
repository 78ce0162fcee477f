/**
 * Issue 29 in the browser (1366x768 and 1024x768, en-US): ICD search in Indonesian ('demam'
 * finds A01.0 and A90 in the ICD list and in an ICD-10 picker), whole ICD codes in the lists,
 * the dashboard's parts, its pie tooltip and negative money, and printed tables that fit A4.
 * With SCREENSHOTS=dir set, the screens are also saved there (icd-dash-*.png).
 */
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { admit, type Api, exam, postJson, type seedIpd } from "../ipd_fixtures.ts";
import { DASHBOARD_NOW, seedDashboard } from "../report_fixtures.ts";
import { BILINGUAL_ICD10 } from "../master_fixtures.ts";
import { apiOf, launch, login, open, openTable, rowCount, serve } from "./harness.ts";
import { SHOTS, SIZES } from "./screens_steps.ts";

/** The bilingual cut, with two codes the dashboard's stays use. */
const BILINGUAL = [
  ...BILINGUAL_ICD10,
  'J18.9,"Pneumonia, unspecified","Pneumonia , tidak spesifik"',
  "R56.8,Other and unspecified convulsions,Kejang lain dan tidak spesifik",
].join("\n");

const MARCH = "/?startDate=2025-03-01&endDate=2025-03-31";

type W = Awaited<ReturnType<typeof seedIpd>>;

const shot = async (page: Page, name: string, full = false) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/icd-dash-${name}.png`, fullPage: full });
};

/** A logged-in page at one of the two screen sizes, English browser, no chart animation. */
async function pageAt(browser: Browser, url: string, [width, height]: readonly number[]) {
  const ctx = await browser.newContext({
    viewport: { width, height },
    locale: "en-US",
    reducedMotion: "reduce",
  });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await login(page, url);
  return { page, errors };
}

/** The bilingual file, imported as it is (CSV) on the ICD page. */
async function importBilingual(page: Page, url: string) {
  await openTable(page, url, "/icd");
  assert.match(await page.locator(".dt-import label").innerText(), /Excel \.xlsx atau CSV/);
  const dir = await Deno.makeTempDir();
  const file = `${dir}/icd10_who_en_id_fendis0709.csv`;
  await Deno.writeTextFile(file, BILINGUAL);
  await page.setInputFiles(".dt-import input[type=file]", file);
  await page.click("button:has-text('Impor')");
  const done = page.locator(".dialog:has-text('Success!')");
  await done.waitFor();
  assert.match(await done.innerText(), /4 baru, 3 diperbarui, 0 tidak berubah/);
  await done.locator("button:has-text('OK')").click();
  await Deno.remove(dir, { recursive: true });
}

/** The options an open picker shows once they are the typed text's own. */
async function options(page: Page, input: string, typed: string) {
  await page.locator(input).click();
  await page.locator(input).fill(typed);
  const list = page.locator(".select-list:not(.stale)");
  await list.locator("[role=option]").first().waitFor();
  await page.waitForFunction(() => !document.querySelector(".select-list[aria-busy]"));
  return await list.locator("[role=option]").evaluateAll((lis) =>
    lis.map((li) => [
      li.firstChild!.textContent!.trim(),
      li.querySelector(".select-note")?.textContent ?? "",
    ])
  );
}

const DEMAM = [
  ["A01.0 - Typhoid fever", "Demam tifoid"],
  ["A90 - Dengue fever [classical dengue]", "Demam berdarah [dengue klasik]"],
  ["R50.9 - Fever, unspecified", "Demam, tidak spesifik"],
];

/** 'demam' in the ICD list, in its ICD-10 lookup and in the examination form's picker. */
async function icdInIndonesian(page: Page, url: string, stay: string, size: number) {
  await openTable(page, url, "/icd");
  await page.fill(".dt-toolbar input[type=search]", "demam");
  await rowCount(page, 3);
  const rows = await page.locator(".dt-table tbody tr").allInnerTexts();
  assert.match(rows[0], /A01\.0\s+A010\s+Typhoid fever\s+Demam tifoid/);
  assert.match(rows[1], /A90\s+A90\s+Dengue fever \[classical dengue\]\s+Demam berdarah/);
  assert.deepEqual(await options(page, ".dt-lookups input >> nth=0", "demam"), DEMAM);
  await shot(page, `icd-list-${size}`);

  // the examination form's diagnosis picker, in a tab of its own (nothing is saved)
  const tab = await page.context().newPage();
  await open(tab, url, `/ipd/${stay}`);
  await tab.click("button:has-text('Tambah Pemeriksaan')");
  assert.deepEqual(await options(tab, "#exam-diagnosis", "demam"), DEMAM);
  assert.deepEqual(await options(tab, "#exam-diagnosis", "demam tif"), [DEMAM[0]]);
  await shot(tab, `picker-${size}`);
  // picked, the English name is the value
  await tab.locator(".select-list [role=option]").first().click();
  assert.match(await tab.locator(".modal").innerText(), /A01\.0 - Typhoid fever/);
  await tab.close();
}

/** The dashboard of March 2025: its three parts, the pie's tooltip, negative money. */
async function dashboard(page: Page, url: string, size: number) {
  await open(page, url, MARCH);
  const part = (id: string) => page.locator(`section[aria-labelledby=${id}]`);
  const counters = (id: string) =>
    part(id).locator("[data-counter]").evaluateAll((as) => as.map((a) => a.dataset.counter));
  assert.deepEqual(await counters("dash-now"), [
    "pasien_baru",
    "pasien_sedang_dirawat",
    "pasien_pulang_hari_ini",
    "negativePercentage",
  ]);
  const negative = page.locator("[data-counter=negativePercentage]");
  assert.equal(await negative.locator(".stat-label").innerText(), "Pasien Tarif Negatif");
  assert.equal(await negative.locator(".stat-value").innerText(), "2");
  // the period form sits first in the part it filters, with exactly what follows the period
  assert.equal(
    await part("dash-period").locator(".dash-title + .island form.period-form").count(),
    1,
  );
  assert.deepEqual(await counters("dash-period"), ["pasien_readmisi_count", "siap", "perbaikan"]);
  for (const id of ["chart-icd10", "chart-icd9", "chart-tariff"]) {
    assert.equal(await part("dash-period").locator(`#${id}`).count(), 1, id);
  }
  assert.equal(await part("dash-care").locator("#chart-dpjp").count(), 1);

  // negative money: the sign before Rp
  const tariffRows = await page.locator("#chart-tariff .chart-data tbody tr").allInnerTexts();
  assert.match(tariffRows[1], /Negatif \(< 0%\)\s+1\s+-Rp 1\.000\.000/);
  assert.doesNotMatch(await page.locator("body").innerText(), /Rp -\d/);

  // the pie's tooltip names the code and its name (Indonesian where loaded), never the chart's title
  const canvas = page.locator("#chart-icd10 canvas[data-ready=true]");
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const points: { label: string; x: number; y: number }[] = JSON.parse(
    (await canvas.getAttribute("data-points"))!,
  );
  const a09 = points.find((p) => p.label === "A09")!;
  await page.mouse.move(box.x + a09.x, box.y + a09.y);
  await page.waitForFunction(() =>
    document.querySelector<HTMLElement>("#chart-icd10 canvas")?.dataset.tip
  );
  assert.equal(
    await canvas.getAttribute("data-tip"),
    // the Indonesian name, loaded with the bilingual list
    "A09 - Diare dan gastroenteritis oleh / penyebab penyakit menular / 2 pasien",
  );
  await shot(page, `tooltip-${size}`);
  await page.mouse.move(0, 0);
  await page.evaluate(() => scrollTo(0, 0));
  await shot(page, `dashboard-${size}`);
}

/**
 * A stay of February 2025 (outside the dashboard's March, discharged long ago) with long code
 * names in its discharge summary: K74.6, A09; 93.96.
 */
async function longCodes(api: Api, w: W) {
  const ok = async (r: Promise<{ status: number; body: any }>) => {
    const res = await r;
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.data;
  };
  const k746 = (await api.json("/api/icd/select2-icd10?q=K74.6")).body.results[0].id;
  const pasienId = (await ok(api.post("/api/pasien/update", {
    id: "",
    erm: "000999",
    first_name: "Yanti",
    last_name: "",
    gender: "P",
    tgl_lahir: "1980-01-01",
  })))._id;
  const stay = await admit(api, w, { pasienId, visitDate: "2025-02-10T08:00" });
  const dx = [k746, w.icd["A09"]];
  await ok(postJson(api, "/api/ipd/visitexamination/update", {
    ...exam(w, stay._id, { examinationDate: "2025-02-10T10:00", diagnosis: dx, keyword: [] }),
  }));
  await ok(postJson(api, "/api/ipd/discharge-patient/update", {
    id: stay._id,
    _version: (await api.json(`/api/ipd/${stay._id}`)).body.data._version,
    tanggal_pulang: "2025-02-12T10:00",
    dischargepatient: w.pulang,
    summary_diagnosis: dx,
    summary_tindakan: [w.icd["93.96"]],
  }));
}

/** The discharged list: every code whole, its description there in full, no sideways scroll. */
async function wholeCodes(page: Page, url: string, size: number) {
  await open(page, url, "/discharge-patient");
  const row = page.locator(".dt-table tbody tr", { hasText: "Yanti" });
  assert.match(
    await row.innerText(),
    /K74\.6 - Other and unspecified cirrhosis of liver\s+A09 - Diarrhoea and gastroenteritis of presumed infectious origin/,
  );
  const cut = await page.locator(".icd-list li").evaluateAll((lis) =>
    lis.filter((li) => {
      // the description is the text after the code
      const desc = document.createRange();
      desc.selectNode(li.lastChild!);
      return li.scrollWidth > li.clientWidth || getComputedStyle(li).textOverflow === "ellipsis" ||
        li.lastChild!.nodeType !== Node.TEXT_NODE || desc.getClientRects().length === 0;
    }).map((li) => li.textContent)
  );
  assert.deepEqual(cut, [], `${size}`);
  const wrap = await page.locator(".dt-wrap").evaluate((el) => [el.scrollWidth, el.clientWidth]);
  assert.ok(wrap[0] <= wrap[1], `${size}: ${wrap}`);
  await shot(page, `codes-${size}`);
}

/**
 * A page printed (print media at an A4 page's width between its 12 mm margins, 703 px): each
 * table's right edge, its border included, lies inside the page.
 */
async function printedFits(page: Page, table: string) {
  await page.emulateMedia({ media: "print" });
  const bar = await page.evaluate(() => innerWidth - document.documentElement.clientWidth);
  await page.setViewportSize({ width: 703 + bar, height: 1000 });
  const m = await page.locator(table).evaluateAll((ts) => ({
    rights: ts.map((t) => {
      const s = getComputedStyle(t);
      return t.getBoundingClientRect().right +
        (s.borderCollapse === "collapse" ? parseFloat(s.borderRightWidth) / 2 : 0);
    }),
    page: document.documentElement.clientWidth,
  }));
  assert.equal(m.page, 703);
  assert.ok(m.rights.length > 0, `${table}: none printed`);
  for (const right of m.rights) {
    assert.ok(right <= m.page, `${table}: right edge ${right} past ${m.page}`);
  }
}

/** The stay's A4 print and a list's print fit the page; codes no longer wrap into 4 lines. */
async function printFits(page: Page, url: string, stay: string, size: number) {
  const tab = await page.context().newPage();
  await open(tab, url, `/ipd/${stay}/print`);
  await printedFits(tab, ".print-table");
  // each code on one line or two, never four
  const lines = await tab.locator(".print-codes dd > div").evaluateAll((ds) =>
    ds.map((d) =>
      Math.round(d.getBoundingClientRect().height / parseFloat(getComputedStyle(d).lineHeight))
    )
  );
  assert.ok(lines.length >= 2 && lines.every((n) => n <= 2), `${lines}`);
  assert.ok((await tab.pdf({ format: "A4" })).length > 1000);
  await shot(tab, `print-${size}`, true);
  await open(tab, url, "/discharge-patient");
  await printedFits(tab, ".dt-table");
  await tab.close();
}

Deno.test("browser: Indonesian ICD search, whole codes, the dashboard's parts, tooltip and money, print on A4", async () => {
  const srv = await serve({ now: () => DASHBOARD_NOW });
  const browser = await launch();
  try {
    const at = [];
    for (const size of SIZES) at.push(await pageAt(browser, srv.url, size));
    const api = await apiOf(at[0].page, srv.url);
    const { w } = await seedDashboard(api);
    const stays = (await api.json("/api/ipd?statusFilter=semua&length=100")).body.data as {
      _id: string;
      readmisi: boolean;
      pasien: { erm: string };
    }[];
    const readmitted = stays.find((v) => v.readmisi)!._id; // J18.9 and A09, still admitted
    const today = stays.find((v) => v.pasien.erm === "000456")!._id;
    await importBilingual(at[0].page, srv.url);
    await longCodes(api, w);
    for (const [i, { page }] of at.entries()) {
      const size = SIZES[i][0];
      await icdInIndonesian(page, srv.url, today, size);
      await dashboard(page, srv.url, size);
      await wholeCodes(page, srv.url, size);
      await printFits(page, srv.url, readmitted, size);
    }
    assert.deepEqual(at.flatMap((a) => a.errors), []);
  } finally {
    await browser.close();
    await srv.close();
  }
});
