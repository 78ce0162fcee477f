import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { admission, seedIpd } from "../ipd_fixtures.ts";
import { launch, open, pick, serve } from "./harness.ts";
import { at } from "./ipd_steps.ts";
import { screen, SIZES } from "./screens_steps.ts";

/**
 * The hospital tariff by E-Klaim's categories entered by keyboard at 1366x768 and 1024x768: in
 * the examination form (collapsed, the settings' category holding the rest), then moved at
 * discharge, and shown on the stay page and its print.
 */

/** Presses Tab until the control `id` has the focus (a clerk's way through the form). */
async function tabTo(page: Page, id: string, max = 30) {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate(() => document.activeElement?.id) === id) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached #${id}`);
}

/** The stay page's breakdown, category → amount shown. */
const shown = (page: Page) =>
  page.$$eval(
    ".stay-bill [data-bill]",
    (l) => Object.fromEntries(l.map((e) => [(e as HTMLElement).dataset.bill, e.textContent])),
  );

/** Whether the open modal is wider than its box or than the screen. */
const modalOverflow = (page: Page) =>
  page.$eval(".modal", (m) => m.scrollWidth > m.clientWidth + 1 || m.scrollWidth > innerWidth);

Deno.test("browser: a breakdown typed by keyboard at 1366 and 1024 px, moved at discharge, on the stay page and print", async () => {
  const srv = await serve();
  const browser = await launch();
  try {
    let w: Awaited<ReturnType<typeof seedIpd>> | null = null;
    for (const [n, size] of SIZES.entries()) {
      const s = await screen(browser, srv.url, size);
      const { page, api } = s;
      w ??= await seedIpd(api);
      const pasienId = n === 0 ? w.pasien : w.pasien2;
      const r = await api.post("/api/ipd/update", admission(w, { pasienId, visitDate: at(-2) }));
      const stay: { _id: string } = r.body.data;
      await open(page, srv.url, `/ipd/${stay._id}`);
      await page.locator(".stay-bill", { hasText: "Belum ada tagihan RS." }).waitFor();

      await page.getByRole("button", { name: "Tambah Pemeriksaan" }).focus();
      await page.keyboard.press("Enter");
      const m = page.locator(".modal", { hasText: "Tambah Pemeriksaan" });
      await m.waitFor();
      await page.locator("#exam-tarif_rs").focus();
      await page.keyboard.type("2000000");
      await page.keyboard.press("Tab");
      assert.equal(await page.evaluate(() => document.activeElement?.id), "exam-bill");
      assert.match(await m.locator("#exam-bill").innerText(), /Prosedur Non Bedah Rp 2\.000\.000/);
      await page.keyboard.press("Enter");
      await tabTo(page, "exam-rincian-laboratorium");
      await page.keyboard.type("300000");
      await tabTo(page, "exam-rincian-kamar");
      await page.keyboard.type("1200000");
      const rest = m.locator("#exam-rincian-prosedur_non_bedah");
      assert.equal(await rest.inputValue(), "Rp 500.000");
      assert.equal(await modalOverflow(page), false, `modal at ${size[0]} px`);
      const box = (await m.locator("#exam-rincian-kamar").boundingBox())!;
      assert.ok(box.x >= 0 && box.x + box.width <= size[0], `Kamar at ${box.x}`);
      if (n === 0) {
        // more than the tariff: said, the difference named, and not sent
        await tabTo(page, "exam-rincian-obat");
        await page.keyboard.type("600000");
        await m.locator("#exam-bill-error", {
          hasText: "Rincian tarif RS berjumlah Rp 2.100.000, Tarif RS Rp 2.000.000: selisih " +
            "Rp 100.000 (rincian lebih).",
        }).waitFor();
        // the browser's check stops the form at the first amount, Laboratorium
        await page.keyboard.press("Enter");
        assert.equal(
          await page.evaluate(() => document.activeElement?.id),
          "exam-rincian-laboratorium",
        );
        assert.equal((await api.json(`/api/ipd/${stay._id}/details`)).body.data.length, 0);
        await tabTo(page, "exam-rincian-obat");
        await page.keyboard.press("Control+A");
        await page.keyboard.press("Backspace");
        await m.locator("#exam-bill-error").waitFor({ state: "detached" });
      }
      await page.keyboard.press("Enter");
      await m.waitFor({ state: "detached" });
      await page.locator(".stay-bill [data-bill=kamar]").waitFor();
      assert.deepEqual(await shown(page), {
        prosedur_non_bedah: "Rp 500.000",
        laboratorium: "Rp 300.000",
        kamar: "Rp 1.200.000",
      });
      assert.deepEqual(s.errors, []);
      if (n === 0) {
        await s.close();
        continue;
      }

      // discharge: 250,000 moved from the rest (Prosedur Non Bedah) to Obat, the total kept
      await page.getByRole("button", { name: "Pulang", exact: true }).focus();
      await page.keyboard.press("Enter");
      const d = page.locator(".modal", { hasText: "Pasien Pulang" });
      await d.waitFor();
      await pick(page, d.locator("#discharge-method"), "setuju", "Atas Persetujuan Dokter");
      await d.locator("#discharge-bill").focus();
      await page.keyboard.press("Enter");
      await tabTo(page, "discharge-rincian-obat");
      await page.keyboard.type("250000");
      assert.equal(
        await d.locator("#discharge-rincian-prosedur_non_bedah").inputValue(),
        "Rp 250.000",
      );
      assert.equal(await modalOverflow(page), false, `discharge at ${size[0]} px`);
      await page.keyboard.press("Enter");
      // the stay has no diagnosis: asked first ('Isi diagnosis' focused), then confirmed
      const ask = page.locator(".dialog", { hasText: "Simpan tanpa diagnosis utama?" });
      await ask.locator("button:has-text('Ya, simpan tanpa diagnosis')").focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(`${srv.url}/discharge-patient`);
      await open(page, srv.url, `/ipd/${stay._id}`);
      assert.deepEqual(await shown(page), {
        prosedur_non_bedah: "Rp 250.000",
        laboratorium: "Rp 300.000",
        kamar: "Rp 1.200.000",
        obat: "Rp 250.000",
      });
      await page.goto(`${srv.url}/ipd/${stay._id}/print`);
      assert.equal(await page.locator(".print-bill [data-bill=obat]").innerText(), "Rp 250.000");
      assert.equal(await page.locator(".print-bill [data-bill=total]").innerText(), "Rp 2.000.000");
      assert.deepEqual(s.errors, []);
      await s.close();
    }
  } finally {
    await browser.close();
    await srv.close();
  }
});
