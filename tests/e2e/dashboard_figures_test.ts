/**
 * Issue 47 item 11 in the browser (1366x768 and 1024x768, en-US), on the 2nd of a month: 'Bulan
 * lalu' opens last month whole; the top-ICD and tariff charts in rupiah as well as patients;
 * Indonesian ICD names where the code set has them; the rupiah at risk of the admitted stays
 * below their package. With SCREENSHOTS=dir set, each size's dashboard is saved there
 * (dash-figures-*.png).
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { seedDashboard } from "../report_fixtures.ts";
import { BILINGUAL_ICD10 } from "../master_fixtures.ts";
import { importFile } from "../../lib/resource/importer.ts";
import { registry } from "../../resources/mod.ts";
import { apiOf, importRegions, launch, login, serve } from "./harness.ts";
import { SHOTS, SIZES } from "./screens_steps.ts";

/** 2 April 2025, 10:00 in Jakarta: this month is two days old, last month is March. */
const NOW = new Date("2025-04-02T03:00:00Z");
const TODAY = "2025-04-02";
const A09_ID = "Diare dan gastroenteritis oleh penyebab penyakit menular";
const A09_EN = "Diarrhoea and gastroenteritis of presumed infectious origin";

const canvasLabel = (page: Page, id: string) =>
  page.locator(`#${id} canvas[data-ready=true]`).getAttribute("aria-label");

/** Waits until the chart `id` is drawn with the accessible label `label`. */
const drawn = (page: Page, id: string, label: string) =>
  page.waitForFunction(
    ([id, label]) =>
      document.querySelector(`#${id} canvas[data-ready=true]`)?.getAttribute("aria-label") ===
        label,
    [id, label],
  ).catch(async (e) => {
    throw new Error(`${id}: ${await canvasLabel(page, id)} ≠ ${label}: ${e}`);
  });

Deno.test("browser: the dashboard on the 2nd: Bulan lalu, charts in rupiah, Indonesian ICD names, rupiah at risk", async () => {
  const srv = await serve({ now: () => NOW });
  const browser = await launch();
  try {
    let seeded = false;
    for (const [width, height] of SIZES) {
      const ctx = await browser.newContext({
        viewport: { width, height },
        locale: "en-US",
        reducedMotion: "reduce",
      });
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await login(page, srv.url);
      if (!seeded) {
        await seedDashboard(await apiOf(page, srv.url), TODAY);
        await importRegions(srv.store);
        const csv = new TextEncoder().encode(BILINGUAL_ICD10.join("\n"));
        await importFile(srv.store, registry, registry.get("icd")!, {
          name: "icd10_who_en_id_fendis0709.csv",
          bytes: csv,
        });
        seeded = true;
      }
      await page.goto(`${srv.url}/`);
      // the admitted stays below their package: -20 % (Rp 6.000.000 against Rp 5.000.000) and
      // -10 % (Rp 5.500.000 against Rp 5.000.000) today
      const risk = page.locator("[data-counter=negativePercentage]");
      assert.equal(await risk.locator(".stat-value").innerText(), "2");
      assert.equal(await risk.locator(".stat-more").innerText(), "Rp 1.500.000 di atas paket");

      // 'Bulan lalu' by keyboard: March whole
      const last = page.locator("form.period-form a:has-text('Bulan lalu')");
      await last.focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(`${srv.url}/?startDate=2025-03-01&endDate=2025-03-31`);
      assert.match(
        await page.locator(".period-note").innerText(),
        /Periode 01-03-2025 s\.d\. 31-03-2025/,
      );
      assert.equal(await last.getAttribute("aria-current"), "page");

      // by patients: A09 in 2 stays of March, its name in Indonesian, the English under it
      await drawn(
        page,
        "chart-icd10",
        "10 Diagnosis (ICD-10) Terbanyak: A09 2, J18.9 2",
      );
      const a09 = page.locator("#chart-icd10 .chart-data tbody tr").first();
      assert.deepEqual(
        await a09.locator("td").evaluateAll((tds) =>
          tds.map((td) => {
            const own = td.cloneNode(true) as HTMLElement;
            own.querySelector(".desc-en")?.remove();
            return own.textContent!.trim();
          })
        ),
        ["A09", A09_ID, "2", "Rp 10.000.000"],
      );
      assert.equal(await a09.locator(".desc-en").innerText(), A09_EN);
      await drawn(
        page,
        "chart-tariff",
        "Analisis Tarif INA-CBG dibanding Tarif RS: Positif (≥ 0%) 2, Negatif (< 0%) 1",
      );

      // by rupiah: the packages of the stays per code (5.000.000 each), the tariff differences
      await page.locator("fieldset.chart-by input[value=rupiah]").focus();
      await page.keyboard.press("Space");
      await drawn(
        page,
        "chart-tariff",
        "Analisis Tarif INA-CBG dibanding Tarif RS: Positif (≥ 0%) Rp 7.500.000, " +
          "Negatif (< 0%) Rp 1.000.000",
      );
      await drawn(
        page,
        "chart-icd10",
        "10 Diagnosis (ICD-10) Terbanyak: A09 Rp 10.000.000, J18.9 Rp 10.000.000",
      );
      await drawn(
        page,
        "chart-icd9",
        "10 Tindakan (ICD-9-CM) Terbanyak: 89.14 Rp 5.000.000, 93.96 Rp 5.000.000",
      );
      if (SHOTS) {
        await page.screenshot({ path: `${SHOTS}/dash-figures-${width}.png`, fullPage: true });
      }
      assert.deepEqual(errors, []);
      await ctx.close();
    }
  } finally {
    await browser.close();
    await srv.close();
  }
});
