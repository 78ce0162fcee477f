import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { loadConfig } from "../../lib/config.ts";
import { BAD_CODE_MESSAGE } from "../../lib/licence/client.ts";
import { ensureDemoLicence, startDemoLicence } from "../../lib/licence/demo.ts";
import { validateLicence } from "../../lib/licence/licence.ts";
import { readLicence } from "../../lib/licence/record.ts";
import { startLicenceServer } from "../../lib/licence/server.ts";
import { codes } from "../licence_helpers.ts";
import { PASSWORD, session } from "./harness.ts";

/** The app with the real licence check against the shipped service on a free port. */
async function licensedSession(graceDays = 7) {
  const known = codes();
  const svc = startLicenceServer({ codes: known });
  const s = await session({ config: { licenceUrl: svc.url, licenceGraceDays: graceDays } });
  let stopped = false;
  return {
    ...s,
    svc,
    codes: known,
    async stopService() {
      stopped = true;
      await svc.close();
    },
    async [Symbol.asyncDispose]() {
      await s[Symbol.asyncDispose]();
      if (!stopped) await svc.close();
    },
  };
}

/** Waits for the shared dialog, returns its kind, title and text, and presses OK. */
async function dialog(page: Page): Promise<{ icon: string; title: string; text: string }> {
  const box = page.locator(".dialog");
  await box.waitFor();
  const icon = (await box.getAttribute("class"))!.replace(/.*dialog-(\w+).*/, "$1");
  const title = await box.locator("h2").innerText();
  const text = (await box.locator(".dialog-text p").allInnerTexts()).join("\n");
  await box.locator("button:has-text('OK')").click();
  await box.waitFor({ state: "detached" });
  return { icon, title, text };
}

async function fillLogin(page: Page, url: string, code: string) {
  await page.goto(`${url}/auth/login`);
  await page.waitForSelector("[data-island=LoginForm][data-hydrated=true]");
  await page.fill("#hospitalCode", code);
  await page.fill("#username", "admin");
  await page.fill("#password", PASSWORD);
  await page.click("button:has-text('Masuk')");
}

Deno.test("browser: licence validation with the shipped service, agreement, then login", async () => {
  await using s = await licensedSession();
  const { page, url } = s;
  await page.goto(`${url}/auth/login`);
  await page.waitForURL(`${url}/validation`); // no licence yet
  await page.waitForSelector("[data-island=LicenceForm][data-hydrated=true]");

  await page.click("button:has-text('Validasi')");
  assert.equal(
    await page.locator(".alert-danger").innerText(),
    "Kode Rumah Sakit tidak boleh kosong",
  );

  await page.click("button:has-text('Perjanjian Lisensi')");
  const modal = page.locator(".modal[role=dialog]");
  assert.equal(await modal.locator("h2").innerText(), "Perjanjian Lisensi");
  assert.match(await modal.innerText(), /Hanya Kode Rumah Sakit yang dikirim/);
  await modal.locator("button:has-text('Tutup')").click();
  await modal.waitFor({ state: "detached" });

  await page.fill("#hospitalCode", "NOPE");
  await page.click("button:has-text('Validasi')");
  assert.deepEqual(await dialog(page), {
    icon: "error",
    title: "Gagal",
    text: "Kode Rumah Sakit NOPE tidak terdaftar pada layanan lisensi.",
  });
  await page.fill("#hospitalCode", "../RS01");
  await page.click("button:has-text('Validasi')");
  assert.deepEqual(await dialog(page), {
    icon: "error",
    title: "Error!",
    text: `Terjadi kesalahan saat mengambil data\n${BAD_CODE_MESSAGE}`,
  });
  assert.deepEqual(s.svc.requests, ["/menara-activation/NOPE"]);

  await page.fill("#hospitalCode", "RS01");
  await page.click("button:has-text('Validasi')");
  await page.waitForURL(`${url}/auth/login`);
  await page.waitForSelector("[data-island=LoginForm][data-hydrated=true]");
  assert.equal(await page.inputValue("#hospitalCode"), "RS01"); // the validated code
  await page.click("button:has-text('Perjanjian Lisensi')");
  await page.locator(".modal[role=dialog] button:has-text('Tutup')").click();
  await fillLogin(page, url, "RS01");
  await page.waitForURL(`${url}/`);
  assert.equal(await page.locator(".alert-warning").count(), 0, "no grace banner when online");
  assert.deepEqual(s.errors, []);
});

Deno.test("browser: service stopped → offline warning; within grace → login with a banner", async () => {
  for (const graceDays of [0, 7]) {
    await using s = await licensedSession(graceDays);
    const { page, url } = s;
    await validateLicence(s.store, s.config, "RS01", { mayReplace: false });
    await s.stopService();
    await fillLogin(page, url, "RS01");
    if (graceDays === 0) {
      assert.deepEqual(await dialog(page), {
        icon: "warning",
        title: "Peringatan",
        text: "Tidak ada koneksi internet. Silakan periksa jaringan Anda dan coba lagi.",
      });
      assert.equal(page.url(), `${url}/auth/login`);
    } else {
      await page.waitForURL(`${url}/`);
      assert.match(
        await page.locator(".content > .alert-warning").innerText(),
        /masa tenggang lisensi sampai \d\d-\d\d-\d{4} \d\d:\d\d WIB/,
      );
    }
    assert.deepEqual(s.errors, []);
  }
});

Deno.test("browser: a licence no longer active stays; an administrator replaces it on the validation page", async () => {
  await using s = await licensedSession();
  const { page, url } = s;
  await validateLicence(s.store, s.config, "RS01", { mayReplace: false });
  s.codes.RS01.actived = false;
  await fillLogin(page, url, "RS01");
  const told = await dialog(page);
  assert.deepEqual([told.icon, told.title], ["info", "Lisensi tidak aktif"]);
  assert.match(told.text, /^Lisensi tidak aktif\.\nHubungi penyedia lisensi/);
  assert.equal((await readLicence(s.store))?.hospitalCode, "RS01", "kept");

  await page.goto(`${url}/validation`);
  await page.waitForSelector("[data-island=LicenceForm][data-hydrated=true]");
  await page.fill("#hospitalCode", "RS02");
  await page.click("button:has-text('Validasi')");
  const refused = await dialog(page);
  assert.equal(refused.title, "Error!");
  assert.match(refused.text, /sudah tervalidasi untuk Kode Rumah Sakit RS01/);
  await page.fill("#username", "admin");
  await page.fill("#password", PASSWORD);
  await page.click("button:has-text('Validasi')");
  await page.waitForURL(`${url}/auth/login`);
  await page.waitForSelector("[data-island=LoginForm][data-hydrated=true]");
  assert.equal(await page.inputValue("#hospitalCode"), "RS02");
  await fillLogin(page, url, "RS02");
  await page.waitForURL(`${url}/`);
  assert.deepEqual(s.errors, []);
});

Deno.test("browser: demo mode shows its badge and the demo code logs in", async () => {
  const demo = startDemoLicence(loadConfig({ get: () => undefined }));
  try {
    await using s = await session({ config: demo.config });
    await ensureDemoLicence(s.store, demo.config);
    const { page, url } = s;
    await page.goto(`${url}/validation`);
    assert.equal(await page.locator(".demo-badge").innerText(), "Mode demo");
    await fillLogin(page, url, "DEMO");
    assert.equal(await page.locator(".login-page > .demo-badge").innerText(), "Mode demo");
    await page.waitForURL(`${url}/`);
    assert.equal(await page.locator(".topbar .demo-badge").innerText(), "Mode demo");
    assert.deepEqual(s.errors, []);
  } finally {
    await demo.server.close();
  }
});

Deno.test("browser: a login answer not from this server is told, then the page reloads; a failed request is told", async () => {
  await using s = await session();
  const { page, url } = s;
  await page.route(
    "**/auth/login",
    (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad Gateway</h1>" })
        : route.fallback(),
  );
  await fillLogin(page, url, "RS01");
  const reloaded = page.waitForEvent("load");
  assert.deepEqual(await dialog(page), {
    icon: "error",
    title: "Error!",
    text: "Respon tidak valid dari server.",
  });
  await reloaded;
  await page.waitForSelector("[data-island=LoginForm][data-hydrated=true]");
  assert.equal(await page.inputValue("#password"), "", "reloaded: the form starts over");
  await page.unroute("**/auth/login");
  await page.route(
    "**/auth/login",
    (route) => route.request().method() === "POST" ? route.abort() : route.fallback(),
  );
  await fillLogin(page, url, "RS01");
  assert.equal(
    await page.locator(".alert-danger").innerText(),
    "Internal Server Error. Please try again later.",
  );
});
