/**
 * Findings that lead to their fix (issue 47, items 8 and 9), as a clerk in a WITA hospital works
 * them, keyboard first, in an English browser at both screen sizes; axe on each touched screen.
 */
import assert from "node:assert/strict";
import { admit, exam, postJson } from "../ipd_fixtures.ts";
import { open } from "./harness.ts";
import { shot, SIZES } from "./screens_steps.ts";
import { violations } from "./axe.ts";
import { ok, ruleStatus, seedWita, world } from "./findings_steps.ts";

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
      "DATA_KLAIM:blok", // no SEP nor class yet: checked on admitted stays too
    ]);
    assert.match(await page.locator("#kelengkapan-klaim summary").innerText(), /3 blok/);
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
