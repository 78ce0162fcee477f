/**
 * A clerk's work is not recorded wrong (issue 47, items 2-6): a WITA hospital in an en-US
 * browser, both screen sizes, keyboard first; one served app, one browser and one signed-in page
 * per size. Screenshots go to SCREENSHOTS as `clerk-{what}-{width}.png`.
 */
import assert from "node:assert/strict";
import { open } from "./harness.ts";
import { shot, SIZES } from "./screens_steps.ts";
import {
  chips,
  choose,
  clerkDesk,
  dischargeForm,
  examForm,
  first,
  MINUTE,
  press,
  signedIn,
  stayOf,
  stayWith,
  wita,
} from "./clerk_steps.ts";

Deno.test("browser: a clerk's picks, codes, discharge and grouping are not recorded wrong (issue 47, 2-6)", async (t) => {
  await clerkDesk({}, async ({ url, browser, w, seeding, axe }) => {
    /** One signed-in page per size. */
    const desks = new Map<number, typeof seeding>([[SIZES[0][0], seeding]]);
    const desk = async (size: readonly number[]) => {
      if (!desks.has(size[0])) desks.set(size[0], await signedIn(browser, url, size));
      return desks.get(size[0])!;
    };
    await t.step(
      "2: Enter with nothing highlighted picks no Cara Pulang; the list is in E-Klaim's order; the stay shows it",
      async () => {
        for (const size of SIZES) {
          const s = await desk(size);
          const id = await stayWith(s.api, w, {});
          const m = await dischargeForm(s.page, url, id, "J18.9");
          const method = m.locator("#discharge-method");
          await method.click(); // the list opens, nothing highlighted
          const options = s.page.locator("#discharge-method-list [role=option]");
          await options.first().waitFor();
          await s.page.keyboard.press("Enter");
          await shot(s.page, `clerk-cara-pulang-enter-${s.tag}`);
          assert.equal(await method.inputValue(), "", `${s.tag}: Enter took a Cara Pulang`);
          assert.deepEqual(await options.allInnerTexts(), [
            "Atas Persetujuan Dokter",
            "Dirujuk",
            "Atas Permintaan Sendiri",
            "Meninggal",
            "Lain-lain",
          ]);
          await axe(s.page, `${s.tag} discharge form, Cara Pulang open`);
          await s.page.keyboard.press("ArrowDown");
          await s.page.keyboard.press("Enter");
          assert.equal(await method.inputValue(), "Atas Persetujuan Dokter");
          await press(s.page, m.locator("button:has-text('Simpan')"));
          await s.page.waitForURL(`${url}/discharge-patient`);
          await open(s.page, url, `/ipd/${id}`);
          const shown = s.page.locator("[data-discharge-method]");
          await shown.waitFor({ timeout: 5_000 });
          await shot(s.page, `clerk-stay-discharged-${s.tag}`);
          assert.equal(await shown.innerText(), "Cara pulang: Atas Persetujuan Dokter");
          await axe(s.page, `${s.tag} discharged stay`);
          assert.deepEqual(s.errors, []);
        }
      },
    );

    await t.step(
      "3: Backspace in an empty ICD box first marks the last code; its removal can be undone",
      async () => {
        for (const size of SIZES) {
          const s = await desk(size);
          const id = await stayWith(s.api, w);
          const m = await examForm(s.page, url, id);
          const diag = m.locator("#exam-diagnosis");
          await choose(s.page, diag, "J18.9", "J18.9");
          await m.locator(".field:has(#exam-diagnosis) .chip").first().waitFor();
          await choose(s.page, diag, "A09", "A09");
          await m.locator(".field:has(#exam-diagnosis) .chip").nth(1).waitFor();
          const both = [
            "J18.9 - Pneumonia, unspecified",
            "A09 - Diarrhoea and gastroenteritis of presumed infectious origin",
          ];
          await s.page.keyboard.press("Backspace");
          const said = m.locator(".field:has(#exam-diagnosis) .multi-said");
          assert.deepEqual(await chips(m, "exam-diagnosis"), both, `${s.tag}: one Backspace`);
          assert.equal(
            await said.innerText(),
            `Tekan Backspace sekali lagi untuk menghapus ${both[1]}.`,
          );
          await shot(s.page, `clerk-backspace-armed-${s.tag}`);
          await s.page.keyboard.press("Backspace");
          assert.deepEqual(await chips(m, "exam-diagnosis"), [both[0]]);
          assert.equal(await said.innerText(), `${both[1]} dihapus. Urungkan`);
          await shot(s.page, `clerk-backspace-undo-${s.tag}`);
          await axe(s.page, `${s.tag} exam form, undo`);
          await s.page.keyboard.press("Tab");
          assert.equal(
            await s.page.evaluate(() => document.activeElement?.textContent),
            "Urungkan",
          );
          await s.page.keyboard.press("Enter");
          assert.deepEqual(await chips(m, "exam-diagnosis"), both);
          assert.equal(await s.page.evaluate(() => document.activeElement?.id), "exam-diagnosis");
          assert.deepEqual(s.errors, []);
        }
      },
    );

    await t.step(
      "4: text typed in a picker and not chosen stays, marked 'pilih dari daftar'",
      async () => {
        for (const size of SIZES) {
          const s = await desk(size);
          const id = await stayWith(s.api, w, {});
          const m = await dischargeForm(s.page, url, id, "J18.9");
          const method = m.locator("#discharge-method");
          await method.focus();
          await s.page.keyboard.type("setuju");
          await s.page.locator("#discharge-method-list [role=option]").first().waitFor();
          await s.page.keyboard.press("Tab");
          assert.equal(await method.inputValue(), "setuju", `${s.tag}: the typed text`);
          const mark = m.locator("#discharge-method-unchosen");
          assert.equal(
            await mark.innerText(),
            '"setuju" belum dipilih: pilih dari daftar (atau hapus teksnya).',
          );
          assert.equal(await method.getAttribute("aria-invalid"), "true");
          // the required pick is not made: Simpan sends nothing and comes back to the field
          await press(s.page, m.locator("button:has-text('Simpan')"));
          assert.equal(await s.page.evaluate(() => document.activeElement?.id), "discharge-method");
          assert.equal((await stayOf(s.api, id)).status, "dirawat");
          // an examination's procedure typed and left
          await open(s.page, url, `/ipd/${id}`);
          const e = await examForm(s.page, url, id);
          await e.locator("#exam-tindakan").focus();
          await s.page.keyboard.type("89.1");
          await s.page.locator("#exam-tindakan-list [role=option]").first().waitFor();
          await s.page.keyboard.press("Tab");
          assert.equal(await e.locator("#exam-tindakan").inputValue(), "89.1");
          await e.locator("#exam-tindakan-unchosen", { hasText: "belum dipilih" }).waitFor();
          await shot(s.page, `clerk-unchosen-${s.tag}`);
          await axe(s.page, `${s.tag} exam form, unchosen`);
          assert.deepEqual(s.errors, []);
        }
      },
    );

    await t.step(
      "5: a discharge over an hour ahead is refused at its field; one with no diagnosis asks first",
      async () => {
        for (const size of SIZES) {
          const s = await desk(size);
          const id = await stayWith(s.api, w, {});
          let m = await dischargeForm(s.page, url, id, "J18.9");
          const date = m.locator("#discharge-date");
          await date.focus();
          await s.page.keyboard.press("Control+A");
          await s.page.keyboard.type(wita(17 * 60 * MINUTE));
          await choose(s.page, m.locator("#discharge-method"), "setuju", "Atas Persetujuan Dokter");
          await press(s.page, m.locator("button:has-text('Simpan')"));
          const err = m.locator("#discharge-date-error");
          const came = await first({
            refused: err.waitFor(),
            discharged: s.page.waitForURL(`${url}/discharge-patient`),
          });
          assert.equal(came, "refused", `${s.tag}: 17 hours ahead`);
          await shot(s.page, `clerk-discharge-ahead-${s.tag}`);
          assert.match(await err.innerText(), /lebih dari 1 jam setelah sekarang/);
          assert.equal((await stayOf(s.api, id)).status, "dirawat");

          // no primary diagnosis: said at the field, asked on Simpan ('Isi diagnosis' first)
          const bare = await stayWith(s.api, w, { diagnosis: [] });
          m = await dischargeForm(s.page, url, bare, "93.96");
          const warn = m.locator("#discharge-diagnosis-warning");
          await warn.waitFor({ timeout: 5_000 });
          assert.match(await warn.innerText(), /^Diagnosis utama belum diisi/);
          await choose(s.page, m.locator("#discharge-method"), "setuju", "Atas Persetujuan Dokter");
          await press(s.page, m.locator("button:has-text('Simpan')"));
          const ask = s.page.locator(".dialog", { hasText: "Simpan tanpa diagnosis utama?" });
          const asked = await first({
            asked: ask.waitFor(),
            discharged: s.page.waitForURL(`${url}/discharge-patient`),
          });
          assert.equal(asked, "asked", `${s.tag}: no diagnosis`);
          await shot(s.page, `clerk-no-diagnosis-${s.tag}`);
          await axe(s.page, `${s.tag} no-diagnosis question`);
          assert.equal(
            await s.page.evaluate(() => document.activeElement?.textContent),
            "Isi diagnosis",
          );
          await s.page.keyboard.press("Enter");
          await ask.waitFor({ state: "detached" });
          assert.equal(
            await s.page.evaluate(() => document.activeElement?.id),
            "discharge-diagnosis",
          );
          assert.equal((await stayOf(s.api, bare)).status, "dirawat");
          // confirmed: discharged without one
          await press(s.page, m.locator("button:has-text('Simpan')"));
          await ask.waitFor();
          await press(s.page, ask.locator("button:has-text('Ya, simpan tanpa diagnosis')"));
          await s.page.waitForURL(`${url}/discharge-patient`);
          const out = await stayOf(s.api, bare);
          assert.deepEqual([out.status, out.summary_diagnosis.length], ["pulang", 0]);
          assert.deepEqual(s.errors, []);
        }
      },
    );

    await t.step(
      "6: codes without a grouping are warned at the grouping: the package stays as it was",
      async () => {
        for (const size of SIZES) {
          const s = await desk(size);
          const fresh = await stayWith(s.api, w);
          let m = await examForm(s.page, url, fresh);
          await choose(s.page, m.locator("#exam-diagnosis"), "A09", "A09");
          const warn = m.locator("#exam-grouping-warning");
          await warn.waitFor({ timeout: 5_000 });
          await warn.scrollIntoViewIfNeeded();
          await shot(s.page, `clerk-no-grouping-${s.tag}`);
          assert.equal(
            await warn.innerText(),
            "Belum memilih grouping INA-CBG: paket kunjungan tetap kosong (Tarif INA-CBG Rp 0). " +
              "Pilih grouping bila kode ini mengubah paketnya.",
          );
          await axe(s.page, `${s.tag} exam form, no grouping`);
          await choose(s.page, m.locator("#exam-grouping"), "J-4-16-I", "J-4-16-I");
          await warn.waitFor({ state: "detached" });
          // a stay grouped before (J-4-16-I, kelas 2 Rp 5.000.000) keeps that package
          const grouped = await stayWith(s.api, w, {});
          m = await examForm(s.page, url, grouped);
          await choose(s.page, m.locator("#exam-tindakan"), "89.14", "89.14");
          await m.locator(".field:has(#exam-tindakan) .chip").first().waitFor();
          assert.equal(await m.locator("#exam-grouping-warning").count(), 0, "its grouping kept");
          await m.locator("#exam-grouping").focus();
          await s.page.keyboard.press("Backspace"); // the clerk empties the grouping
          assert.equal(
            await m.locator("#exam-grouping-warning").innerText(),
            "Belum memilih grouping INA-CBG: paket kunjungan tetap J-4-16-I (Rp 5.000.000). " +
              "Pilih grouping bila kode ini mengubah paketnya.",
          );
          assert.deepEqual(s.errors, []);
        }
      },
    );
  });
});
