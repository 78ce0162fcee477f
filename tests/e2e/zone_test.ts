/** A WITA hospital in an English browser: its times read back as entered, its days cut at WITA midnight. */
import assert from "node:assert/strict";
import { launch, open, pick, serve } from "./harness.ts";
import { screen, SIZES, world } from "./screens_steps.ts";

Deno.test("screens: a WITA hospital's times read back as entered; its days cut at WITA midnight", async () => {
  const srv = await serve();
  const browser = await launch();
  try {
    const s = await screen(browser, srv.url, SIZES[0]);
    const { page, api } = s;
    await world(api);
    const dewi = await api.post("/api/pasien/update", {
      id: "",
      erm: "000789",
      first_name: "Dewi",
      last_name: "",
      gender: "P",
      tgl_lahir: "1980-01-01",
    });
    assert.equal(dewi.status, 200, JSON.stringify(dewi.body));
    // the profile's time zone, chosen on the settings page
    await open(page, srv.url, "/pengaturan");
    await pick(page, page.locator("#profil-rs-timezone"), "WITA", "WITA (Asia/Makassar, UTC+8)");
    await page.locator("#profil-rs button:has-text('Simpan')").click();
    await page.locator(".toast", { hasText: "Data Berhasil di Simpan" }).waitFor();
    const profile = await api.json("/api/setting/hospital");
    assert.equal(profile.body.data.timezone, "Asia/Makassar");

    // admitted 00:30 WITA on 22-11-2026 (23:30 WIB the day before)
    await open(page, srv.url, "/ipd");
    await page.click("button:has-text('Tambah Kunjungan')");
    const m = page.locator(".modal", { hasText: "Tambah Kunjungan" });
    await pick(page, m.locator("#visit-pasien"), "000789", "000789 - Dewi");
    await m.locator("#visit-visitDate").fill("22-11-2026 00:30");
    await pick(page, m.locator("#visit-room"), "mel", "Melati");
    await pick(page, m.locator("#visit-dpjp"), "budi", "dr. Budi");
    await m.locator("button:has-text('Simpan')").click();
    await m.waitFor({ state: "detached" });
    const stays = await api.json("/api/ipd?draw=1&start=0&length=10&statusFilter=semua");
    const stay = stays.body.data.find((v: { pasien: { erm: string } }) =>
      v.pasien.erm === "000789"
    );
    assert.equal(stay.visitDate, "2026-11-21T16:30:00.000Z");
    // shown as entered, in the list and on the stay's page (and its print, with WITA)
    await page.locator(".dt-table tbody tr", { hasText: "22-11-2026" }).first().waitFor();
    await open(page, srv.url, `/ipd/${stay._id}`);
    assert.match(await page.locator(".ipd-header").innerText(), /Masuk 22-11-2026 00:30/);
    await page.goto(`${srv.url}/ipd/${stay._id}/print`);
    assert.match(await page.locator(".print-facts").first().innerText(), /22-11-2026 00:30 WITA/);
    // the day filter cuts at WITA midnight
    const listed = async (day: string) => {
      await open(page, srv.url, `/ipd?statusFilter=semua&dateRange=${day}%20/%20${day}`);
      return await page.locator(".dt-table tbody tr", { hasText: "Dewi" }).count();
    };
    assert.equal(await listed("2026-11-22"), 1);
    assert.equal(await listed("2026-11-21"), 0);
    // the edit form reads it back as entered
    await open(page, srv.url, "/ipd");
    await page.locator(".dt-table tbody tr", { hasText: "Dewi" }).locator("button:has-text('Edit')")
      .click();
    const edit = page.locator(".modal", { hasText: "Edit Kunjungan" });
    assert.equal(await edit.locator("#visit-visitDate").inputValue(), "22-11-2026 00:30");
    assert.deepEqual(s.errors, []);
    await s.close();
  } finally {
    await browser.close();
    await srv.close();
  }
});
