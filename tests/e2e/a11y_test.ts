/**
 * axe-core, run in the page: no serious or critical violation on the five main screens
 * (dashboard, patients, stays, claims, doctors) nor in the visit and examination forms, at both
 * screen sizes in an English browser.
 */
import assert from "node:assert/strict";
import { admit, exam, postJson, seedIpd } from "../ipd_fixtures.ts";
import { versionOf } from "../helpers.ts";
import { apiOf, launch, login, open, serve } from "./harness.ts";
import { shot, SIZES } from "./screens_steps.ts";
import { violations } from "./axe_steps.ts";

/** The screens the clerk works in, by path (routes/_nav.ts). */
const PAGES = ["/", "/pasien", "/ipd", "/klaim", "/dokter"];

Deno.test("a11y: axe finds no serious or critical violation on the main screens and forms", async () => {
  const srv = await serve();
  const browser = await launch();
  try {
    const found: string[] = [];
    let stay = "";
    for (const size of SIZES) {
      // the page's CSP refuses inline scripts: bypassed so axe's bundle can be injected
      const ctx = await browser.newContext({
        viewport: { width: size[0], height: size[1] },
        locale: "en-US",
        bypassCSP: true,
      });
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await login(page, srv.url);
      const tag = `${size[0]}`;
      if (!stay) {
        // an empty install first: the set-up checklist and the visit form's empty lists
        await open(page, srv.url, "/");
        await page.locator(".setup-checklist").waitFor();
        for (const v of await violations(page)) found.push(`${tag} fresh /: ${v}`);
        await open(page, srv.url, "/ipd");
        await page.click("button:has-text('Tambah Kunjungan')");
        await page.locator(".modal [data-empty-reason]").first().waitFor();
        for (const v of await violations(page)) found.push(`${tag} fresh visit form: ${v}`);
        const api = await apiOf(page, srv.url);
        const w = await seedIpd(api);
        stay = (await admit(api, w))._id;
        // a second stay examined and discharged: rows on the claim list and the dashboard
        const done = (await admit(api, w, { pasienId: w.pasien2 }))._id;
        assert.equal(
          (await postJson(api, "/api/ipd/visitexamination/update", exam(w, done))).status,
          200,
        );
        const out = await postJson(api, "/api/ipd/discharge-patient/update", {
          id: done,
          _version: await versionOf(srv, "ipd", done),
          tanggal_pulang: "2026-11-03T10:00",
          dischargepatient: w.pulang,
          summary_diagnosis: [w.icd["J18.9"]],
        });
        assert.equal(out.status, 200, JSON.stringify(out.body));
      }
      for (const path of PAGES) {
        await open(page, srv.url, path);
        if (path === "/klaim") await page.locator("tbody tr", { hasText: "000456" }).waitFor();
        for (const v of await violations(page)) found.push(`${tag} ${path}: ${v}`);
      }
      // the visit form
      await open(page, srv.url, "/ipd");
      await page.click("button:has-text('Tambah Kunjungan')");
      await page.locator(".modal #visit-room").waitFor();
      for (const v of await violations(page)) found.push(`${tag} visit form: ${v}`);
      await shot(page, `a11y-visit-form-${tag}`);
      // the examination form
      await open(page, srv.url, `/ipd/${stay}`);
      await page.click("button:has-text('Tambah Pemeriksaan')");
      await page.locator(".modal #exam-grouping").waitFor();
      for (const v of await violations(page)) found.push(`${tag} exam form: ${v}`);
      // with the grouping list open
      await page.focus("#exam-grouping");
      await page.keyboard.press("ArrowDown");
      await page.locator("#exam-grouping-list [role=option]").first().waitFor();
      for (const v of await violations(page)) found.push(`${tag} exam form, list open: ${v}`);
      await shot(page, `a11y-exam-form-${tag}`);
      assert.deepEqual(errors, []);
      await ctx.close();
    }
    assert.deepEqual(found, []);
  } finally {
    await browser.close();
    await srv.close();
  }
});
