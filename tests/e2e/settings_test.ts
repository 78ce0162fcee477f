import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Locator, Page } from "playwright-core";
import { PNG } from "../images.ts";
import { importRegions, login, open, pick, session } from "./harness.ts";

/** Opens the settings page and waits until every island on it is live. */
const openSettings = (page: Page, url: string) => open(page, url, "/pengaturan");

/** Drops the session and opens the login page (the toasts would cover the logout button). */
async function loggedOut(page: Page, url: string) {
  await page.context().clearCookies();
  await page.goto(`${url}/auth/login`);
}

/** Saves a settings section and waits for the success toast. */
async function save(page: Page, section: Locator) {
  await section.locator("button:has-text('Simpan')").click();
  await page.locator(".toast", { hasText: "Data Berhasil di Simpan" }).waitFor();
}

Deno.test("browser: hospital profile is saved and shown after reload", async () => {
  await using s = await session();
  const { page, url } = s;
  await login(page, url);
  await page.click(".sidebar a:has-text('Pengaturan')");
  await page.waitForURL(`${url}/pengaturan`);
  await openSettings(page, url);
  const sec = page.locator("#profil-rs");
  assert.match(await sec.innerText(), /belum bisa dipilih; lengkapi: Regional, Kelas Rumah Sakit/);
  const field = (label: string) => sec.getByLabel(label);
  await field("Nama Rumah Sakit").fill("RSUD Sehat Sentosa");
  await pick(page, field("Regional"), "3", "Regional 3");
  await pick(page, field("Kelas Rumah Sakit"), "c", "C");
  await pick(page, field("Kepemilikan"), "swa", "Swasta");
  await pick(page, field("Jenis Rumah Sakit"), "umum", "Rumah Sakit Umum");
  // a fresh install offers no zone: someone picks it
  assert.equal(await field("Zona Waktu").inputValue(), "");
  await pick(page, field("Zona Waktu"), "wib", "WIB");
  await save(page, sec);
  assert.match(await sec.innerText(), /Regional 3, Kelas C, Swasta/);

  await page.reload();
  await openSettings(page, url);
  assert.equal(await field("Nama Rumah Sakit").inputValue(), "RSUD Sehat Sentosa");
  assert.equal(await field("Regional").inputValue(), "Regional 3");
  assert.equal(await field("Kelas Rumah Sakit").inputValue(), "C");
  assert.equal(await field("Kepemilikan").inputValue(), "Swasta");
  assert.equal(await field("Jenis Rumah Sakit").inputValue(), "Rumah Sakit Umum");
  assert.match(await sec.innerText(), /Tarif INA-CBG yang berlaku: Regional 3, Kelas C, Swasta/);
  // a second save from the reloaded form carries the version it was loaded at
  await pick(page, field("Kepemilikan"), "pem", "Pemerintah");
  await save(page, sec);
  assert.match(await sec.innerText(), /Kelas C, Pemerintah/);
  assert.deepEqual(s.errors, []);
});

Deno.test("browser: default address cascade; changing the province clears the lower selects", async () => {
  await using s = await session();
  const { page, url } = s;
  await importRegions(s.store);
  await login(page, url);
  await openSettings(page, url);
  const sec = page.locator("#alamat-default");
  const field = (label: string) => sec.getByLabel(label);
  const [province, regency, district, village] = [
    "Provinsi",
    "Kabupaten/Kota",
    "Kecamatan",
    "Kelurahan",
  ]
    .map(field);
  const disabled = () => Promise.all([regency, district, village].map((l) => l.isDisabled()));
  assert.deepEqual(await disabled(), [true, true, true]);

  await pick(page, province, "aceh", "Aceh");
  assert.deepEqual(await disabled(), [false, true, true]);
  await pick(page, regency, "selatan", "Kabupaten Aceh Selatan");
  assert.deepEqual(await disabled(), [false, false, true]);
  await pick(page, district, "bakongan", "Bakongan");
  assert.deepEqual(await disabled(), [false, false, false]);
  // only the chosen district's villages are offered
  await village.click();
  await page.waitForSelector("[role=option]");
  assert.deepEqual(await page.locator("[role=option]").allInnerTexts(), [
    "Keude Bakongan",
    "Ujong Mangki",
  ]);
  await page.locator("[role=option]:has-text('Ujong Mangki')").click();

  await pick(page, province, "sumatera", "Sumatera Utara");
  assert.deepEqual(
    await Promise.all([regency, district, village].map((l) => l.inputValue())),
    ["", "", ""],
  );
  assert.deepEqual(await disabled(), [false, true, true]);

  await pick(page, province, "aceh", "Aceh");
  await pick(page, regency, "selatan", "Kabupaten Aceh Selatan");
  await pick(page, district, "kluet", "Kluet Utara");
  await pick(page, village, "fajar", "Fajar Harapan");
  await field("Alamat").fill("Jl. Merdeka No. 1");
  await field("Kode Pos").fill("2377");
  await sec.locator("button:has-text('Simpan')").click();
  await page.locator(".dialog", { hasText: "Kode Pos harus 5 angka." }).waitFor();
  await page.click(".dialog button:has-text('OK')");
  await field("Kode Pos").fill("23773");
  await save(page, sec);

  await page.reload();
  await openSettings(page, url);
  assert.deepEqual(
    await Promise.all([province, regency, district, village].map((l) => l.inputValue())),
    ["Aceh", "Kabupaten Aceh Selatan", "Kluet Utara", "Fajar Harapan"],
  );
  assert.equal(await field("Alamat").inputValue(), "Jl. Merdeka No. 1");
  assert.equal(await field("Kode Pos").inputValue(), "23773");
  assert.deepEqual(s.errors, []);
});

Deno.test("browser: login background upload, size refusal, shown on the login page", async () => {
  await using s = await session();
  const { page, url } = s;
  await login(page, url);
  await openSettings(page, url);
  const sec = page.locator("#latar-login");
  const input = sec.locator("input[type=file]");
  const preview = sec.locator("img.bg-preview");
  assert.equal(await preview.count(), 0);

  await input.setInputFiles({ name: "latar.png", mimeType: "image/png", buffer: Buffer.from(PNG) });
  await page.locator(".toast", { hasText: "Gambar latar tersimpan." }).waitFor();
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>("img.bg-preview");
    return img?.complete && img.naturalWidth === 1;
  });
  const src = await preview.getAttribute("src");

  // over 1,000,000 bytes: refused before sending, nothing changes
  const big = Buffer.alloc(1_000_001);
  await input.setInputFiles({ name: "besar.png", mimeType: "image/png", buffer: big });
  await page.locator(".dialog", {
    hasText: "Ukuran gambar paling besar 1.000.000 byte (berkas ini 1.000.001 byte).",
  }).waitFor();
  await page.click(".dialog button:has-text('OK')");
  // text dressed up as a PNG: the server checks the bytes
  await input.setInputFiles({
    name: "palsu.png",
    mimeType: "image/png",
    buffer: Buffer.from("bukan gambar"),
  });
  await page.locator(".dialog", { hasText: "Berkas bukan gambar PNG, JPEG atau WebP" }).waitFor();
  await page.click(".dialog button:has-text('OK')");
  assert.equal(await preview.getAttribute("src"), src);

  await loggedOut(page, url);
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>("main.login-page > img.login-bg");
    return img?.complete && img.naturalWidth === 1;
  });

  await login(page, url);
  await openSettings(page, url);
  await sec.locator("button:has-text('Hapus gambar')").click();
  await page.click(".dialog button:has-text('Yes, delete it!')");
  await page.locator(".toast", { hasText: "Gambar latar dihapus." }).waitFor();
  assert.equal(await preview.count(), 0);
  await loggedOut(page, url);
  assert.equal(await page.locator("img.login-bg").count(), 0);
  assert.deepEqual(s.errors, []);
});
