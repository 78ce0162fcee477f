import assert from "node:assert/strict";
import { users } from "../../lib/auth/auth.ts";
import { login, PASSWORD, session } from "./harness.ts";

Deno.test("browser: pages need login; wrong password is told; login lands on the start page", async () => {
  await using s = await session();
  const { page, url } = s;
  await page.goto(`${url}/provinsi`);
  assert.equal(page.url(), `${url}/auth/login?next=%2Fprovinsi`);
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
  // the start page (dashboard) loads the first-run checklist's 'Muat data wilayah resmi' (no
  // regions yet), its period form (date fields) and charts islands only (the period's charts,
  // then the present's)
  assert.equal(await page.locator("script[type=module]").count(), 1);
  assert.deepEqual(
    await page.locator("[data-island]").evaluateAll((els) => els.map((e) => e.dataset.island)),
    ["RegionLoad", "PeriodForm", "DashboardCharts", "DashboardCharts"],
  );
  await page.click("button:has-text('Keluar')");
  await page.waitForURL(`${url}/auth/login`);
  assert.deepEqual(s.errors, []);
});

Deno.test("browser: a printed first password leads to Ganti Password; once changed, the start page opens", async () => {
  await using s = await session();
  const { page, url } = s;
  // the state the first start leaves when it generated and printed the password (ensureAdmin)
  const col = users(s.store);
  const id = (await col.idBy("username", "admin"))!;
  await col.update(id, (old) => ({ ...old, mustChangePassword: true }));
  await page.goto(`${url}/auth/login`);
  await page.waitForSelector("[data-hydrated=true]");
  await page.fill("#hospitalCode", "RS01");
  await page.fill("#username", "admin");
  await page.fill("#password", PASSWORD);
  await page.click("button:has-text('Masuk')");
  await page.waitForURL(`${url}/akun/password`);
  assert.match(await page.locator(".alert-danger").innerText(), /Password awal harus diganti/);
  // another screen typed in the address bar comes back here
  await page.goto(`${url}/pasien`);
  assert.equal(page.url(), `${url}/akun/password`);
  await page.waitForSelector("[data-island=PasswordForm][data-hydrated=true]");
  await page.fill("#pw-old", PASSWORD);
  await page.fill("#pw-new", "kopi-tubruk-pagi-hari");
  await page.fill("#pw-confirm", "kopi-tubruk-pagi-hari");
  await page.click("button:has-text('Simpan')");
  await page.click(".dialog:has-text('Berhasil') button:has-text('OK')");
  await page.waitForURL(`${url}/`);
  await page.goto(`${url}/pasien`);
  assert.equal(page.url(), `${url}/pasien`);
  assert.deepEqual(s.errors, []);
});
