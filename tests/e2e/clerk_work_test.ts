/**
 * A clerk's work is never lost nor recorded wrong (issue 47, items 1-6): a WITA hospital in an
 * en-US browser, both screen sizes, keyboard first. One served app (its clock moved) and one
 * browser for the file: one signed-in page per size, a fresh one where the clock moves.
 * Screenshots go to SCREENSHOTS as `clerk-{what}-{width}.png`.
 */
import assert from "node:assert/strict";
import type { Browser, Locator, Page } from "playwright-core";
import { type Api, exam, postJson, seedIpd } from "../ipd_fixtures.ts";
import { apiOf, launch, login, open, PASSWORD, serve } from "./harness.ts";
import { shot, SIZES } from "./screens_steps.ts";
import { violations } from "./axe_steps.ts";

const IDLE_MINUTES = 10;
const MINUTE = 60_000;
/** How far the server's clock (`Date.now`) is ahead of the real one: sessions go idle by it. */
let ahead = 0;

/** `ms` from now as the WITA clerk writes it (`DD-MM-YYYY HH:mm`, UTC+8), by hand. */
const wita = (ms: number) =>
  new Date(Date.now() + ms + 8 * 60 * MINUTE).toISOString().slice(0, 16)
    .replace(/^(\d{4})-(\d\d)-(\d\d)T/, "$3-$2-$1 ");
/** The same instant as the API's local `YYYY-MM-DDTHH:mm`. */
const witaIso = (ms: number) =>
  new Date(Date.now() + ms + 8 * 60 * MINUTE).toISOString().slice(0, 16);

type World = Awaited<ReturnType<typeof seedIpd>>;

/** A signed-in page at `size` (en-US, WITA), with a fake browser clock when `clock`. */
async function signedIn(
  browser: Browser,
  url: string,
  [width, height]: readonly number[],
  clock = false,
) {
  const ctx = await browser.newContext({
    viewport: { width, height },
    locale: "en-US",
    timezoneId: "Asia/Makassar",
    bypassCSP: true, // axe's bundle is injected
  });
  if (clock) await ctx.clock.install();
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await login(page, url);
  return { ctx, page, errors, api: await apiOf(page, url), tag: String(width) };
}

let erm = 700;
/** A new patient admitted a day ago (WITA), with examinations `exams` (API fields). */
async function stayWith(api: Api, w: World, ...exams: Record<string, unknown>[]) {
  const p = await api.post("/api/pasien/update", {
    id: "",
    erm: `000${++erm}`,
    first_name: `Pasien${erm}`,
    last_name: "",
    gender: "P",
    tgl_lahir: "1980-01-01",
  });
  assert.equal(p.status, 200, JSON.stringify(p.body));
  const s = await api.post("/api/ipd/update", {
    id: "",
    pasienId: p.body.data._id,
    visitDate: witaIso(-24 * 60 * MINUTE),
    indicationranap: w.indication,
    diagnosis_awal: "Demam",
    asal: "IGD",
    room_id: w.room,
    igd_id: w.igd,
    dpjp_id: w.dpjp,
    episode: "",
    criteria: "",
    readmisi_reason: "",
  });
  assert.equal(s.status, 200, JSON.stringify(s.body));
  const id = s.body.data._id as string;
  for (const e of exams) {
    const r = await postJson(api, "/api/ipd/visitexamination/update", {
      ...exam(w, id, { examinationDate: witaIso(-20 * 60 * MINUTE), keyword: [] }),
      ...e,
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  return id;
}

/** Presses `button` by the keyboard: focus, Enter. */
async function press(page: Page, button: Locator) {
  await button.focus();
  await page.keyboard.press("Enter");
}

/** The stay's page, then its examination form opened by the keyboard. */
async function examForm(page: Page, url: string, id: string) {
  await open(page, url, `/ipd/${id}`);
  await press(page, page.locator("button:has-text('Tambah Pemeriksaan')"));
  const m = page.locator(".modal", { hasText: "Tambah Pemeriksaan" });
  await m.waitFor();
  return m;
}

/** The stay's page, then its discharge form (opened by the keyboard, its summary loaded). */
async function dischargeForm(page: Page, url: string, id: string, chip: string) {
  await open(page, url, `/ipd/${id}`);
  await press(page, page.getByRole("button", { name: "Pulang", exact: true }));
  const m = page.locator(".modal", { hasText: "Pasien Pulang" });
  await m.locator(".chip", { hasText: chip }).waitFor();
  return m;
}

/** Types `text` into a picker and takes its first match by Enter. */
async function choose(page: Page, input: Locator, text: string, option: string) {
  await input.focus();
  await page.keyboard.type(text);
  await page.locator(`[role=option]:has-text('${option}')`).first().waitFor();
  await page.keyboard.press("Enter");
}

const chips = (m: Locator, id: string) =>
  m.locator(`.field:has(#${id}) .chip span`).allInnerTexts();

/** A stay's record through the API. */
const stayOf = async (api: Api, id: string) => (await api.json(`/api/ipd/${id}`)).body.data;

/** Waits for the first of `what`; the name of the one that came. */
const first = (what: Record<string, Promise<unknown>>) =>
  Promise.race(Object.entries(what).map(([k, p]) => p.then(() => k)));

Deno.test("browser: a clerk's work is neither lost nor recorded wrong (issue 47, 1-6)", async (t) => {
  // the server runs in this process: its clock is this one, moved `ahead`
  const real = Date.now;
  Date.now = () => real() + ahead;
  const srv = await serve({ config: { sessionIdleMinutes: IDLE_MINUTES } });
  const browser = await launch();
  const { url } = srv;
  const found: string[] = [];
  const axe = async (page: Page, where: string) => {
    for (const v of await violations(page)) found.push(`${where}: ${v}`);
  };
  try {
    const seeding = await signedIn(browser, url, SIZES[0]);
    const w = await seedIpd(seeding.api, { timezone: "Asia/Makassar" });
    /** One signed-in page per size for items 2-6 (1a and 1b, last, move the clock). */
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
    for (const s of desks.values()) await s.ctx.close();
    await t.step(
      "1a: a save that meets an ended session asks for the password there and saves the note",
      async () => {
        for (const size of SIZES) {
          const s = await signedIn(browser, url, size);
          const id = await stayWith(s.api, w);
          const m = await examForm(s.page, url, id);
          await m.locator("#exam-subject").focus();
          await s.page.keyboard.type("Batuk 3 hari, sesak malam hari");
          await m.locator("#exam-tarif_rs").focus();
          await s.page.keyboard.type("1500000");
          ahead += (IDLE_MINUTES + 1) * MINUTE; // the clerk typed past the idle limit
          await press(s.page, m.locator("button:has-text('Simpan')"));
          const d = s.page.locator(".dialog").first();
          await d.waitFor();
          await shot(s.page, `clerk-relogin-${s.tag}`);
          const said = await d.innerText();
          assert.match(said, /Sesi berakhir/, `${s.tag}: ${said}`);
          await axe(s.page, `${s.tag} relogin`);
          assert.equal(await s.page.evaluate(() => document.activeElement?.id), "relogin-password");
          await s.page.keyboard.type(PASSWORD);
          await s.page.keyboard.press("Enter");
          await m.waitFor({ state: "detached" });
          assert.equal(s.page.url(), `${url}/ipd/${id}`, "the clerk stays on the stay's page");
          const api = await apiOf(s.page, url); // the new session's cookie
          const saved = (await api.json(`/api/ipd/${id}/details`)).body.data;
          assert.deepEqual(saved.map((e: { subject: string }) => e.subject), [
            "Batuk 3 hari, sesak malam hari",
          ]);
          assert.deepEqual(s.errors, []);
          await s.ctx.close();
        }
      },
    );

    await t.step(
      "1b: two minutes before the idle limit a warning offers 'Tetap masuk', which keeps the session",
      async () => {
        for (const size of SIZES) {
          const s = await signedIn(browser, url, size, true);
          const id = await stayWith(s.api, w);
          await open(s.page, url, `/ipd/${id}`);
          const idle = 8 * MINUTE + 10_000; // 1 min 50 s left
          ahead += idle;
          await s.page.clock.fastForward(idle);
          const d = s.page.locator(".dialog", { hasText: "Sesi akan berakhir" });
          await d.waitFor({ timeout: 5_000 });
          await shot(s.page, `clerk-idle-warning-${s.tag}`);
          assert.match(await d.locator("h2").innerText(), /^Sesi akan berakhir dalam 2 menit$/);
          assert.equal(
            await s.page.evaluate(() => document.activeElement?.textContent),
            "Tetap masuk",
          );
          await axe(s.page, `${s.tag} idle warning`);
          const kept = s.page.waitForResponse((r) => new URL(r.url()).pathname === "/api/session");
          await s.page.keyboard.press("Enter");
          assert.equal((await kept).status(), 200);
          await d.waitFor({ state: "detached" });
          // six minutes later: 14 min after the page's last load, 6 after 'Tetap masuk'
          ahead += 6 * MINUTE;
          await s.page.clock.fastForward(6 * MINUTE);
          const r = await s.api.json(`/api/ipd/${id}`);
          assert.equal(r.status, 200, JSON.stringify(r.body));
          assert.equal(await s.page.locator(".dialog").count(), 0);
          assert.deepEqual(s.errors, []);
          await s.ctx.close();
        }
      },
    );

    assert.deepEqual(found, []);
  } finally {
    await browser.close();
    await srv.close();
    Date.now = real;
  }
});
