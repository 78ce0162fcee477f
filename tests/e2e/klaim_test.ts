import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { users } from "../../lib/auth/auth.ts";
import { hashPassword } from "../../lib/auth/password.ts";
import { hospitalDay } from "../../lib/hospital_time.ts";
import { toLocalInput } from "../../lib/ipd/rules.ts";
import { admission, seedIpd } from "../ipd_fixtures.ts";
import * as XLSX from "xlsx";
import { admitDischarge, eklaimTxt } from "../claim_fixtures.ts";
import { writeXlsx } from "../../lib/resource/spreadsheet.ts";
import { apiOf, login, PASSWORD, session } from "./harness.ts";

/** Opens a page and waits until every island on it is live. */
async function open(page: Page, url: string, path: string) {
  await page.goto(`${url}${path}`);
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>("[data-island]")]
      .every((el) => el.dataset.hydrated === "true")
  );
}

/** Picks an option of a searchable select by typing part of it. */
async function pick(page: Page, input: Locator, typed: string, option: string) {
  await input.click();
  await input.fill(typed);
  await page.locator(`[role=option]:has-text('${option}')`).first().click();
}

/** Waits for a dialog with `text`, checks its title and presses its button. */
async function dialog(page: Page, title: string, text: string, button = "OK") {
  const d = page.locator(".dialog", { hasText: text });
  await d.waitFor();
  assert.equal(await d.locator("h2").innerText(), title);
  await d.locator(`button:has-text('${button}')`).click();
  await d.waitFor({ state: "detached" });
}

/** A local date-time `days` days from now (Jakarta), as the date-time inputs take it. */
const at = (days: number, hours = 0) =>
  toLocalInput(new Date(Date.now() + days * 86_400_000 + hours * 3_600_000).toISOString());

/** The Klaim list's row of `who`. */
const klaimRow = (page: Page, who: string) => page.locator(".dt-table tbody tr", { hasText: who });

/** Opens the status dialog of `who`'s claim, picks `status` and what it needs, and saves. */
async function changeStatus(
  page: Page,
  who: string,
  status: string,
  offered: string[],
  fill: (m: Locator) => Promise<void> = async () => {},
) {
  await klaimRow(page, who).locator("button:has-text('Ubah Status')").click();
  const m = page.locator(".modal", { hasText: "Status Klaim" });
  await m.locator("#klaim-new-status").waitFor();
  assert.deepEqual(await m.locator("#klaim-new-status option").allInnerTexts(), offered);
  await m.locator("#klaim-new-status").selectOption(status);
  await fill(m);
  await m.locator("button:has-text('Simpan')").click();
  await m.waitFor({ state: "detached" });
  await klaimRow(page, who).locator(`[data-status=${status}]`).waitFor();
}

Deno.test("browser: a casemix user fixes an unready stay, imports E-Klaim, follows the claim to paid; the dashboard counts it", async () => {
  await using s = await session();
  const { page, url } = s;
  await page.setViewportSize({ width: 1366, height: 768 });
  await users(s.store).insert({
    fullname: "Petugas Casemix",
    email: "casemix@rs.test",
    phone: "",
    username: "casemix",
    gender: "",
    role: "casemix",
    passwordHash: await hashPassword(PASSWORD),
  });
  // the administrator sets up the hospital and its master data; the casemix user works
  await login(page, url);
  const w = await seedIpd(await apiOf(page, url));
  await page.context().clearCookies();
  await login(page, url, "casemix");
  const api = await apiOf(page, url);

  // Siti's stay: examined without an INA-CBG grouping, discharged with her summary
  const stay = await api.post("/api/ipd/update", admission(w, { visitDate: at(-5) }));
  assert.equal(stay.status, 200, JSON.stringify(stay.body));
  const id = stay.body.data._id as string;
  const exam = await api.json("/api/ipd/visitexamination/update", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      id: "",
      ipdId: id,
      examinationDate: at(-5, 2),
      subject: "Demam",
      object: "Suhu 38",
      assesment: "Pneumonia",
      plan: "Antibiotik",
      keyword: [],
      diagnosis: [w.icd["J18.9"]],
      tindakan: [],
      grouping: "",
      tarifinacbgSelect: "",
      tarif_rs: "1000000",
    }),
  });
  assert.equal(exam.status, 200, JSON.stringify(exam.body));
  const version = async () => (await api.json(`/api/ipd/${id}`)).body.data._version as string;
  const out = await api.json("/api/ipd/discharge-patient/update", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      id,
      _version: await version(),
      tanggal_pulang: at(-2),
      dischargepatient: w.pulang,
      summary_diagnosis: [w.icd["J18.9"]],
      summary_tindakan: [],
    }),
  });
  assert.equal(out.status, 200, JSON.stringify(out.body));

  // ---- the Klaim page: the stay needs a fix; its checklist names the grouping
  await page.click(".sidebar a[href='/klaim']");
  await page.waitForURL(`${url}/klaim`);
  await open(page, url, "/klaim");
  const ready = klaimRow(page, "Siti").locator(".claim-ready");
  assert.equal((await ready.innerText()).trim(), "Perlu perbaikan (1 temuan)");
  await open(page, url, "/klaim?readyFilter=siap");
  await page.locator(".dt-empty").waitFor();
  await page.selectOption("#klaim-ready", "perbaikan");
  await klaimRow(page, "Siti").waitFor();
  await page.selectOption("#klaim-rule", "GROUPING");
  await klaimRow(page, "Siti").waitFor();
  await klaimRow(page, "Siti").locator(".claim-ready").click();
  await page.waitForURL(`${url}/ipd/${id}#kelengkapan-klaim`);
  const grouping = page.locator("#kelengkapan-klaim [data-rule=GROUPING]");
  assert.equal(await grouping.getAttribute("data-status"), "blok");

  // ---- the fix: cancel the discharge, add the examination choosing the group, discharge
  await open(page, url, "/discharge-patient");
  await page.locator("tr", { hasText: "Siti (000123)" }).locator("button:has-text('Batal Pulang')")
    .click();
  await dialog(page, "Konfirmasi?", "membatalkan status pasien", "Ya, Batalkan!");
  await dialog(page, "Berhasil!", "Status Kepulangan pasien sudah dibatalkan.");
  await page.waitForURL(`${url}/ipd`);
  await open(page, url, `/ipd/${id}`);
  await page.click("button:has-text('Tambah Pemeriksaan')");
  let m = page.locator(".modal", { hasText: "Tambah Pemeriksaan" });
  await m.waitFor();
  await m.getByLabel("Tanggal Pemeriksaan").fill(at(-1));
  await m.getByLabel("Subjectif").fill("Membaik");
  await m.getByLabel("Objectif").fill("Suhu 37");
  await m.getByLabel("Asesmen/Action").fill("Pneumonia");
  await m.getByLabel("Planning").fill("Pulang");
  await pick(page, m.locator("#exam-diagnosis"), "J18", "J18.9");
  await pick(page, m.locator("#exam-grouping"), "J-4-16-I", "J-4-16-I");
  await page.waitForFunction(() =>
    (document.querySelector<HTMLSelectElement>("#exam-tarifinacbgSelect"))?.value === "second"
  );
  await m.getByLabel("Tarif RS (tagihan hari ini)").fill("1500000");
  await m.locator("button:has-text('Simpan')").click();
  await m.waitFor({ state: "detached" });
  await page.click("button:has-text('Pulang')");
  m = page.locator(".modal", { hasText: "Pasien Pulang" });
  await m.locator(".chip", { hasText: "J18.9" }).waitFor();
  await pick(page, m.locator("#discharge-method"), "setuju", "Atas Persetujuan Dokter");
  await m.locator("button:has-text('Simpan')").click();
  await page.waitForURL(`${url}/discharge-patient`);
  await open(page, url, `/ipd/${id}`);
  assert.equal(await grouping.getAttribute("data-status"), "ok");
  await open(page, url, "/klaim?readyFilter=siap");
  assert.equal((await klaimRow(page, "Siti").locator(".claim-ready").innerText()).trim(), "Siap");

  // ---- E-Klaim's export: Siti grouped J-4-16-II, an outpatient row, an unknown MRN
  const masuk = at(-5).slice(0, 10);
  const pulang = hospitalDay(new Date());
  const txt = eklaimTxt([
    {
      sep: "0301R0011126V000001",
      mrn: "000123",
      admission: masuk,
      discharge: pulang,
      inacbg: "J-4-16-II",
      tarif: 5_200_000,
      tarifRs: 2_750_000,
    },
    {
      sep: "0301R0011126V000002",
      mrn: "000123",
      admission: pulang,
      discharge: pulang,
      inacbg: "Q-5-44-0",
      tarif: 200_000,
      tarifRs: 150_000,
      ptd: 2,
    },
    {
      sep: "0301R0011126V000003",
      mrn: "999999",
      nama: "Tidak Dikenal",
      admission: masuk,
      discharge: pulang,
      inacbg: "J-4-16-I",
      tarif: 5_000_000,
      tarifRs: 1_000_000,
    },
  ]);
  const file = await Deno.makeTempFile({ suffix: ".txt" });
  await Deno.writeTextFile(file, txt);
  await open(page, url, "/klaim");
  await page.setInputFiles("#klaim-eklaim-file", file);
  await page.click("button:has-text('Impor E-Klaim')");
  const recon = page.locator(".reconciliation");
  await recon.waitFor();
  const changed = recon.locator("[data-part=changed] tbody tr");
  assert.match(await changed.innerText(), /J-4-16-I · Rp 5\.000\.000\s+J-4-16-II · Rp 5\.200\.000/);
  // TARIF_RS 2.750.000 against the app's bill 1.000.000 + 1.500.000
  assert.match(
    await recon.locator("[data-part=gaps] tbody tr").innerText(),
    /Rp 2\.750\.000\s+Rp 2\.500\.000\s+Rp 250\.000/,
  );
  assert.match(await recon.locator("[data-part=unmatched] tbody tr").innerText(), /999999/);
  assert.match(await recon.locator(".alert-success").innerText(), /1 rawat jalan dilewati/);
  await klaimRow(page, "Siti").locator("[data-status=final]").waitFor();
  assert.match(
    await klaimRow(page, "Siti").locator(".claim-packages").innerText(),
    /final: J-4-16-II · Rp 5\.200\.000/,
  );
  await Deno.remove(file);

  // ---- the claim's status: sent, pending (with its reason), sent again, approved, paid
  await changeStatus(page, "Siti", "terkirim", ["Terkirim"]);
  await changeStatus(page, "Siti", "pending", ["Pending", "Dispute", "Layak"], async (m) => {
    await m.locator("#klaim-reason").selectOption("koding");
  });
  assert.match(
    await klaimRow(page, "Siti").locator(".claim-status").innerText(),
    /Koding tidak sesuai kaidah koding klinis/,
  );
  await changeStatus(page, "Siti", "terkirim", ["Terkirim", "Dispute", "Layak"]);
  await changeStatus(page, "Siti", "layak", ["Pending", "Dispute", "Layak"], async (m) => {
    await m.locator("#klaim-amount").fill("4.800.000");
  });
  await changeStatus(page, "Siti", "dibayar", ["Dibayar"], async (m) => {
    await m.locator("#klaim-amount").fill("4800000");
    await m.locator("#klaim-date").fill(pulang.split("-").reverse().join("-"));
  });
  assert.match(
    await klaimRow(page, "Siti").locator(".claim-status").innerText(),
    /Rp 4\.800\.000/,
  );

  // ---- the dashboard: the period's counters and the month's claim figures
  await open(page, url, "/");
  assert.equal(await page.locator("[data-counter=siap] .stat-value").innerText(), "1");
  assert.equal(await page.locator("[data-counter=perbaikan] .stat-value").innerText(), "0");
  const month = page.locator(`[data-month='${pulang.slice(0, 7)}'] td`);
  assert.deepEqual(await month.allInnerTexts(), [
    "1",
    "Rp 5.200.000",
    "0",
    "Rp 0",
    "0",
    "Rp 0",
    "1",
    "Rp 4.800.000",
  ]);
  assert.match(
    await page.locator("[data-table=pending]").innerText(),
    /Koding tidak sesuai kaidah koding klinis\s+1/,
  );
  assert.match(
    await page.locator("[data-table=dpjp]").innerText(),
    /Rp 5\.200\.000\s+Rp 4\.800\.000\s+Rp 400\.000/,
  );
  await page.click("[data-counter=siap]");
  await page.waitForURL(/\/klaim\?dateRange=.*readyFilter=siap/);
  await klaimRow(page, "Siti").waitFor();
  assert.deepEqual(s.errors, []);
});

Deno.test("browser: claim statuses in bulk from Excel: the template, an unknown SEP refused by line, then the rows changed", async () => {
  await using s = await session();
  const { page, url } = s;
  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page, url);
  const api = await apiOf(page, url);
  const w = await seedIpd(api);
  const t = { ...api, store: s.store } as unknown as Parameters<typeof admitDischarge>[0];
  await admitDischarge(t, w, w.pasien, { masuk: "2026-11-01", pulang: "2026-11-04" }, w.j4, "1");
  const sep = "0301R0011126V000001";
  const fd = new FormData();
  fd.append(
    "file",
    new File([
      eklaimTxt([{
        sep,
        mrn: "000123",
        admission: "2026-11-01",
        discharge: "2026-11-04",
        inacbg: "J-4-16-I",
        tarif: 5_000_000,
        tarifRs: 1,
      }]),
    ], "e.txt"),
  );
  const imp = await api.json("/api/klaim/import-eklaim", { method: "POST", body: fd });
  assert.equal(imp.status, 200, JSON.stringify(imp.body));

  await open(page, url, "/klaim");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.click("a:has-text('Unduh template')"),
  ]);
  const wb = XLSX.read(await Deno.readFile((await download.path())!), { type: "array" });
  const head = XLSX.utils.sheet_to_json<string[]>(wb.Sheets[wb.SheetNames[0]], { header: 1 })[0];
  assert.deepEqual(head, ["SEP", "STATUS", "ALASAN", "JUMLAH", "TANGGAL_BAYAR"]);

  const file = await Deno.makeTempFile({ suffix: ".xlsx" });
  await Deno.writeFile(
    file,
    writeXlsx([["SEP", "STATUS", "ALASAN", "JUMLAH", "TANGGAL_BAYAR"], [
      "SEP-TIDAK-ADA",
      "terkirim",
    ]]),
  );
  await page.setInputFiles("#klaim-status-file", file);
  await page.click("button:has-text('Impor Status')");
  await dialog(page, "Error!", 'Baris 2: SEP "SEP-TIDAK-ADA" tidak dikenal');
  await klaimRow(page, "Siti").locator("[data-status=final]").waitFor();

  await Deno.writeFile(
    file,
    writeXlsx([["SEP", "STATUS", "ALASAN", "JUMLAH", "TANGGAL_BAYAR"], [sep, "terkirim"]]),
  );
  await page.setInputFiles("#klaim-status-file", file);
  await page.click("button:has-text('Impor Status')");
  const changed = page.locator("[data-part=status-changed] tbody tr");
  await changed.waitFor();
  assert.match(await changed.innerText(), new RegExp(`2\\s+${sep}\\s+final\\s+terkirim`));
  await klaimRow(page, "Siti").locator("[data-status=terkirim]").waitFor();
  await Deno.remove(file);
  assert.deepEqual(s.errors, []);
});
