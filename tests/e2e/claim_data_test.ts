/**
 * The stay's claim data entered by keyboard (issue 43): on the stay page, 'Edit Data Klaim'
 * opens the visit form; a SEP typed as it reads (spaces, small letters), the entitled class and
 * the way in already filled from the room and the IGD doctor, ICU days and a class upgrade, then
 * the stay page shows them. At 1366x768 (to Kelas 1) and 1024x768 (to VIP, with its surcharge).
 */
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { admit, seedIpd } from "../ipd_fixtures.ts";
import { launch, open, serve } from "./harness.ts";
import { at } from "./ipd_steps.ts";
import { screen, SIZES } from "./screens_steps.ts";
import { focused, inView, tabTo } from "./forms_steps.ts";

/** Types `text` into the focused field, then Tab. */
async function typeTab(page: Page, text: string) {
  await page.keyboard.type(text);
  await page.keyboard.press("Tab");
}

/** Enters the claim data by keyboard from the SEP field on; `vip` picks VIP instead of Kelas 1. */
async function enter(page: Page, sep: string, vip: boolean) {
  const m = page.locator(".modal", { hasText: "Edit Kunjungan" });
  await m.waitFor();
  // the room (Melati, class 2) gives the entitled class, the IGD doctor the way in
  await page.waitForFunction(() =>
    (document.getElementById("visit-kelas_rawat") as HTMLSelectElement).value === "2"
  );
  assert.equal(await m.locator("#visit-cara_masuk").inputValue(), "emd");
  await tabTo(page, "#visit-nomor_sep", 40);
  await typeTab(page, sep);
  assert.equal(await focused(page), "visit-kelas_rawat");
  await page.keyboard.press("Tab"); // the class stays Kelas 2
  await page.keyboard.press("Tab"); // the way in stays Dari Rawat Darurat
  assert.equal(await focused(page), "visit-icu_los");
  await typeTab(page, "1"); // replaces the 0 selected on entry
  assert.equal(await focused(page), "visit-upgrade_class_class");
  await page.keyboard.press(vip ? "End" : "ArrowDown");
  await page.keyboard.press("Tab");
  assert.equal(await focused(page), "visit-upgrade_class_los");
  await typeTab(page, "2");
  assert.equal(await focused(page), "visit-upgrade_class_payor");
  await page.keyboard.press("ArrowDown"); // Peserta
  if (vip) {
    await page.keyboard.press("Tab");
    assert.equal(await focused(page), "visit-add_payment_pct");
    await page.keyboard.type("35");
  }
  assert.equal(await inView(page.locator(`#${await focused(page)}`)), true);
  await tabTo(page, "button[type=submit]", 4); // Simpan
  await page.keyboard.press("Enter");
  await m.waitFor({ state: "detached" });
}

Deno.test("browser: a SEP and a class upgrade typed in the visit form show on the stay page", async () => {
  const srv = await serve();
  const browser: Browser = await launch();
  // one sign-in (it is most of the time), the window resized for the second size
  const s = await screen(browser, srv.url, SIZES[0]);
  try {
    const w = await seedIpd(s.api);
    for (const [n, [width, height]] of SIZES.entries()) {
      await s.page.setViewportSize({ width, height });
      const stay = await admit(s.api, w, { pasienId: n ? w.pasien2 : w.pasien, visitDate: at(-2) });
      await open(s.page, srv.url, `/ipd/${stay._id}`);
      const facts = s.page.locator("#data-klaim");
      assert.match(await facts.innerText(), /No\. SEP\s+Belum diisi/);
      await facts.locator("button:has-text('Edit Data Klaim')").click();
      const vip = n === 1;
      await enter(s.page, `0301r0011126 v00055${n}`, vip);
      await facts.getByText(`0301R0011126V00055${n}`).waitFor();
      const text = await facts.innerText();
      assert.match(text, /Hak Kelas\s+Kelas 2/);
      assert.match(text, /Cara Masuk\s+Dari Rawat Darurat/);
      assert.match(text, /Rawat ICU\s+1 hari/);
      assert.match(
        text,
        vip
          ? /Naik Kelas\s+VIP \(di atas Kelas 1\), 2 hari, Peserta, tambahan 35 %/
          : /Naik Kelas\s+Kelas 1, 2 hari, Peserta/,
      );
    }
    assert.deepEqual(s.errors, []);
  } finally {
    await s.close();
    await browser.close();
    await srv.close();
  }
});
