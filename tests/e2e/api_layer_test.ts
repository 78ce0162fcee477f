import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { login, openTable, session } from "./harness.ts";

/** The dialog's text once it shows `title`; presses its OK. */
async function dialogText(page: Page, title: string) {
  const d = page.locator(".dialog", { hasText: title });
  await d.waitFor();
  const text = await d.innerText();
  await d.locator("button:has-text('OK')").click();
  return text;
}

/** Signed in, on the province table, with the add form filled (Kode 11, Aceh). */
async function filledForm(page: Page, url: string) {
  await login(page, url);
  await openTable(page, url, "/provinsi");
  await page.click("button:has-text('Tambah Provinsi')");
  await page.getByLabel("Kode").fill("11");
  await page.getByLabel("Nama").fill("Aceh");
}

/** Signed in, on the province table, with one province saved through the form. */
async function savedProvince(page: Page, url: string) {
  await filledForm(page, url);
  await page.click(".modal button:has-text('Simpan')");
  await page.waitForSelector(".modal", { state: "detached" });
  // the table has reloaded: no request of it is still on its way
  await page.waitForSelector(".dt-table tbody tr:has-text('Aceh')");
}

/** The password asked for in place (components/ui/Relogin.tsx), the page kept; then Batal. */
async function reloginRefused(page: Page) {
  await page.waitForSelector(".dialog.relogin:has-text('Sesi berakhir')");
  assert.equal(await page.locator(".modal").count(), 1);
  await page.click(".dialog.relogin button:has-text('Batal')");
}

Deno.test("browser: a save after the session ended asks for the password in place; refused, says so and goes to the login page to come back", async () => {
  await using s = await session();
  const { page, url } = s;
  await filledForm(page, url);
  await page.context().clearCookies(); // the session ends (idle limit, logout elsewhere)
  await page.click(".modal button:has-text('Simpan')");
  await reloginRefused(page);
  assert.match(
    await dialogText(page, "Error!"),
    /Terjadi kesalahan: Sesi tidak valid, silakan login kembali\./,
  );
  await page.waitForURL(`${url}/auth/login?next=%2Fprovinsi`);
  assert.deepEqual(s.errors, []);
});

Deno.test("browser: a delete after the session ended asks for the password; refused, says the status and goes to the login page", async () => {
  await using s = await session();
  const { page, url } = s;
  await savedProvince(page, url);
  await page.context().clearCookies();
  // a row action of the table: the delete, confirmed
  await page.click(".dt-table tbody tr >> nth=0 >> button:has-text('Hapus')");
  await page.click(".dialog button:has-text('Yes, delete it!')");
  await page.waitForSelector(".dialog.relogin:has-text('Sesi berakhir')");
  await page.click(".dialog.relogin button:has-text('Batal')");
  assert.match(
    await dialogText(page, "Error!"),
    /Status 401: Sesi tidak valid, silakan login kembali\./,
  );
  await page.waitForURL(`${url}/auth/login?next=%2Fprovinsi`);
});

Deno.test("browser: a save of a record changed meanwhile says it is stale and keeps the form", async () => {
  await using s = await session();
  const { page, url } = s;
  await savedProvince(page, url);
  await page.click(".dt-table tbody tr >> nth=0 >> button:has-text('Edit')");
  // meanwhile the same record is saved from elsewhere (as this form would send it)
  const saved = await page.evaluate(async () => {
    const form = document.querySelector<HTMLFormElement>(".modal form")!;
    const body = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
    return (await fetch("/api/province/update", { method: "POST", body })).status;
  });
  assert.equal(saved, 200);
  await page.getByLabel("Nama").fill("Nanggroe Aceh");
  await page.click(".modal button:has-text('Simpan')");
  assert.match(
    await dialogText(page, "Error!"),
    /Terjadi kesalahan: Data ini sudah diubah oleh pengguna lain\. Muat ulang halaman/,
  );
  assert.equal(await page.locator(".modal").count(), 1);
  assert.equal(page.url(), `${url}/provinsi`);
});
