import assert from "node:assert/strict";
import { login, PASSWORD, session } from "./harness.ts";

Deno.test("browser: pages need login; wrong password is told; login lands on the start page", async () => {
  await using s = await session();
  const { page, url } = s;
  await page.goto(`${url}/provinsi`);
  assert.equal(page.url(), `${url}/auth/login`);
  await page.waitForSelector("[data-hydrated=true]");
  await page.fill("#hospitalCode", "RS01");
  await page.fill("#username", "admin");
  await page.fill("#password", `${PASSWORD}-salah`);
  await page.click("button:has-text('Masuk')");
  assert.equal(await page.locator(".alert-danger").innerText(), "Username atau password salah.");
  await login(page, url);
  assert.match(await page.locator(".topbar").innerText(), /Petugas Rekam Medis/);
  const nav = await page.locator(".sidebar").textContent() ?? "";
  for (const t of ["Data Wilayah", "Provinsi", "Kabupaten/Kota", "Kecamatan", "Kelurahan"]) {
    assert.match(nav, new RegExp(t));
  }
  // the start page (dashboard) loads its period form (date fields) and charts islands only (the
  // period's charts, then the present's)
  assert.equal(await page.locator("script[type=module]").count(), 1);
  assert.deepEqual(
    await page.locator("[data-island]").evaluateAll((els) => els.map((e) => e.dataset.island)),
    ["PeriodForm", "DashboardCharts", "DashboardCharts"],
  );
  await page.click("button:has-text('Keluar')");
  await page.waitForURL(`${url}/auth/login`);
  assert.deepEqual(s.errors, []);
});
