/**
 * A discharged stay's summary on its page, corrected in place; each finding's 'Perbaiki' opens
 * exactly its field (issue 47, item 7): a WITA clerk, keyboard first, both sizes.
 */
import assert from "node:assert/strict";
import { admit, exam, postJson } from "../ipd_fixtures.ts";
import { versionOf } from "../helpers.ts";
import { open } from "./harness.ts";
import { shot, SIZES } from "./screens_steps.ts";
import { violations } from "./axe.ts";
import { focusedOn, ok, seedWita, world } from "./findings_steps.ts";

Deno.test("findings 7: a discharged stay shows its summary; 'Perbaiki' opens exactly the field; the summary is corrected in place", async () => {
  await using t = await world();
  let w: Awaited<ReturnType<typeof seedWita>> | null = null;
  for (const size of SIZES) {
    const s = await t.clerk(size);
    const { page, api } = s;
    w ??= await seedWita(api);
    const pasienId = size[0] === 1366 ? w.pasien : w.pasien2;
    // discharged without a diagnosis
    const gone = await admit(api, w, {
      ...{ pasienId, visitDate: "2026-10-01T08:00", kelas_rawat: "2" },
      nomor_sep: `0301R0011026V00000${size[0] === 1366 ? 1 : 2}`,
    });
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
      confirm_no_diagnosis: "1",
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
