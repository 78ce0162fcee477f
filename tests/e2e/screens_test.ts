/**
 * The screens clinic staff really have: 1366x768 and 1024x768, the browser in English (en-US).
 * Lists fit, dates read and typed DD-MM-YYYY HH:mm, the stay's package kept through an ungraded
 * examination, a WITA hospital's times, the print page and the skip link.
 * With SCREENSHOTS=dir set, the screens are also saved there as PNG.
 */
import assert from "node:assert/strict";
import type { Browser, Locator, Page } from "playwright-core";
import * as XLSX from "xlsx";
import { type Api, seedIpd } from "../ipd_fixtures.ts";
import { launch, login, serve } from "./harness.ts";

const SIZES = [[1366, 768], [1024, 768]] as const;
const SHOTS = Deno.env.get("SCREENSHOTS");

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

function apiOf(url: string, cookie: string): Api {
  const json = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${url}${path}`, { ...init, headers: { cookie, ...init.headers } });
    return { status: res.status, body: await res.json() };
  };
  const post = (path: string, fields: Record<string, string>) =>
    json(path, { method: "POST", body: new URLSearchParams(fields) });
  return { json, post };
}

const postJson = (t: Api, path: string, body: unknown) =>
  t.json(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

/** A logged-in page at a screen size, English browser; returns the API with its session. */
async function screen(browser: Browser, url: string, [width, height]: readonly number[]) {
  const ctx = await browser.newContext({ viewport: { width, height }, locale: "en-US" });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await login(page, url);
  const cookie = (await ctx.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  return { page, api: apiOf(url, cookie), errors, close: () => ctx.close() };
}

async function open(page: Page, url: string, path: string) {
  await page.goto(`${url}${path}`);
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>("[data-island]")]
      .every((el) => el.dataset.hydrated === "true")
  );
}

/**
 * Counts, in `globalThis.hintAnswers`, the answers to the visit form's two "is this list empty?"
 * requests once the form has handled them: a task after the answer's body was read, so the
 * form's own callback and its render have run.
 */
function countHintAnswers(page: Page) {
  return page.evaluate(() => {
    const w = globalThis as { hintAnswers?: number };
    w.hintAnswers = 0;
    const fetch = globalThis.fetch;
    globalThis.fetch = async (...a: Parameters<typeof fetch>) => {
      const res = await fetch(...a);
      if (/\/api\/(room\/select2|doctor\/dpjpselect2)\?q=&page=1$/.test(String(a[0]))) {
        const text = res.text.bind(res);
        res.text = async () => {
          const d = await text();
          setTimeout(() => w.hintAnswers!++);
          return d;
        };
      }
      return res;
    };
  });
}

async function pick(page: Page, input: Locator, typed: string, option: string) {
  await input.click();
  await input.fill(typed);
  await page.locator(`[role=option]:has-text('${option}')`).first().click();
}

/** What does not fit: page or table wider than the screen, action buttons off it or clipped. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > innerWidth) out.push(`page ${doc.scrollWidth} > ${innerWidth}`);
    for (const w of document.querySelectorAll<HTMLElement>(".dt-wrap")) {
      if (w.scrollWidth > w.clientWidth + 1) out.push(`table ${w.scrollWidth} > ${w.clientWidth}`);
      const box = w.getBoundingClientRect();
      for (const b of w.querySelectorAll<HTMLElement>("td.actions .btn")) {
        const r = b.getBoundingClientRect();
        if (r.width === 0 || r.right > Math.min(innerWidth, box.right) + 0.5 || r.left < box.left) {
          out.push(`button '${b.innerText}' at ${Math.round(r.left)}-${Math.round(r.right)}`);
        }
      }
    }
    return out;
  });
}

/** A stay with one graded examination (through the API) and a discharged one. */
async function world(api: Api) {
  const w = await seedIpd(api);
  const admit = async (pasien: string, visitDate: string) => {
    const r = await api.post("/api/ipd/update", {
      id: "",
      pasienId: pasien,
      visitDate,
      indicationranap: w.indication,
      diagnosis_awal: "Pneumonia komunitas dengan demam tinggi",
      asal: "IGD",
      room_id: w.room,
      igd_id: w.igd,
      dpjp_id: w.dpjp,
      episode: "",
      criteria: "",
      readmisi_reason: "",
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.data;
  };
  const exam = async (ipdId: string, date: string, more: Record<string, unknown> = {}) => {
    const r = await postJson(api, "/api/ipd/visitexamination/update", {
      id: "",
      ipdId,
      examinationDate: date,
      keyword: [],
      diagnosis: [w.icd["J18.9"], w.icd["R56.8"]],
      tindakan: [w.icd["93.96"]],
      grouping: w.j4,
      tarif_rs: "1500000",
      ...more,
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  };
  const open = await admit(w.pasien, "2026-11-01T08:00");
  await exam(open._id, "2026-11-01T10:00");
  const gone = await admit(w.pasien2, "2026-10-20T22:00");
  await exam(gone._id, "2026-10-21T09:00", { tarif_rs: "7000000" });
  const current = await api.json(`/api/ipd/${gone._id}`);
  const out = await api.post("/api/ipd/discharge-patient/update", {
    id: gone._id,
    _version: current.body.data._version,
    tanggal_pulang: "2026-10-30T11:00",
    dischargepatient: w.pulang,
    summary_diagnosis: w.icd["J18.9"],
    summary_tindakan: w.icd["93.96"],
  });
  assert.equal(out.status, 200, JSON.stringify(out.body));
  return { w, open, gone };
}

Deno.test("screens: every list fits 1366 and 1024 px with its buttons visible; print and skip link", async () => {
  const srv = await serve();
  const browser = await launch();
  try {
    let seeded: Awaited<ReturnType<typeof world>> | null = null;
    for (const size of SIZES) {
      const s = await screen(browser, srv.url, size);
      seeded ??= await world(s.api);
      const { page } = s;
      await open(page, srv.url, "/");
      const paths = await page.$$eval(
        ".sidebar a[href^='/']",
        (as) => as.map((a) => a.getAttribute("href")!),
      );
      assert.ok(paths.includes("/ipd") && paths.includes("/discharge-patient"));
      for (const path of paths) {
        await open(page, srv.url, path);
        assert.deepEqual(await overflow(page), [], `${path} at ${size[0]} px`);
      }
      await open(page, srv.url, "/ipd");
      assert.equal(await page.locator(".dt-table tbody tr").count(), 1);
      await shot(page, `ipd-${size[0]}`);
      await open(page, srv.url, "/discharge-patient");
      assert.equal(await page.locator(".dt-table tbody tr").count(), 1);
      await shot(page, `discharge-${size[0]}`);
      // below 1280 px the sidebar folds behind 'Menu'
      const menu = page.locator("label.nav-toggle");
      assert.equal(await menu.isVisible(), size[0] < 1280);
      assert.equal(await page.locator("#sidebar").isVisible(), size[0] >= 1280);
      if (size[0] < 1280) {
        await menu.click();
        await page.locator("#sidebar a", { hasText: "Kunjungan Rawat Inap" }).waitFor();
        await shot(page, `menu-${size[0]}`);
        await page.locator(".nav-backdrop").click({ position: { x: size[0] - 20, y: 400 } });
        await page.locator("#sidebar").waitFor({ state: "hidden" });
      }

      // the skip link is the first Tab stop and moves focus to the content
      await open(page, srv.url, "/ipd");
      await page.keyboard.press("Tab");
      assert.equal(
        await page.evaluate(() => (document.activeElement as HTMLElement).innerText),
        "Lewati ke konten",
      );
      assert.equal(await page.locator(".skip-link").isVisible(), true);
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => document.activeElement?.id === "konten");
      await page.keyboard.press("Tab"); // the next stop is inside the content, not the sidebar
      assert.equal(
        await page.evaluate(() => !!document.activeElement?.closest("#konten")),
        true,
      );

      // the print page of a stay: 'Cetak' opens it; A4, clean in print
      await open(page, srv.url, `/ipd/${seeded.gone._id}`);
      const [printed] = await Promise.all([
        page.context().waitForEvent("page"),
        page.click("a:has-text('Cetak')"),
      ]);
      await printed.waitForLoadState();
      assert.equal(new URL(printed.url()).pathname, `/ipd/${seeded.gone._id}/print`);
      const sheet = await printed.locator(".print-sheet").innerText();
      for (
        const text of [
          "RSU Uji Casemix",
          "Ringkasan Rawat Inap",
          "Rahma (000456)",
          "20-10-2026 22:00 WIB",
          "30-10-2026 11:00 WIB",
          "10 Hari",
          "J18.9 - Pneumonia, unspecified",
          "93.96 - Other oxygen enrichment",
          "Atas Persetujuan Dokter",
          "Rp 5.000.000",
          "Rp 7.000.000",
          "-40,00 %",
        ]
      ) assert.ok(sheet.includes(text), `print page shows ${text}:\n${sheet}`);
      await printed.emulateMedia({ media: "print" });
      assert.equal(await printed.locator(".print-tools").isVisible(), false);
      assert.equal(await printed.locator(".sidebar").count(), 0);
      if (SHOTS) {
        await printed.screenshot({ path: `${SHOTS}/print-${size[0]}.png`, fullPage: true });
      }
      const pdf = await printed.pdf({ format: "A4", preferCSSPageSize: true });
      assert.ok(pdf.length > 1000);
      await printed.close();
      // the lists print as clean tables: no filters, buttons or sidebar
      await open(page, srv.url, "/discharge-patient");
      await page.emulateMedia({ media: "print" });
      assert.equal(await page.locator(".sidebar").isVisible(), false);
      assert.equal(await page.locator(".ipd-filters").isVisible(), false);
      assert.equal(await page.locator("td.actions").first().isVisible(), false);
      assert.equal(await page.locator(".dt-table").isVisible(), true);
      await page.emulateMedia({ media: "screen" });
      assert.deepEqual(s.errors, []);
      await s.close();
    }
  } finally {
    await browser.close();
    await srv.close();
  }
});

Deno.test("screens: dates show and take DD-MM-YYYY HH:mm in an English browser; the package is kept", async () => {
  const srv = await serve();
  const browser = await launch();
  try {
    const s = await screen(browser, srv.url, SIZES[1]);
    const { page, api } = s;
    const { w, open: stay } = await world(api);

    // the admission form: DD-MM-YYYY HH:mm, typed or picked from the calendar
    await open(page, srv.url, "/ipd");
    await page.click("button:has-text('Tambah Kunjungan')");
    const m = page.locator(".modal", { hasText: "Tambah Kunjungan" });
    const date = m.locator("#visit-visitDate");
    assert.match(await date.inputValue(), /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
    assert.equal(await date.getAttribute("placeholder"), "DD-MM-YYYY HH:mm");
    await date.fill("05-11-2026 14:30");
    await m.locator(".date-input-btn").first().click();
    const cal = m.locator(".calendar");
    assert.equal(await cal.locator(".calendar-head span").innerText(), "November 2026");
    assert.equal(await cal.locator("[aria-pressed=true]").innerText(), "5");
    await page.keyboard.press("ArrowRight"); // keyboard: the next day, Enter picks it
    await page.keyboard.press("Enter");
    assert.equal(await date.inputValue(), "06-11-2026 14:30");
    assert.equal(await cal.count(), 0);
    await date.fill("31-02-2026 10:00");
    assert.equal(await date.getAttribute("aria-invalid"), "true");
    await date.fill("07-11-2026 23:45");
    assert.equal(await date.getAttribute("aria-invalid"), null);
    await pick(page, m.locator("#visit-pasien"), "000123", "000123 - Siti");
    // Siti already has an open stay: the server says so, and the time typed is kept
    await pick(page, m.locator("#visit-room"), "mel", "Melati");
    await pick(page, m.locator("#visit-dpjp"), "budi", "dr. Budi");
    await m.locator("button:has-text('Simpan')").click();
    await page.locator(".dialog", { hasText: "Terjadi kesalahan" }).waitFor();
    await page.locator(".dialog button:has-text('OK')").click();
    assert.equal(await date.inputValue(), "07-11-2026 23:45");
    await m.locator("button:has-text('Batal')").click();

    // the list filter's dates: DD-MM-YYYY
    const from = page.locator("#dirawat-from");
    assert.equal(await from.getAttribute("placeholder"), "DD-MM-YYYY");
    await from.fill("02-11-2026");
    await page.waitForURL(/dateRange=2026-11-02/);
    await page.waitForFunction(() =>
      document.querySelector(".dt-table tbody")?.textContent?.includes("Tidak ada data")
    );
    await from.fill("01-11-2026");
    await page.waitForFunction(() => document.querySelectorAll(".dt-table tbody tr td").length > 1);
    assert.match(
      await page.locator(".dt-table tbody tr").first().innerText(),
      /01-11-2026\s+08:00/,
    );

    // the package: an examination without a grouping keeps the stay's INA-CBG package
    await open(page, srv.url, `/ipd/${stay._id}`);
    await page.click("button:has-text('Tambah Pemeriksaan')");
    const e = page.locator(".modal", { hasText: "Tambah Pemeriksaan" });
    // the form starts from the previous examination's grouping and class
    await page.waitForFunction(() =>
      document.querySelector<HTMLSelectElement>("#exam-tarifinacbgSelect")?.value === "second"
    );
    assert.match(await e.locator("#exam-grouping").inputValue(), /J-4-16-I\b/);
    assert.equal(await e.locator("#exam-tarif_ina").inputValue(), "Rp 5.000.000");
    const examDate = e.locator("#exam-date");
    assert.match(await examDate.inputValue(), /^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
    await examDate.fill("02-11-2026 09:15");
    await e.locator(".select-clear").last().click(); // no grouping this time
    await page.waitForFunction(() =>
      document.querySelector<HTMLInputElement>("#exam-tarif_ina")?.value === ""
    );
    await e.getByLabel("Tarif RS (tagihan hari ini)").fill("4000000");
    await e.locator("button:has-text('Simpan')").click();
    await e.waitFor({ state: "detached" });
    await page.locator("[data-total=rs]", { hasText: "Rp 5.500.000" }).waitFor();
    assert.equal(await page.locator("[data-total=ina]").innerText(), "Rp 5.000.000");
    assert.equal(await page.locator("[data-total=pct]").innerText(), "-10,00 %");
    // the examinations' table is read again after the totals: wait for the new row
    await page.locator(".dt-table tbody tr", { hasText: /02-11-2026\s+09:15/ }).first().waitFor();
    // the list
    await open(page, srv.url, "/ipd");
    const row = await page.locator(".dt-table tbody tr").first().innerText();
    assert.match(row, /Rp 5\.000\.000/);
    assert.match(row, /-10,00 %/);
    // the export, as the button downloads it
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.click("a:has-text('Unduh Excel')"),
    ]);
    const wb = XLSX.read(await Deno.readFile((await download.path())!));
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(wb.Sheets[wb.SheetNames[0]]);
    assert.deepEqual([rows[0]["Total INA-CBG"], rows[0]["Analisa (%)"]], [5_000_000, -10]);
    // the dashboard's negative counter counts it
    await open(page, srv.url, "/");
    assert.equal(
      await page.locator("[data-counter=negativePercentage] .stat-value").innerText(),
      "1",
    );
    // the dashboard's period fields: DD-MM-YYYY
    assert.match(await page.locator("#period-start").inputValue(), /^01-\d{2}-\d{4}$/);
    assert.ok(w.j4);
    await shot(page, "dashboard-1024");
    assert.deepEqual(s.errors, []);
    await s.close();
  } finally {
    await browser.close();
    await srv.close();
  }
});

Deno.test("screens: a WITA hospital's times read back as entered; its days cut at WITA midnight", async () => {
  const srv = await serve();
  const browser = await launch();
  try {
    const s = await screen(browser, srv.url, SIZES[0]);
    const { page, api } = s;
    await world(api);
    const dewi = await api.post("/api/pasien/update", {
      id: "",
      erm: "000789",
      first_name: "Dewi",
      last_name: "",
      gender: "P",
    });
    assert.equal(dewi.status, 200, JSON.stringify(dewi.body));
    // the profile's time zone, chosen on the settings page
    await open(page, srv.url, "/pengaturan");
    await pick(page, page.locator("#profil-rs-timezone"), "WITA", "WITA (Asia/Makassar, UTC+8)");
    await page.locator("#profil-rs button:has-text('Simpan')").click();
    await page.locator(".toast", { hasText: "Data Berhasil di Simpan" }).waitFor();
    const profile = await api.json("/api/setting/hospital");
    assert.equal(profile.body.data.timezone, "Asia/Makassar");

    // admitted 00:30 WITA on 22-11-2026 (23:30 WIB the day before)
    await open(page, srv.url, "/ipd");
    await page.click("button:has-text('Tambah Kunjungan')");
    const m = page.locator(".modal", { hasText: "Tambah Kunjungan" });
    await pick(page, m.locator("#visit-pasien"), "000789", "000789 - Dewi");
    await m.locator("#visit-visitDate").fill("22-11-2026 00:30");
    await pick(page, m.locator("#visit-room"), "mel", "Melati");
    await pick(page, m.locator("#visit-dpjp"), "budi", "dr. Budi");
    await m.locator("button:has-text('Simpan')").click();
    await m.waitFor({ state: "detached" });
    const stays = await api.json("/api/ipd?draw=1&start=0&length=10&statusFilter=semua");
    const stay = stays.body.data.find((v: { pasien: { erm: string } }) =>
      v.pasien.erm === "000789"
    );
    assert.equal(stay.visitDate, "2026-11-21T16:30:00.000Z");
    // shown as entered, in the list and on the stay's page (and its print, with WITA)
    await page.locator(".dt-table tbody tr", { hasText: "22-11-2026" }).first().waitFor();
    await open(page, srv.url, `/ipd/${stay._id}`);
    assert.match(await page.locator(".ipd-header").innerText(), /Masuk 22-11-2026 00:30/);
    await page.goto(`${srv.url}/ipd/${stay._id}/print`);
    assert.match(await page.locator(".print-facts").first().innerText(), /22-11-2026 00:30 WITA/);
    // the day filter cuts at WITA midnight
    const listed = async (day: string) => {
      await open(page, srv.url, `/ipd?statusFilter=semua&dateRange=${day}%20/%20${day}`);
      return await page.locator(".dt-table tbody tr", { hasText: "Dewi" }).count();
    };
    assert.equal(await listed("2026-11-22"), 1);
    assert.equal(await listed("2026-11-21"), 0);
    // the edit form reads it back as entered
    await open(page, srv.url, "/ipd");
    await page.locator(".dt-table tbody tr", { hasText: "Dewi" }).locator("button:has-text('Edit')")
      .click();
    const edit = page.locator(".modal", { hasText: "Edit Kunjungan" });
    assert.equal(await edit.locator("#visit-visitDate").inputValue(), "22-11-2026 00:30");
    assert.deepEqual(s.errors, []);
    await s.close();
  } finally {
    await browser.close();
    await srv.close();
  }
});

Deno.test("screens: a fresh install shows the set-up checklist and hints under empty lists", async () => {
  const srv = await serve();
  const browser = await launch();
  try {
    const s = await screen(browser, srv.url, SIZES[0]);
    const { page, api } = s;
    await open(page, srv.url, "/");
    const list = page.locator(".setup-checklist");
    const steps = await list.locator("li").evaluateAll((li) =>
      li.map((l) => [l.getAttribute("data-step"), l.classList.contains("done")])
    );
    assert.deepEqual(steps, [
      ["hospital", false],
      ["rooms", false],
      ["doctors", false],
      ["tariffs", false],
      ["icd", false],
    ]);
    assert.equal(
      await list.locator("a", { hasText: "Kelas dan ruang" }).getAttribute("href"),
      "/kelas",
    );
    await shot(page, "fresh-dashboard-1366");
    // 'Tambah Kunjungan' says why Ruang and DPJP are empty, with links
    await open(page, srv.url, "/ipd");
    await page.click("button:has-text('Tambah Kunjungan')");
    const m = page.locator(".modal", { hasText: "Tambah Kunjungan" });
    await m.locator("[data-empty-hint=room] a[href='/ruang']").waitFor();
    await m.locator("[data-empty-hint=dpjp] a[href='/dokter']").waitFor();
    await shot(page, "fresh-visit-form-1366");
    // once everything is there, the checklist is gone and so are the hints
    await seedIpd(api);
    await open(page, srv.url, "/");
    assert.equal(await page.locator(".setup-checklist").count(), 0);
    await open(page, srv.url, "/ipd");
    await countHintAnswers(page);
    await page.click("button:has-text('Tambah Kunjungan')");
    await page.locator(".modal #visit-room").waitFor();
    // the form has read both lists' answers (a hint would be on screen by now)
    await page.waitForFunction(() => (globalThis as { hintAnswers?: number }).hintAnswers === 2);
    assert.equal(await page.locator("[data-empty-hint]").count(), 0);

    // the group and tariff forms say the format and refuse bad text before sending it
    const sent: string[] = [];
    page.on("request", (r) => r.method() === "POST" && sent.push(r.url()));
    await open(page, srv.url, "/grup-inacbg");
    await page.click("button:has-text('Tambah Grup INA-CBG')");
    const g = page.locator(".modal");
    assert.match(
      await g.locator("#kode-hint, [id$='-kode-hint']").first().innerText(),
      /20 karakter/,
    );
    await g.locator("input[name=kode]").fill("A-4-10-I-TERLALU-PANJANG");
    await g.locator("input[name=deskripsi]").fill("Septikemia");
    await g.locator("button:has-text('Simpan')").click();
    assert.equal(await g.locator("input[name=kode]").getAttribute("aria-invalid"), "true");
    assert.equal(await g.locator("input[name=kode]:invalid").count(), 1);
    await g.locator("button:has-text('Batal')").click();
    await open(page, srv.url, "/tarif-inacbg");
    await page.click("button:has-text('Tambah Tarif INA-CBG')");
    const f = page.locator(".modal");
    assert.match(await f.locator("[id$='-kode-hint']").innerText(), /A-4-10-I/);
    await f.locator("input[name=kode]").fill("1500000");
    await f.locator("button:has-text('Simpan')").click();
    assert.equal(await f.locator("input[name=kode]:invalid").count(), 1);
    assert.match(
      await f.locator("input[name=kode]").evaluate((el) =>
        (el as HTMLInputElement).validationMessage
      ),
      /tidak sesuai format/,
    );
    assert.deepEqual(sent.filter((u) => /inacbg|inatarif/.test(u)), []);
    await shot(page, "tariff-form-1366");
    assert.deepEqual(s.errors, []);
    await s.close();
  } finally {
    await browser.close();
    await srv.close();
  }
});
