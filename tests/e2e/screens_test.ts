/**
 * The screens clinic staff really have: 1366x768 and 1024x768, the browser in English (en-US).
 * Lists fit, dates read and typed DD-MM-YYYY HH:mm, the stay's package kept through an ungraded
 * examination, a WITA hospital's times, the print page and the skip link.
 * With SCREENSHOTS=dir set, the screens are also saved there as PNG.
 */
import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import { launch, open, pick, serve } from "./harness.ts";
import { overflow, screen, shot, SHOTS, SIZES, world } from "./screens_steps.ts";

Deno.test("screens: every list fits 1366 and 1024 px with its buttons visible; print and skip link", async () => {
  const srv = await serve();
  const browser = await launch();
  try {
    let seeded: Awaited<ReturnType<typeof world>> | null = null;
    for (const size of SIZES) {
      const s = await screen(browser, srv.url, size);
      seeded ??= await world(s.api);
      const { page } = s;
      await open(page, srv.url, "/");
      const paths = await page.$$eval(
        ".sidebar a[href^='/']",
        (as) => as.map((a) => a.getAttribute("href")!),
      );
      assert.ok(paths.includes("/ipd") && paths.includes("/discharge-patient"));
      for (const path of paths) {
        await open(page, srv.url, path);
        assert.deepEqual(await overflow(page), [], `${path} at ${size[0]} px`);
      }
      await open(page, srv.url, "/ipd");
      assert.equal(await page.locator(".dt-table tbody tr").count(), 1);
      await shot(page, `ipd-${size[0]}`);
      await open(page, srv.url, "/discharge-patient");
      assert.equal(await page.locator(".dt-table tbody tr").count(), 1);
      await shot(page, `discharge-${size[0]}`);
      // below 1280 px the sidebar folds behind 'Menu'
      const menu = page.locator("label.nav-toggle");
      assert.equal(await menu.isVisible(), size[0] < 1280);
      assert.equal(await page.locator("#sidebar").isVisible(), size[0] >= 1280);
      if (size[0] < 1280) {
        await menu.click();
        await page.locator("#sidebar a", { hasText: "Kunjungan Rawat Inap" }).waitFor();
        await shot(page, `menu-${size[0]}`);
        await page.locator(".nav-backdrop").click({ position: { x: size[0] - 20, y: 400 } });
        await page.locator("#sidebar").waitFor({ state: "hidden" });
      }

      // the skip link is the first Tab stop and moves focus to the content
      await open(page, srv.url, "/ipd");
      await page.keyboard.press("Tab");
      assert.equal(
        await page.evaluate(() => (document.activeElement as HTMLElement).innerText),
        "Lewati ke konten",
      );
      assert.equal(await page.locator(".skip-link").isVisible(), true);
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => document.activeElement?.id === "konten");
      await page.keyboard.press("Tab"); // the next stop is inside the content, not the sidebar
      assert.equal(
        await page.evaluate(() => !!document.activeElement?.closest("#konten")),
        true,
      );

      // the print page of a stay: 'Cetak' opens it; A4, clean in print
      await open(page, srv.url, `/ipd/${seeded.gone._id}`);
      const [printed] = await Promise.all([
        page.context().waitForEvent("page"),
        page.click("a:has-text('Cetak')"),
      ]);
      await printed.waitForLoadState();
      assert.equal(new URL(printed.url()).pathname, `/ipd/${seeded.gone._id}/print`);
      const sheet = await printed.locator(".print-sheet").innerText();
      for (
        const text of [
          "RSU Uji Casemix",
          "Ringkasan Rawat Inap",
          "Rahma (000456)",
          "20-10-2026 22:00 WIB",
          "30-10-2026 11:00 WIB",
          "10 Hari",
          "J18.9 - Pneumonia, unspecified",
          "93.96 - Other oxygen enrichment",
          "Atas Persetujuan Dokter",
          "Rp 5.000.000",
          "Rp 7.000.000",
          "-40,00 %",
        ]
      ) assert.ok(sheet.includes(text), `print page shows ${text}:\n${sheet}`);
      await printed.emulateMedia({ media: "print" });
      assert.equal(await printed.locator(".print-tools").isVisible(), false);
      assert.equal(await printed.locator(".sidebar").count(), 0);
      if (SHOTS) {
        await printed.screenshot({ path: `${SHOTS}/print-${size[0]}.png`, fullPage: true });
      }
      const pdf = await printed.pdf({ format: "A4", preferCSSPageSize: true });
      assert.ok(pdf.length > 1000);
      await printed.close();
      // the lists print as clean tables: no filters, buttons or sidebar
      await open(page, srv.url, "/discharge-patient");
      await page.emulateMedia({ media: "print" });
      assert.equal(await page.locator(".sidebar").isVisible(), false);
      assert.equal(await page.locator(".ipd-filters").isVisible(), false);
      assert.equal(await page.locator("td.actions").first().isVisible(), false);
      assert.equal(await page.locator(".dt-table").isVisible(), true);
      await page.emulateMedia({ media: "screen" });
      assert.deepEqual(s.errors, []);
      await s.close();
    }
  } finally {
    await browser.close();
    await srv.close();
  }
});

Deno.test("screens: dates show and take DD-MM-YYYY HH:mm in an English browser; the package is kept", async () => {
  const srv = await serve();
  const browser = await launch();
  try {
    const s = await screen(browser, srv.url, SIZES[1]);
    const { page, api } = s;
    const { w, open: stay } = await world(api);

    // the admission form: DD-MM-YYYY HH:mm, typed or picked from the calendar
    await open(page, srv.url, "/ipd");
    await page.click("button:has-text('Tambah Kunjungan')");
    const m = page.locator(".modal", { hasText: "Tambah Kunjungan" });
    const date = m.locator("#visit-visitDate");
    assert.match(await date.inputValue(), /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
    assert.equal(await date.getAttribute("placeholder"), "DD-MM-YYYY HH:mm");
    await date.fill("05-11-2026 14:30");
    await m.locator(".date-input-btn").first().click();
    const cal = m.locator(".calendar");
    assert.equal(await cal.locator(".calendar-head span").innerText(), "November 2026");
    assert.equal(await cal.locator("[aria-pressed=true]").innerText(), "5");
    await page.keyboard.press("ArrowRight"); // keyboard: the next day, Enter picks it
    await page.keyboard.press("Enter");
    assert.equal(await date.inputValue(), "06-11-2026 14:30");
    assert.equal(await cal.count(), 0);
    await date.fill("31-02-2026 10:00");
    assert.equal(await date.getAttribute("aria-invalid"), "true");
    await date.fill("07-11-2026 23:45");
    assert.equal(await date.getAttribute("aria-invalid"), null);
    await pick(page, m.locator("#visit-pasien"), "000123", "000123 - Siti");
    // Siti already has an open stay: the server says so at her field, and the time typed is kept
    await pick(page, m.locator("#visit-room"), "mel", "Melati");
    await pick(page, m.locator("#visit-dpjp"), "budi", "dr. Budi");
    await m.locator("button:has-text('Simpan')").click();
    await page.waitForFunction(() => document.activeElement?.id === "visit-pasien");
    assert.match(await m.locator("#visit-pasien-error").innerText(), /masih dirawat/);
    assert.equal(await date.inputValue(), "07-11-2026 23:45");
    await m.locator("button:has-text('Batal')").click();

    // the list filter's dates: DD-MM-YYYY
    const from = page.locator("#dirawat-from");
    assert.equal(await from.getAttribute("placeholder"), "DD-MM-YYYY");
    await from.fill("02-11-2026");
    await page.waitForURL(/dateRange=2026-11-02/);
    await page.waitForFunction(() =>
      document.querySelector(".dt-table tbody")?.textContent?.includes("Tidak ada data")
    );
    await from.fill("01-11-2026");
    await page.waitForFunction(() => document.querySelectorAll(".dt-table tbody tr td").length > 1);
    assert.match(
      await page.locator(".dt-table tbody tr").first().innerText(),
      /01-11-2026\s+08:00/,
    );

    // the package: an examination without a grouping keeps the stay's INA-CBG package
    await open(page, srv.url, `/ipd/${stay._id}`);
    await page.click("button:has-text('Tambah Pemeriksaan')");
    const e = page.locator(".modal", { hasText: "Tambah Pemeriksaan" });
    // the form starts from the previous examination's grouping and class
    await page.waitForFunction(() =>
      document.querySelector<HTMLSelectElement>("#exam-tarifinacbgSelect")?.value === "second"
    );
    assert.match(await e.locator("#exam-grouping").inputValue(), /J-4-16-I\b/);
    assert.equal(await e.locator("#exam-tarif_ina").inputValue(), "Rp 5.000.000");
    const examDate = e.locator("#exam-date");
    assert.match(await examDate.inputValue(), /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
    await examDate.fill("02-11-2026 09:15");
    await e.locator(".select-clear").last().click(); // no grouping this time
    await page.waitForFunction(() =>
      document.querySelector<HTMLInputElement>("#exam-tarif_ina")?.value === ""
    );
    await e.getByLabel("Tarif RS (tagihan hari ini)").fill("4000000");
    await e.locator("button:has-text('Simpan')").click();
    await e.waitFor({ state: "detached" });
    await page.locator("[data-total=rs]", { hasText: "Rp 5.500.000" }).waitFor();
    assert.equal(await page.locator("[data-total=ina]").innerText(), "Rp 5.000.000");
    assert.equal(await page.locator("[data-total=pct]").innerText(), "-10,00 %");
    // the examinations' table is read again after the totals: wait for the new row
    await page.locator(".dt-table tbody tr", { hasText: /02-11-2026\s+09:15/ }).first().waitFor();
    // the list
    await open(page, srv.url, "/ipd");
    const row = await page.locator(".dt-table tbody tr").first().innerText();
    assert.match(row, /Rp 5\.000\.000/);
    assert.match(row, /-10,00 %/);
    // the export, as the button downloads it
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.click("a:has-text('Unduh Excel')"),
    ]);
    const wb = XLSX.read(await Deno.readFile((await download.path())!));
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(wb.Sheets[wb.SheetNames[0]]);
    assert.deepEqual([rows[0]["Total INA-CBG"], rows[0]["Analisa (%)"]], [5_000_000, -10]);
    // the dashboard's negative counter counts it
    await open(page, srv.url, "/");
    assert.equal(
      await page.locator("[data-counter=negativePercentage] .stat-value").innerText(),
      "1",
    );
    // the dashboard's period fields: DD-MM-YYYY
    assert.match(await page.locator("#period-start").inputValue(), /^01-\d{2}-\d{4}$/);
    assert.ok(w.j4);
    await shot(page, "dashboard-1024");
    assert.deepEqual(s.errors, []);
    await s.close();
  } finally {
    await browser.close();
    await srv.close();
  }
});
