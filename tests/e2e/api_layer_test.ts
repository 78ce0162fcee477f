import assert from "node:assert/strict";
import { login, openTable, session } from "./harness.ts";

/** The dialog's text once it shows `title`; presses its OK. */
async function dialogText(page: import("playwright-core").Page, title: string) {
  const d = page.locator(".dialog", { hasText: title });
  await d.waitFor();
  const text = await d.innerText();
  await d.locator("button:has-text('OK')").click();
  return text;
}

Deno.test("browser: a save after the session ended says so, then goes to the login page", async () => {
  await using s = await session();
  const { page, url } = s;
  await login(page, url);
  await openTable(page, url, "/provinsi");
  await page.click("button:has-text('Tambah Provinsi')");
  await page.getByLabel("Kode").fill("11");
  await page.getByLabel("Nama").fill("Aceh");
  await page.context().clearCookies(); // the session ends (idle limit, logout elsewhere)
  await page.click(".modal button:has-text('Simpan')");
  assert.match(
    await dialogText(page, "Error!"),
    /Terjadi kesalahan: Sesi tidak valid, silakan login kembali\./,
  );
  await page.waitForURL(`${url}/auth/login`);
  assert.deepEqual(s.errors, []);
});

Deno.test("browser: a delete after the session ended says the status, then goes to the login page", async () => {
  await using s = await session();
  const { page, url } = s;
  await login(page, url);
  await openTable(page, url, "/provinsi");
  await page.click("button:has-text('Tambah Provinsi')");
  await page.getByLabel("Kode").fill("11");
  await page.getByLabel("Nama").fill("Aceh");
  await page.click(".modal button:has-text('Simpan')");
  await page.waitForSelector(".modal", { state: "detached" });
  await page.context().clearCookies();
  // a row action of the table: the delete, confirmed
  await page.click(".dt-table tbody tr >> nth=0 >> button:has-text('Hapus')");
  await page.click(".dialog button:has-text('Yes, delete it!')");
  assert.match(
    await dialogText(page, "Error!"),
    /Status 401: Sesi tidak valid, silakan login kembali\./,
  );
  await page.waitForURL(`${url}/auth/login`);
});
