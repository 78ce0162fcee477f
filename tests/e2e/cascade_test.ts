import assert from "node:assert/strict";
import { importRegions, login, openTable, rowWith, session } from "./harness.ts";

Deno.test("browser: province -> regency -> district cascade in the village form", async () => {
  await using s = await session();
  const { page, url } = s;
  await importRegions(s.store, 3);
  await login(page, url);
  await openTable(page, url, "/kelurahan");
  await page.click("button:has-text('Tambah Kelurahan')");
  const modal = page.locator(".modal");
  const province = modal.getByLabel("Provinsi");
  const regency = modal.getByLabel("Kabupaten/Kota");
  const district = modal.getByLabel("Kecamatan");
  assert.equal(await regency.isDisabled(), true);
  assert.equal(await district.isDisabled(), true);

  const pick = async (input: typeof province, typed: string, option: string) => {
    await input.click();
    await input.fill(typed);
    await page.locator(`[role=option]:has-text('${option}')`).click();
  };
  await pick(province, "sumatera", "Sumatera Utara");
  assert.equal(await regency.isDisabled(), false);
  // only the chosen province's regencies are offered
  await regency.click();
  await page.waitForSelector("[role=option]");
  assert.deepEqual(await page.locator("[role=option]").allInnerTexts(), [
    "Kabupaten Tapanuli Tengah",
  ]);
  await page.keyboard.press("Escape");
  await pick(province, "aceh", "Aceh");
  assert.equal(await regency.inputValue(), ""); // changing the parent cleared the child
  await pick(regency, "selatan", "Kabupaten Aceh Selatan");
  assert.equal(await district.isDisabled(), false);
  await pick(district, "kluet", "Kluet Utara");
  await modal.getByLabel("Kode").fill("11.01.02.2005");
  await modal.getByLabel("Nama").fill("Desa Uji");
  await page.click(".modal button:has-text('Simpan')");
  await page.waitForSelector(".modal", { state: "detached" });
  assert.match(await rowWith(page, "Desa Uji"), /11\.01\.02\.2005\s+Desa Uji\s+Kluet Utara/);
  assert.deepEqual(s.errors, []);
});
