/**
 * Rules by their Indonesian titles on the Klaim page, a greyed-out 'Ubah Status' that says why,
 * the claim's status history in its dialog (issue 47, item 10): a WITA clerk, both sizes.
 */
import assert from "node:assert/strict";
import { admit, exam, postJson } from "../ipd_fixtures.ts";
import { versionOf } from "../helpers.ts";
import { eklaimTxt } from "../claim_fixtures.ts";
import { open } from "./harness.ts";
import { shot, SIZES } from "./screens_steps.ts";
import { violations } from "./axe.ts";
import { ok, seedWita, world } from "./findings_steps.ts";

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
          confirm_no_diagnosis: "1",
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
