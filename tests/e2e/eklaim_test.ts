import assert from "node:assert/strict";
import { join } from "node:path";
import type { Page, Request } from "playwright-core";
import { users } from "../../lib/auth/auth.ts";
import { hashPassword } from "../../lib/auth/password.ts";
import {
  admitAni,
  bridgeWorld,
  CASEMIX_NIK,
  dischargeStay,
  flow,
  NOW,
  simFor,
} from "../eklaim_bridge_fixtures.ts";
import { apiOf, launch, login, open, PASSWORD, pick, serve } from "./harness.ts";
import { dialog } from "./ipd_steps.ts";
import { klaimRow } from "./klaim_steps.ts";
import { violations } from "./axe.ts";
import { shot } from "./screens_steps.ts";

type T = Parameters<typeof bridgeWorld>[0];

/** A text of the panel's own code (components/eklaim/EklaimPanel.tsx). */
const PANEL_TEXT = "Finalkan klaim ini di E-Klaim";

/** The bundle's scripts (static/build, as the served app has it) that hold `text`. */
async function filesWith(text: string) {
  const dir = join(import.meta.dirname!, "..", "..", "static", "build");
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) {
    if (e.name.endsWith(".js") && (await Deno.readTextFile(join(dir, e.name))).includes(text)) {
      out.push(e.name);
    }
  }
  return out;
}

/** The E-Klaim buttons the panel offers now, in order. */
async function offered(page: Page) {
  await page.locator(".eklaim-actions").waitFor();
  return await page.locator(".eklaim-actions [data-eklaim]").evaluateAll((els) =>
    els.map((e) => e.textContent!.trim())
  );
}

/** Presses an E-Klaim step's button (confirming when it asks) and waits for its answer. */
async function step(page: Page, name: string, confirm = false) {
  const answered = page.waitForResponse((r) => r.request().method() === "POST");
  // by keyboard: the button focused and Enter, the confirmation's OK (focused first) by Enter
  await page.locator(".eklaim-actions button", { hasText: name }).focus();
  await page.keyboard.press("Enter");
  if (confirm) {
    await page.locator(".dialog button:has-text('OK'):focus").waitFor();
    await page.keyboard.press("Enter");
  }
  await answered;
  await page.locator(".eklaim-panel .blocker").waitFor({ state: "detached" });
}

Deno.test("browser: a clerk groups a stay in E-Klaim, replaces a refused code, picks a special CMG, finalises, prints and sends; a month sent from the Klaim page", async () => {
  const sim = simFor();
  const srv = await serve({ now: () => NOW });
  const browser = await launch();
  try {
    await users(srv.store).insert({
      fullname: "Petugas Casemix",
      email: "casemix@rs.test",
      phone: "",
      username: "casemix",
      gender: "",
      role: "casemix",
      passwordHash: await hashPassword(PASSWORD),
    });
    // the axe bundle is injected into the page: its CSP is bypassed for it
    const ctx = await browser.newContext({
      viewport: { width: 1366, height: 768 },
      bypassCSP: true,
    });
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await login(page, srv.url);
    const admin = { ...await apiOf(page, srv.url), store: srv.store } as unknown as T;
    const w = await bridgeWorld(admin, sim);
    const id = await admitAni(admin, w);
    await dischargeStay(admin, w, id);
    await ctx.clearCookies();
    await login(page, srv.url, "casemix");
    const t = { ...await apiOf(page, srv.url), store: srv.store } as unknown as T;
    assert.equal((await t.post("/api/user/nik", { nik: CASEMIX_NIK })).status, 200);

    // the stay page: the bridge's panel is not downloaded with the page, only once the clerk
    // opens it (by keyboard: the button focused and Enter); then only 'Grouping E-Klaim' is
    // offered before any grouping
    const asked: string[] = [];
    const loaded = (r: Request) => asked.push(new URL(r.url()).pathname.split("/").pop()!);
    page.on("request", loaded);
    await open(page, srv.url, `/ipd/${id}`);
    const panelFiles = await filesWith(PANEL_TEXT);
    assert.equal(panelFiles.length, 1);
    assert.ok(asked.some((f) => f.endsWith(".js")), "the page's scripts were seen");
    assert.deepEqual(
      asked.filter((f) => panelFiles.includes(f)),
      [],
      "the panel came with the page",
    );
    for (const v of await violations(page)) errors.push(`stay page, bridge closed: ${v}`);
    await shot(page, "eklaim-stay-closed");
    await page.locator("[data-eklaim-open]").focus();
    await page.keyboard.press("Enter");
    assert.deepEqual(await offered(page), ["Grouping E-Klaim"]);
    assert.deepEqual(asked.filter((f) => panelFiles.includes(f)), panelFiles);
    assert.equal(await page.getAttribute("[data-eklaim-open]", "aria-expanded"), "true");
    page.off("request", loaded);
    // E-Klaim refuses the app's S73.0 for iDRG (a header in ICD-10-IM): the message on the code
    await step(page, "Grouping E-Klaim");
    const refused = page.locator("[data-refused='S73.0']");
    assert.match(await refused.innerText(), /Ditolak E-Klaim.*: /);
    assert.match(
      await page.locator("[data-eklaim-error]").innerText(),
      /E-Klaim menolak kode iDRG S73\.0/,
    );
    assert.equal(await page.locator(".eklaim-steps li.ok").count(), 4);
    // replaced through E-Klaim's own iDRG code search, then grouped again
    await pick(page, refused.locator("input[role=combobox]"), "S73", "S73.02");
    await page.locator("[data-edit=idrg_diagnosa]", { hasText: "S73.02" }).waitFor();
    await shot(page, "eklaim-stay-refused");
    await step(page, "Grouping E-Klaim");
    assert.equal(await page.locator("[data-eklaim-error]").count(), 0);
    assert.match(await page.locator("[data-idrg-drg]").innerText(), /^1807119 Hip Revision/);
    assert.match(await page.locator("[data-inacbg-cbg]").innerText(), /^M-1-04-I /);
    assert.equal(await page.locator("[data-inacbg-tarif]").innerText(), "Rp 31.713.400");
    assert.deepEqual(await offered(page), ["Grouping E-Klaim", "Final"]);
    assert.equal(await page.locator(".eklaim-steps li.ok").count(), 9);
    for (const v of await violations(page)) errors.push(`stay page, grouped: ${v}`);
    await shot(page, "eklaim-stay-grouped");

    // a special CMG picked with the keyboard, then Final (confirmed)
    await page.focus("#eklaim-cmg-0");
    await page.selectOption("#eklaim-cmg-0", "RR04Hip");
    await step(page, "Final", true);
    assert.equal(await page.locator("[data-eklaim-status]").innerText(), "Final (E-Klaim)");
    assert.equal(await page.locator("[data-inacbg-tarif]").innerText(), "Rp 49.713.400");
    assert.match(await page.locator("[data-inacbg-special]").innerText(), /RR-04-III-Hip/);
    assert.deepEqual(await offered(page), ["Kirim", "Edit ulang", "Cetak"]);

    // Cetak: E-Klaim's Lembar Berkas Klaim
    const pdf = ctx.waitForEvent("response", (r) => r.url().endsWith(`/api/eklaim/${id}/print`));
    await page.click("[data-eklaim=print]");
    const res = await pdf;
    assert.deepEqual([res.status(), res.headers()["content-type"]], [200, "application/pdf"]);

    await step(page, "Kirim", true);
    assert.equal(await page.locator("[data-eklaim-status]").innerText(), "Terkirim");
    assert.deepEqual(await offered(page), ["Cetak"]);
    // the stay's package is E-Klaim's, with its source
    await open(page, srv.url, `/ipd/${id}`);
    assert.match(
      await page.locator("[data-paket=eklaim]").innerText(),
      /M-1-04-I[\s\S]*E-Klaim 5\.10\.0/,
    );

    // a second stay grouped and final through the API; the month sent from the Klaim page
    const budi = (await t.post("/api/pasien/update", {
      id: "",
      erm: "000888",
      first_name: "Budi",
      last_name: "",
      gender: "L",
      tgl_lahir: "1970-01-01",
      nomor_kartu: "0000668870002",
    })).body.data._id;
    const b = await admitAni(t, w, { sep: "0301R0011126V000888", pasien: budi });
    await dischargeStay(t, w, b);
    assert.equal((await flow(t, b, "group", { idrg_diagnosa: "S73.02" })).status, 200);
    assert.equal((await flow(t, b, "final")).status, 200);
    await open(page, srv.url, "/klaim");
    await klaimRow(page, "000888").waitFor();
    await page.fill("#eklaim-month", "2026-11");
    await page.click("button:has-text('Kirim sebulan')");
    await dialog(page, "Kirim klaim sebulan", "2026-11");
    await page.locator(".eklaim-month .alert-success", { hasText: "1 dari 1 klaim final terkirim" })
      .waitFor();
    // a row's claim in the dialog: sent, only Cetak left
    await klaimRow(page, "000888").locator("button:has-text('E-Klaim')").click();
    await page.locator(".modal [data-eklaim-status]", { hasText: "Terkirim" }).waitFor();
    assert.deepEqual(await offered(page), ["Cetak"]);
    for (const v of await violations(page)) errors.push(`Klaim page, dialog: ${v}`);
    await shot(page, "eklaim-klaim-dialog");
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await srv.close();
    await sim.close();
  }
});
