/**
 * Forms as a clerk uses them, keyboard first, at 1366x768 and 1024x768 with an English browser:
 * a refusal at its field, a patient still admitted said when picked, letters refused in a
 * phone number, 'Buang perubahan?' before changes are lost, a tall form's title and buttons
 * kept on screen, bare and impossible dates, Tab past a filled picker, a focus ring that shows.
 * With SCREENSHOTS=dir set, the points are also saved there as forms-*.png.
 */
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { admit, seedIpd } from "../ipd_fixtures.ts";
import { launch, open, serve } from "./harness.ts";
import { at } from "./ipd_steps.ts";
import { screen, SIZES } from "./screens_steps.ts";
import {
  backgroundOf,
  focused,
  inView,
  onScreen,
  ringStandsOut,
  shot,
  tabTo,
} from "./forms_steps.ts";

/** The patient form of the master list (ids `dt-api-pasien-f-*`). */
const F = "#dt-api-pasien-f";

/** A duplicate ERM at its field; letters refused in the phone; asking before changes are lost. */
async function patientForm(page: Page, url: string, size: string) {
  await open(page, url, "/pasien");
  await page.click("button:has-text('Tambah Pasien')");
  const m = page.locator(".modal", { hasText: "Tambah Pasien" });
  await m.waitFor();
  assert.equal(await focused(page), "dt-api-pasien-f-erm");
  await page.keyboard.type("000123"); // Siti's
  await tabTo(page, `${F}-first_name`);
  await page.keyboard.type("Duplikat");
  await tabTo(page, `${F}-tgl_lahir`);
  await page.keyboard.type("01-01-1980");
  await tabTo(page, `${F}-phone`);
  await page.keyboard.type("08ab12");
  await page.keyboard.press("Tab");
  assert.equal(await m.locator(`${F}-phone`).getAttribute("aria-invalid"), "true");
  assert.match(await m.locator(`${F}-phone-error`).innerText(), /^Telepon tidak sesuai format/);
  await shot(page, `phone-${size}`);
  await m.locator(`${F}-phone`).fill("0812 3456");

  // saved from the last field, the form scrolled down: the refusal comes back at No. ERM
  await m.locator(`${F}-postalCode`).focus();
  await m.locator(".modal-body").evaluate((b) => b.scrollTop = b.scrollHeight);
  await page.keyboard.press("Enter");
  const erm = m.locator(`${F}-erm`);
  await page.waitForFunction(() => document.activeElement?.id === "dt-api-pasien-f-erm");
  assert.equal(await m.locator(`${F}-erm-error`).innerText(), 'No. ERM "000123" sudah digunakan.');
  assert.equal(await erm.getAttribute("aria-invalid"), "true");
  assert.match(String(await erm.getAttribute("aria-describedby")), /dt-api-pasien-f-erm-error/);
  assert.equal(await inView(erm), true);
  assert.equal(await page.locator(".dialog").count(), 0); // no blocking popup
  await shot(page, `erm-${size}`);
  await page.keyboard.type("9"); // changing it takes the mark away
  assert.equal(await m.locator(`${F}-erm-error`).count(), 0);
  assert.equal(await erm.getAttribute("aria-invalid"), null);

  // Escape on a changed form asks; Escape again keeps it, and so does Enter (the safe button
  // has focus); only the discard button throws it away
  await page.keyboard.press("Escape");
  const ask = page.locator(".dialog", { hasText: "Buang perubahan?" });
  await ask.waitFor();
  await shot(page, `discard-${size}`);
  await page.keyboard.press("Escape");
  await ask.waitFor({ state: "detached" });
  assert.equal(await m.isVisible(), true);
  assert.equal(await erm.inputValue(), "0001239");
  await page.keyboard.press("Escape");
  await ask.waitFor();
  await page.keyboard.press("Enter");
  await ask.waitFor({ state: "detached" });
  assert.equal(await erm.inputValue(), "0001239");
  await page.keyboard.press("Escape");
  await ask.locator("button:has-text('Ya, buang perubahan')").click();
  await m.waitFor({ state: "detached" });

  // an unchanged form closes at once; × on a changed one asks too
  await page.click("button:has-text('Tambah Pasien')");
  await m.waitFor();
  await page.keyboard.press("Escape");
  await m.waitFor({ state: "detached" });
  assert.equal(await page.locator(".dialog").count(), 0);
  await page.click("button:has-text('Tambah Pasien')");
  await m.locator(`${F}-first_name`).fill("Ani");
  await m.locator(".modal-close").click();
  await ask.locator("button:has-text('Kembali ke formulir')").click();
  assert.equal(await m.locator(`${F}-first_name`).inputValue(), "Ani");
  await m.locator(".modal-close").click();
  await ask.locator("button:has-text('Ya, buang perubahan')").click();
  await m.waitFor({ state: "detached" });
}

/** The visit form: a patient still admitted said when picked; Tab past the picker; dates. */
async function visitForm(page: Page, url: string, size: string) {
  await open(page, url, "/ipd");
  await page.click("button:has-text('Tambah Kunjungan')");
  const m = page.locator(".modal", { hasText: "Tambah Kunjungan" });
  await m.waitFor();
  assert.equal(await focused(page), "visit-pasien");
  await page.keyboard.type("000123");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() =>
    (document.getElementById("visit-pasien") as HTMLInputElement).value === "000123 - Siti"
  );
  const said = m.locator("#visit-pasien-error");
  await said.waitFor();
  assert.match(
    await said.innerText(),
    /^Pasien Siti masih dirawat sejak \d\d-\d\d-\d{4} \d\d:\d\d/,
  );
  assert.equal(await m.locator("#visit-pasien").getAttribute("aria-invalid"), "true");
  await shot(page, `admitted-${size}`);

  // Tab from the filled picker lands in the next field, so typing goes on there
  await page.keyboard.press("Tab");
  assert.equal(await focused(page), "visit-visitDate");
  const day = at(-2).slice(0, 10).split("-").reverse().join("-"); // DD-MM-YYYY
  await page.keyboard.press("Control+A");
  await page.keyboard.type(day); // a bare date: that day at 00:00
  await page.keyboard.press("Tab");
  const date = m.locator("#visit-visitDate");
  assert.equal(await date.inputValue(), `${day} 00:00`);
  assert.equal(await date.getAttribute("aria-invalid"), null);
  assert.equal(await m.locator("#visit-visitDate-problem").count(), 0);
  await date.fill("31-11-2026");
  await page.keyboard.press("Tab");
  assert.equal(
    await m.locator("#visit-visitDate-problem").innerText(),
    "Tanggal tidak ada di kalender",
  );
  assert.equal(await date.getAttribute("aria-invalid"), "true");
  await shot(page, `date-${size}`);

  // Backspace clears a filled picker (its × is for the mouse)
  await m.locator("#visit-pasien").focus();
  await page.keyboard.press("Backspace");
  assert.equal(await m.locator("#visit-pasien").inputValue(), "");
  await m.locator("button:has-text('Pasien Baru')").waitFor();
  assert.equal(await m.locator("#visit-pasien-error").count(), 0);
  assert.equal(await m.locator(".select-clear").count(), 0);
  await m.locator("button:has-text('Batal')").click();
  await m.waitFor({ state: "detached" });
}

/** The examination form at 768 px: the body scrolls, the title and Simpan stay. */
async function tallForm(page: Page, url: string, stay: string, size: string) {
  await open(page, url, `/ipd/${stay}`);
  await page.click("button:has-text('Tambah Pemeriksaan')");
  const m = page.locator(".modal", { hasText: "Tambah Pemeriksaan" });
  await m.waitFor();
  const body = m.locator(".modal-body");
  const [scrolls, clientHeight] = await body.evaluate((b) => [b.scrollHeight, b.clientHeight]);
  assert.ok(scrolls > clientHeight, `the form fits at ${size}: nothing to scroll`);
  await m.locator("#exam-tarif_rs").focus(); // the last field
  assert.ok(await body.evaluate((b) => b.scrollTop) > 0);
  assert.equal(await page.locator(".modal-backdrop").evaluate((b) => b.scrollTop), 0);
  for (
    const el of [m.locator("h2"), m.locator(".modal-close"), m.locator("button:has-text('Simpan')")]
  ) {
    assert.equal(await onScreen(el), true, `${await el.innerText()} off screen at ${size}`);
  }
  assert.equal(await inView(m.locator("#exam-tarif_rs")), true);
  await shot(page, `tall-${size}`);
  await page.keyboard.press("Escape"); // nothing changed: closes at once
  await m.waitFor({ state: "detached" });
}

/** The focus ring stands out from the dark sidebar and from the light page. */
async function focusRing(page: Page, url: string, width: number) {
  await open(page, url, "/pasien");
  if (width < 1280) {
    await tabTo(page, "#nav-toggle");
    await page.keyboard.press("Space"); // 'Menu': the sidebar over the page
  }
  await tabTo(page, ".sidebar li a", 8);
  const link = page.locator(".sidebar li a:focus");
  await ringStandsOut(page, await backgroundOf(link), `sidebar link at ${width}`);
  await ringStandsOut(page, await backgroundOf(page.locator("#sidebar")), `sidebar at ${width}`);
  await shot(page, `ring-sidebar-${width}`);
  await open(page, url, "/pasien");
  await tabTo(page, ".dt-search", 60);
  await ringStandsOut(page, await backgroundOf(page.locator(".dt")), `input at ${width}`);
  await tabTo(page, ".dt-toolbar .btn-primary", 4); // 'Tambah Pasien'
  await ringStandsOut(page, await backgroundOf(page.locator("body")), `page at ${width}`);
  await ringStandsOut(page, await backgroundOf(page.locator(".dt")), `table card at ${width}`);
  await shot(page, `ring-page-${width}`);
}

Deno.test("forms: errors at the field, said early, never lost, tall forms, dates, Tab, focus ring", async () => {
  const srv = await serve();
  const browser: Browser = await launch();
  try {
    let stay = "";
    for (const size of SIZES) {
      const s = await screen(browser, srv.url, size);
      if (!stay) {
        const w = await seedIpd(s.api);
        stay = (await admit(s.api, w, { visitDate: at(-3) }))._id;
      }
      const name = String(size[0]);
      await patientForm(s.page, srv.url, name);
      await visitForm(s.page, srv.url, name);
      await tallForm(s.page, srv.url, stay, name);
      await focusRing(s.page, srv.url, size[0]);
      assert.deepEqual(s.errors, []);
      await s.close();
    }
  } finally {
    await browser.close();
    await srv.close();
  }
});
