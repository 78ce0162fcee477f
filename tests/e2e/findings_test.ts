/**
 * Findings that lead to their fix (issue 47, items 7-10), as a clerk in a WITA hospital works
 * them, keyboard first, in an English browser at both screen sizes; axe on each touched screen.
 */
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { admit, type Api, exam, postJson, seedIpd } from "../ipd_fixtures.ts";
import { allowAnyLicence } from "../../lib/licence/gate.ts";
import { versionOf } from "../helpers.ts";
import { eklaimTxt } from "../claim_fixtures.ts";
import { launch, open, serve } from "./harness.ts";
import { screen, shot, SIZES } from "./screens_steps.ts";
import { violations } from "./axe.ts";

const WITA = "Asia/Makassar";

async function ok(r: Promise<{ status: number; body: any }>) {
  const res = await r;
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data;
}

/** The app and one browser for a test; a clerk's page per screen size (`clerk`). */
async function world(now?: () => Date) {
  const srv = await serve({ licence: allowAnyLicence, now });
  const browser: Browser = await launch();
  return {
    srv,
    browser,
    /** A logged-in page at `size` in WITA, with axe allowed in (bypassing the page's CSP). */
    async clerk(size: readonly number[]) {
      return await screen(browser, srv.url, size, { timezoneId: WITA, bypassCSP: true });
    },
    async [Symbol.asyncDispose]() {
      await browser.close();
      await srv.close();
    },
  };
}

/** The checklist's rule statuses on the page (`RULE:status`). */
const ruleStatus = (page: Page) =>
  page.locator("#kelengkapan-klaim li[data-rule]").evaluateAll((li) =>
    li.map((l) => `${l.getAttribute("data-rule")}:${l.getAttribute("data-status")}`)
  );

/** The seeded world in a WITA hospital. */
const seedWita = (api: Api) => seedIpd(api, { timezone: WITA });

Deno.test("findings 8: the readiness panel follows the examination table once a grouping is saved, no reload", async () => {
  await using t = await world();
  let w: Awaited<ReturnType<typeof seedWita>> | null = null;
  for (const size of SIZES) {
    const s = await t.clerk(size);
    const { page, api } = s;
    w ??= await seedWita(api);
    // an examination coded without a grouping: the checklist blocks on GROUPING
    const stay = await admit(api, w, { pasienId: size[0] === 1366 ? w.pasien : w.pasien2 });
    await ok(
      postJson(api, "/api/ipd/visitexamination/update", exam(w, stay._id, { grouping: "" })),
    );
    await open(page, t.srv.url, `/ipd/${stay._id}`);
    assert.ok((await ruleStatus(page)).includes("GROUPING:blok"));
    // folded while the patient is admitted: the clerk unfolds it (it stays so after the save)
    await page.locator("#kelengkapan-klaim summary").focus();
    await page.keyboard.press("Enter");
    // the clerk edits the examination by keyboard and picks the grouping
    await page.locator(".dt-table tbody tr button:has-text('Edit')").focus();
    await page.keyboard.press("Enter");
    const m = page.locator(".modal", { hasText: "Pemeriksaan" });
    const grouping = m.locator("#exam-grouping");
    await grouping.focus();
    await grouping.pressSequentially("J-4-16-II");
    await page.locator("#exam-grouping-list [role=option]", { hasText: "J-4-16-II" }).waitFor();
    await grouping.press("ArrowDown");
    await grouping.press("Enter");
    await page.waitForFunction(() =>
      document.querySelector<HTMLSelectElement>("#exam-tarifinacbgSelect")?.value === "second"
    );
    await m.locator("button:has-text('Simpan')").focus();
    await page.keyboard.press("Enter");
    await m.waitFor({ state: "detached" });
    // the table shows the grouping, and the checklist beside it says the same, no reload
    await page.locator(".dt-table tbody tr", { hasText: "Rp 5.200.000" }).waitFor();
    await page.locator("#kelengkapan-klaim li[data-rule=GROUPING][data-status=ok]").waitFor({
      timeout: 10_000,
    });
    await page.locator("#kelengkapan-klaim[open] li[data-rule=DATA_PULANG]").waitFor();
    assert.deepEqual((await ruleStatus(page)).filter((r) => !r.endsWith(":ok")), [
      "DIAGNOSIS_UTAMA:blok",
      "DATA_PULANG:blok",
    ]);
    assert.match(await page.locator("#kelengkapan-klaim summary").innerText(), /2 blok/);
    await page.evaluate(() => scrollTo(0, 0));
    await shot(page, `findings-8-readiness-${size[0]}`);
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(s.errors, []);
    await s.close();
  }
});

Deno.test("findings 9: the grouping picker finds groups by words of their description and by code", async () => {
  await using t = await world();
  let w: Awaited<ReturnType<typeof seedWita>> | null = null;
  for (const size of SIZES) {
    const s = await t.clerk(size);
    const { page, api } = s;
    if (!w) {
      w = await seedWita(api);
      for (const [kode, desc] of [["A-4-13-I", "INFEKSI VIRAL & NON-BAKTERIAL LAIN (RINGAN)"]]) {
        await ok(api.post("/api/inatarif/update", {
          id: "",
          regional: "3",
          kelas_rs: "CS",
          kode,
          desc,
          tarif_Kelas3: "2244000",
          tarif_Kelas2: "2614200",
          tarif_Kelas1: "2984500",
        }));
      }
    }
    const stay = await admit(api, w, { pasienId: size[0] === 1366 ? w.pasien : w.pasien2 });
    await open(page, t.srv.url, `/ipd/${stay._id}`);
    await page.locator("button:has-text('Tambah Pemeriksaan')").focus();
    await page.keyboard.press("Enter");
    const grouping = page.locator(".modal #exam-grouping");
    await grouping.focus();
    await grouping.pressSequentially("viral ringan");
    const option = page.locator("#exam-grouping-list [role=option]");
    await option.filter({ hasText: "A-4-13-I" }).waitFor({ timeout: 10_000 });
    assert.deepEqual(await option.allInnerTexts(), [
      "A-4-13-I - INFEKSI VIRAL & NON-BAKTERIAL LAIN (RINGAN)",
    ]);
    await shot(page, `findings-9-grouping-words-${size[0]}`);
    assert.deepEqual(await violations(page, ".modal"), []);
    await grouping.press("ArrowDown");
    await grouping.press("Enter");
    assert.equal(
      await grouping.inputValue(),
      "A-4-13-I - INFEKSI VIRAL & NON-BAKTERIAL LAIN (RINGAN)",
    );
    // by the code without its dashes
    await grouping.fill("");
    await grouping.pressSequentially("j416");
    await option.filter({ hasText: "J-4-16-II" }).waitFor();
    assert.deepEqual(await option.allInnerTexts(), [
      "J-4-16-I - GRUP J-4-16-I",
      "J-4-16-II - GRUP J-4-16-II",
    ]);
    await grouping.press("Escape");
    assert.deepEqual(s.errors, []);
    await s.close();
  }
});

/** The clock of item 10's world: 01-12-2026 10:05 WITA. */
const NOW = new Date("2026-12-01T02:05:00Z");

Deno.test("findings 10: rules by their titles (code second), a greyed-out 'Ubah Status' says why, the dialog shows the status history", async () => {
  await using t = await world(() => NOW);
  let seeded = false;
  for (const size of SIZES) {
    const s = await t.clerk(size);
    const { page, api } = s;
    if (!seeded) {
      seeded = true;
      const w = await seedWita(api);
      // Siti discharged without a diagnosis (no claim yet); Rahma's claimed and held pending
      const out = async (id: string, more: Record<string, unknown>) =>
        await ok(postJson(api, "/api/ipd/discharge-patient/update", {
          id,
          _version: await versionOf(t.srv, "ipd", id),
          tanggal_pulang: "2026-11-03T10:00",
          dischargepatient: w.pulang,
          ...more,
        }));
      for (
        const [pasienId, more] of [[w.pasien, {}], [w.pasien2, {
          summary_diagnosis: [w.icd["J18.9"]],
        }]] as const
      ) {
        const id = (await admit(api, w, { pasienId }))._id;
        await ok(postJson(api, "/api/ipd/visitexamination/update", exam(w, id)));
        await out(id, more);
      }
      const form = new FormData();
      const txt = eklaimTxt([{
        sep: "0301R0011126V000456",
        mrn: "000456",
        admission: "2026-11-01",
        discharge: "2026-11-03",
        inacbg: "J-4-16-I",
        tarif: 5_000_000,
        tarifRs: 1_500_000,
      }]);
      form.set("file", new File([txt], "eklaim.txt", { type: "text/plain" }));
      const imp = await api.json("/api/klaim/import-eklaim", { method: "POST", body: form });
      assert.equal(imp.status, 200, JSON.stringify(imp.body));
      const rahma = imp.body.matched
        ? (await api.json("/api/klaim?klaimStatus=final")).body.data[0]._id
        : "";
      for (
        const fields of <Record<string, string>[]> [{ status: "terkirim" }, {
          status: "pending",
          reason: "Resume medis belum ditandatangani",
        }]
      ) {
        const claim = (await api.json(`/api/klaim/${rahma}`)).body.data;
        await ok(api.post(`/api/klaim/${rahma}/status`, { ...fields, _version: claim._version }));
      }
    }
    await open(page, t.srv.url, "/klaim");
    const siti = page.locator(".dt-table tbody tr", { hasText: "000123" });
    await siti.waitFor();
    // the finding by its title, its code the tooltip; no bare code on screen
    const rule = siti.locator(".claim-rule[data-rule=DIAGNOSIS_UTAMA]");
    assert.equal(await rule.innerText(), "Diagnosis utama valid");
    assert.equal(await rule.getAttribute("title"), "DIAGNOSIS_UTAMA");
    assert.doesNotMatch(await siti.innerText(), /DIAGNOSIS_UTAMA/);
    // a greyed-out 'Ubah Status' says why, in text tied to the button
    const button = siti.locator("button:has-text('Ubah Status')");
    assert.equal(await button.isDisabled(), true);
    const why = page.locator(`#${await button.getAttribute("aria-describedby")}`);
    assert.equal(await why.innerText(), "Impor E-Klaim dahulu");
    assert.ok(await why.isVisible());
    await shot(page, `findings-10-klaim-${size[0]}`);
    assert.deepEqual(await violations(page), []);
    // Rahma's status dialog: its history, oldest first, in hospital time
    const rahma = page.locator(".dt-table tbody tr", { hasText: "000456" });
    await rahma.locator("button:has-text('Ubah Status')").focus();
    await page.keyboard.press("Enter");
    const m = page.locator(".modal", { hasText: "Status Klaim" });
    await m.locator(".claim-history li").first().waitFor();
    assert.deepEqual(await m.locator(".claim-history li").allInnerTexts(), [
      "01-12-2026 10:05 · Final (E-Klaim) · admin",
      "01-12-2026 10:05 · Terkirim · admin",
      "01-12-2026 10:05 · Pending · admin · Resume medis belum ditandatangani",
    ]);
    await shot(page, `findings-10-history-${size[0]}`);
    assert.deepEqual(await violations(page, ".modal"), []);
    await page.keyboard.press("Escape");
    await m.waitFor({ state: "detached" });
    assert.deepEqual(s.errors, []);
    await s.close();
  }
});

/** The id of the focused element, once it is `id` (or what it is after 10 s). */
async function focusedOn(page: Page, id: string): Promise<string> {
  await page.waitForFunction((id) => document.activeElement?.id === id, id, { timeout: 10_000 })
    .catch(() => {});
  return await page.evaluate(() => document.activeElement?.id ?? "");
}

Deno.test("findings 7: a discharged stay shows its summary; 'Perbaiki' opens exactly the field; the summary is corrected in place", async () => {
  await using t = await world();
  let w: Awaited<ReturnType<typeof seedWita>> | null = null;
  for (const size of SIZES) {
    const s = await t.clerk(size);
    const { page, api } = s;
    w ??= await seedWita(api);
    const pasienId = size[0] === 1366 ? w.pasien : w.pasien2;
    // discharged without a diagnosis
    const gone = await admit(api, w, { pasienId, visitDate: "2026-10-01T08:00" });
    await ok(postJson(api, "/api/ipd/visitexamination/update", {
      ...exam(w, gone._id),
      examinationDate: "2026-10-01T10:00",
      keyword: [],
    }));
    await ok(postJson(api, "/api/ipd/discharge-patient/update", {
      id: gone._id,
      _version: await versionOf(t.srv, "ipd", gone._id),
      tanggal_pulang: "2026-10-03T10:00",
      dischargepatient: w.pulang,
      summary_diagnosis: [],
      summary_tindakan: [w.icd["93.96"]],
    }));
    await open(page, t.srv.url, `/ipd/${gone._id}`);
    const summary = page.locator("#ringkasan-pulang.stay-summary");
    await summary.waitFor({ timeout: 10_000 });
    assert.equal(
      await summary.locator("[data-summary=cara-pulang]").innerText(),
      "Atas Persetujuan Dokter",
    );
    assert.equal(
      await summary.locator("[data-summary=diagnosis-utama]").innerText(),
      "Belum diisi",
    );
    assert.equal(
      await summary.locator("[data-summary=tindakan]").innerText(),
      "93.96 - Other oxygen enrichment",
    );
    // the finding's 'Perbaiki' opens the summary form at its diagnoses
    await page.locator("#kelengkapan-klaim li[data-rule=DIAGNOSIS_UTAMA] a").focus();
    await page.keyboard.press("Enter");
    const m = page.locator(".modal", { hasText: "Perbaiki Ringkasan Pulang" });
    await m.waitFor();
    assert.equal(await focusedOn(page, "discharge-diagnosis"), "discharge-diagnosis");
    await page.keyboard.type("J18.9");
    await page.locator("#discharge-diagnosis-list [role=option]", { hasText: "J18.9" }).waitFor();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await m.locator(".chip", { hasText: "J18.9" }).waitFor();
    await shot(page, `findings-7-summary-form-${size[0]}`);
    assert.deepEqual(await violations(page, ".modal"), []);
    await m.locator("button:has-text('Simpan')").focus();
    await page.keyboard.press("Enter");
    await m.waitFor({ state: "detached" });
    await summary.locator("[data-summary=diagnosis-utama]", { hasText: "J18.9" }).waitFor();
    assert.equal(
      await summary.locator("[data-summary=diagnosis-utama]").innerText(),
      "J18.9 - Pneumonia, unspecified",
    );
    await page.locator("#kelengkapan-klaim li[data-rule=DIAGNOSIS_UTAMA][data-status=ok]")
      .waitFor();
    assert.match(await page.locator("#kelengkapan-klaim summary").innerText(), /Siap klaim/);
    await page.evaluate(() => scrollTo(0, 0));
    await shot(page, `findings-7-summary-${size[0]}`);
    assert.deepEqual(await violations(page), []);

    // an admitted stay's GROUPING finding opens its examination at the grouping
    const stay = await admit(api, w, { pasienId, visitDate: "2026-11-20T08:00" });
    await ok(postJson(api, "/api/ipd/visitexamination/update", {
      ...exam(w, stay._id, { grouping: "" }),
      examinationDate: "2026-11-20T10:00",
    }));
    await open(page, t.srv.url, `/ipd/${stay._id}`);
    await page.locator("#kelengkapan-klaim summary").focus();
    await page.keyboard.press("Enter");
    await page.locator("#kelengkapan-klaim li[data-rule=GROUPING] a").focus();
    await page.keyboard.press("Enter");
    await page.locator(".modal", { hasText: "Pemeriksaan" }).waitFor();
    assert.equal(await focusedOn(page, "exam-grouping"), "exam-grouping");
    assert.equal(
      await page.locator(".modal #exam-subject, .modal textarea").first().inputValue(),
      "Demam 3 hari",
    );
    await shot(page, `findings-7-grouping-link-${size[0]}`);
    assert.deepEqual(s.errors, []);
    await s.close();
  }
});
