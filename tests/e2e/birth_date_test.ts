/**
 * A birth date typed by keyboard (issue 43) at 1366x768 and 1024x768, English browser: in the
 * patient form of /pasien (a future one refused at its field first), in the visit form's
 * new-patient modal, and where a stay's readiness (DATA_KLAIM) links for a patient stored
 * without one; each saved and read back as DD-MM-YYYY.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { launch, open, rowWith, serve } from "./harness.ts";
import { screen, SIZES } from "./screens_steps.ts";
import { focused, tabTo } from "./forms_steps.ts";
import { admission, type Api, claimReady, seedIpd } from "../ipd_fixtures.ts";
import { collectionOf } from "../../lib/resource/resource.ts";
import { registry } from "../../resources/mod.ts";
import type { Store } from "../../lib/db/store.ts";

/** Tomorrow in Jakarta (the test hospital's zone) as typed: DD-MM-YYYY. */
function tomorrow(): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Jakarta" }).format(new Date());
  const day = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return day.split("-").reverse().join("-");
}

/** Waits until the element `id` has the focus. */
const focusOn = (page: Page, id: string) =>
  page.waitForFunction((id) => document.activeElement?.id === id, id);

/** /pasien: ERM, name and birth date typed, Enter saves; the table and the edit form say it. */
async function masterForm(page: Page, url: string, erm: string) {
  const F = "#dt-api-pasien-f";
  await open(page, url, "/pasien");
  await page.click("button:has-text('Tambah Pasien')");
  const m = page.locator(".modal", { hasText: "Tambah Pasien" });
  await focusOn(page, "dt-api-pasien-f-erm"); // the form opens on its first field
  await page.keyboard.type(erm);
  await tabTo(page, `${F}-first_name`);
  await page.keyboard.type("Ani");
  await tabTo(page, `${F}-tgl_lahir`);
  await page.keyboard.type(tomorrow());
  await page.keyboard.press("Enter");
  const said = m.locator(`${F}-tgl_lahir-error`);
  await said.waitFor();
  assert.match(await said.innerText(), /^Tanggal lahir tidak boleh setelah hari ini/);
  assert.equal(await focused(page), "dt-api-pasien-f-tgl_lahir");
  await page.keyboard.press("Control+A");
  await page.keyboard.type("1508198"); // as on a keypad, one digit short: refused
  // the last digit makes the field valid at once, before any render: an Enter pressed right
  // after it on a slow PC saves (it used to find the partial date's refusal and do nothing)
  const valid = await page.evaluate((id) => {
    const el = document.getElementById(id) as HTMLInputElement;
    const partial = el.checkValidity();
    el.value = "15081985";
    el.dispatchEvent(new Event("input", { bubbles: true }));
    return [partial, el.checkValidity()];
  }, "dt-api-pasien-f-tgl_lahir");
  assert.deepEqual(valid, [false, true]);
  await page.keyboard.press("Enter");
  await m.waitFor({ state: "detached" });
  assert.match(await rowWith(page, erm), /Ani\s.*15-08-1985/s);
  await page.locator("tr", { hasText: erm }).locator("button:has-text('Edit')").click();
  const edit = page.locator(".modal", { hasText: "Edit Pasien" });
  assert.equal(await edit.locator(`${F}-tgl_lahir`).inputValue(), "15-08-1985");
  await page.keyboard.press("Escape");
  await edit.waitFor({ state: "detached" });
}

/** The visit form's 'Pasien Baru': the birth date typed, saved, the patient chosen in place. */
async function visitModal(page: Page, url: string, erm: string) {
  await open(page, url, "/ipd");
  await page.click("button:has-text('Tambah Kunjungan')");
  const m = page.locator(".modal", { hasText: "Tambah Kunjungan" });
  await m.locator("button:has-text('Pasien Baru')").click();
  const pm = page.locator(".modal", { hasText: "Tambah Pasien" });
  await focusOn(page, "pasien-baru-erm");
  await page.keyboard.type(erm);
  await tabTo(page, "#pasien-baru-first_name");
  await page.keyboard.type("Budi");
  await tabTo(page, "#pasien-baru-tgl_lahir");
  await page.keyboard.type("02-11-1980");
  await page.keyboard.press("Enter");
  await pm.waitFor({ state: "detached" });
  assert.equal(await m.locator("#visit-pasien").inputValue(), `${erm} - Budi`);
  await open(page, url, "/pasien");
  assert.match(await rowWith(page, erm), /Budi\s.*02-11-1980/s);
}

/** The DATA_KLAIM item of the stay page's checklist. */
const dataKlaim = (page: Page) => page.locator('.claim-rules li[data-rule="DATA_KLAIM"]');

/**
 * A patient stored before the birth date (none on the record) with a stay that has its SEP and
 * class: the stay page's readiness blocks on the birth date; its link, followed by keyboard,
 * opens the patient's form, where the date typed and Enter clear the finding.
 */
async function fromReadiness(
  page: Page,
  url: string,
  store: Store,
  api: Api,
  w: Awaited<ReturnType<typeof seedIpd>>,
  i: number,
) {
  const erm = `00073${i}`;
  const pasienId = (await collectionOf(store, registry.get("pasien")!).insert({
    erm,
    first_name: "Lama",
    last_name: "",
    fullname: "Lama",
    gender: "L",
  })).value._id;
  const r = await api.post("/api/ipd/update", admission(w, { pasienId, ...claimReady(i + 1) }));
  assert.equal(r.status, 200, JSON.stringify(r.body));
  await open(page, url, `/ipd/${r.body.data._id}`);
  assert.equal(await dataKlaim(page).getAttribute("data-status"), "blok");
  // the checklist is folded while the patient is admitted: opened and followed by keyboard
  await page.locator("#kelengkapan-klaim > summary").focus();
  await page.keyboard.press("Enter");
  assert.match(await dataKlaim(page).innerText(), /tanggal lahir pasien belum diisi\./);
  await dataKlaim(page).getByRole("link", { name: "Perbaiki Tgl. lahir pasien" }).focus();
  await page.keyboard.press("Enter");
  const m = page.locator(".modal", { hasText: "Edit Pasien" });
  await m.waitFor();
  assert.equal(await m.locator("#dt-api-pasien-f-erm").inputValue(), erm);
  await focusOn(page, "dt-api-pasien-f-erm");
  await tabTo(page, "#dt-api-pasien-f-tgl_lahir");
  await page.keyboard.type("31-01-1950");
  await page.keyboard.press("Enter");
  await m.waitFor({ state: "detached" });
  // the row was on the page before the save: wait for the table's reload to show the date
  await page.locator(".dt-table tbody tr", { hasText: erm }).filter({ hasText: "31-01-1950" })
    .waitFor();
  assert.match(await rowWith(page, erm), /Lama\s.*31-01-1950/s);
  await page.goBack();
  await page.reload();
  assert.equal(await dataKlaim(page).getAttribute("data-status"), "ok");
}

Deno.test("birth date by keyboard: the patient form, the visit form's new patient and a readiness finding's link, read back as DD-MM-YYYY", async () => {
  const srv = await serve();
  const browser = await launch();
  try {
    let w: Awaited<ReturnType<typeof seedIpd>> | null = null;
    for (const [i, size] of SIZES.entries()) {
      const s = await screen(browser, srv.url, size);
      await masterForm(s.page, srv.url, `00071${i}`);
      await visitModal(s.page, srv.url, `00072${i}`);
      w ??= await seedIpd(s.api);
      await fromReadiness(s.page, srv.url, srv.store, s.api, w, i);
      assert.deepEqual(s.errors, []);
      await s.close();
    }
  } finally {
    await browser.close();
    await srv.close();
  }
});
