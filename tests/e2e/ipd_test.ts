import assert from "node:assert/strict";
import { seedIpd } from "../ipd_fixtures.ts";
import { apiOf, login, open, pick, rowWith, session } from "./harness.ts";
import { addExam, at, colours, dialog, sheetText, today } from "./ipd_steps.ts";

Deno.test("browser: admission, examinations with tariffs, discharge, exports, cancel, readmission", async () => {
  await using s = await session();
  const { page, url } = s;
  await login(page, url);
  await seedIpd(await apiOf(page, url));

  // ---- admission
  await page.click(".sidebar a:has-text('Kunjungan Rawat Inap')");
  await page.waitForURL(`${url}/ipd`);
  await open(page, url, "/ipd");
  await page.click("button:has-text('Tambah Kunjungan')");
  let m = page.locator(".modal", { hasText: "Tambah Kunjungan" });
  await m.waitFor();
  // a new patient from inside the form is chosen in place; clearing shows the button again
  await m.locator("button:has-text('Pasien Baru')").click();
  const pm = page.locator(".modal", { hasText: "Tambah Pasien" });
  await pm.getByLabel("No. ERM").fill("000789");
  await pm.getByLabel("Nama Depan").fill("Dewi");
  await pm.getByLabel("Nama Belakang").fill("Lestari");
  await pm.getByLabel("Tanggal Lahir").fill("02-11-1980");
  await pick(page, pm.getByLabel("Jenis Kelamin"), "", "Perempuan");
  await pm.locator("button:has-text('Simpan')").click();
  await pm.waitFor({ state: "detached" });
  assert.equal(await m.locator("#visit-pasien").inputValue(), "000789 - Dewi Lestari");
  assert.equal(await m.locator("button:has-text('Pasien Baru')").count(), 0);
  await m.locator(".select-clear").first().click();
  await m.locator("button:has-text('Pasien Baru')").waitFor();

  await pick(page, m.locator("#visit-pasien"), "000123", "000123 - Siti");
  await m.locator("#visit-visitDate").fill(at(-3));
  await pick(page, m.locator("#visit-indicationranap"), "intra", "Terapi intravena");
  await m.locator("#visit-diagnosis_awal").fill("Pneumonia");
  await m.locator("#visit-asal").fill("IGD");
  await pick(page, m.locator("#visit-room"), "mel", "Melati");
  await pick(page, m.locator("#visit-igd"), "citra", "dr. Citra");
  await pick(page, m.locator("#visit-dpjp"), "budi", "dr. Budi");
  await pick(page, m.locator("#visit-episode"), "ventilator", "ICU dengan ventilator");
  await m.getByText("Perawatan intensif dengan alat bantu napas mekanik").waitFor();
  await pick(page, m.locator("#visit-criteria"), "merah", "Gawat darurat (merah)");
  await m.getByText("Mengancam nyawa, perlu penanganan segera").waitFor();
  assert.equal(await m.locator("#visit-readmisi_reason").count(), 0);
  await m.locator("button:has-text('Simpan')").click();
  await m.waitFor({ state: "detached" });
  assert.match(await rowWith(page, "Siti (000123)"), /Melati\s+3 Hari/);

  // ---- examinations
  await page.locator("tr", { hasText: "Siti (000123)" }).locator("a:has-text('Pemeriksaan')")
    .click();
  await page.waitForURL(/\/ipd\/[0-9A-Z]+$/);
  const ipdId = page.url().split("/").pop()!;
  await open(page, url, `/ipd/${ipdId}`);
  assert.equal(await page.locator("#ipd_id").inputValue(), ipdId);
  await addExam(page, {
    date: at(-3, 1),
    subject: "Demam dan kejang",
    keyword: "kejang",
    diagnoses: [["J18.9", "J18.9 - Pneumonia"], ["R56.8", "R56.8 - Other"]],
    procedures: [["93.96", "93.96 - Other oxygen"]],
    grouping: "J-4-16-I",
    rs: "1500000",
    analysis: "70,00 %",
  });
  await addExam(page, {
    date: at(-2),
    subject: "Membaik",
    keyword: "usg",
    diagnoses: [["J18.9", "J18.9 - Pneumonia"]],
    procedures: [],
    grouping: "J-4-16-II",
    rs: "Rp 2.000.000",
    analysis: "32,69 %",
  });
  await addExam(page, {
    date: at(-1),
    subject: "Stabil",
    keyword: "kejang",
    diagnoses: [["A09", "A09 - Diarrhoea"]],
    procedures: [["89.14", "89.14 - Electro"]],
    grouping: "J-4-16-II",
    rs: "2.500.000",
    analysis: "-15,38 %",
  });
  const exams = page.locator(".dt-table tbody tr");
  await page.waitForFunction(() => document.querySelectorAll(".dt-table tbody tr").length === 3);
  await page.locator("[data-total=rs]", { hasText: "Rp 6.000.000" }).waitFor();
  assert.equal(await page.locator("[data-total=ina]").innerText(), "Rp 5.200.000");
  assert.equal(await page.locator("[data-total=pct]").innerText(), "-15,38 %");
  assert.equal(await page.locator("[data-total=pct] .pct").getAttribute("class"), "pct pct-red");
  const pct = exams.locator("td:nth-child(6) .pct");
  assert.deepEqual(await pct.allInnerTexts(), ["70,00 %", "32,69 %", "-15,38 %"]);
  assert.deepEqual(
    await pct.evaluateAll((l) => l.map((e) => e.className)),
    ["pct pct-green", "pct pct-green", "pct pct-red"],
  );
  assert.deepEqual(await exams.locator("td:nth-child(4)").allInnerTexts(), [
    "Rp 5.000.000",
    "Rp 5.200.000",
    "Rp 5.200.000",
  ]);
  assert.deepEqual(await exams.locator("td:nth-child(5)").allInnerTexts(), [
    "Rp 1.500.000",
    "Rp 2.000.000",
    "Rp 2.500.000",
  ]);
  // keyword monitoring: 'kejang' (R56.8) is hit on day 1 only, 'usg kehamilan' never
  assert.deepEqual(await exams.locator(".chip-hit").allInnerTexts(), ["kejang"]);
  assert.equal(await exams.nth(0).locator(".chip-hit").count(), 1);
  assert.match(await exams.nth(0).innerText(), /Subjectif\s+Demam dan kejang/);

  // the edit form shows the hit live, and drops it when the code goes
  await exams.nth(0).locator("button:has-text('Edit')").click();
  m = page.locator(".modal", { hasText: "Edit Pemeriksaan" });
  await m.waitFor();
  await m.locator(".chip.chip-hit", { hasText: "kejang" }).waitFor();
  assert.match(
    await m.locator("#exam-keywordsummary").inputValue(),
    /^kejang: Rekomendasi kejang \(Sumber: BA Kesepakatan\)$/,
  );
  await m.locator(".chip", { hasText: "R56.8" }).locator(".chip-remove").click();
  assert.equal(await m.locator(".chip.chip-hit").count(), 0);
  await m.locator("button:has-text('Batal')").click();
  // an edit keeps what it does not touch (grouping, class, tariffs, codes)
  await exams.nth(2).locator("button:has-text('Edit')").click();
  m = page.locator(".modal", { hasText: "Edit Pemeriksaan" });
  assert.equal(await m.locator("#exam-tarif_rs").inputValue(), "Rp 2.500.000");
  await page.waitForFunction(() =>
    document.querySelector<HTMLSelectElement>("#exam-tarifinacbgSelect")?.value === "second"
  );
  assert.equal(await m.locator("#exam-analysis .pct").innerText(), "-15,38 %");
  await m.getByLabel("Subjectif").fill("Stabil, siap pulang");
  await m.locator("button:has-text('Simpan')").click();
  await m.waitFor({ state: "detached" });
  await page.locator(".dt-table tbody tr", { hasText: "Stabil, siap pulang" }).waitFor();
  assert.deepEqual(await pct.allInnerTexts(), ["70,00 %", "32,69 %", "-15,38 %"]);
  assert.equal(await page.locator("[data-total=rs]").innerText(), "Rp 6.000.000");
  // without a grouping the form measures the day as the server will: against the package in force
  await exams.nth(2).locator("button:has-text('Edit')").click();
  m = page.locator(".modal", { hasText: "Edit Pemeriksaan" });
  await m.locator(".field", { has: page.locator("#exam-grouping") }).locator(".select-clear")
    .click();
  assert.equal(await m.locator("#exam-analysis .pct").innerText(), "-15,38 %");
  assert.match(await m.locator("#exam-analysis").innerText(), /INA-CBG Rp 5\.200\.000 dibanding/);
  await m.locator("button:has-text('Batal')").click();

  // ---- discharge: the summary is prefilled with every code of the stay
  await page.click("button:has-text('Pulang')");
  m = page.locator(".modal", { hasText: "Pasien Pulang" });
  await m.locator(".chip", { hasText: "R56.8" }).waitFor();
  assert.deepEqual(
    (await m.locator(".chip").allInnerTexts()).map((t) => t.replace(/\s*×$/, "")),
    [
      "J18.9 - Pneumonia, unspecified",
      "R56.8 - Other and unspecified convulsions",
      "A09 - Diarrhoea and gastroenteritis of presumed infectious origin",
      "93.96 - Other oxygen enrichment",
      "89.14 - Electroencephalogram",
    ],
  );
  await pick(page, m.locator("#discharge-method"), "setuju", "Atas Persetujuan Dokter");
  await m.locator("button:has-text('Simpan')").click();
  await page.waitForURL(`${url}/discharge-patient`);
  await open(page, url, "/discharge-patient");
  const row = await rowWith(page, "Siti (000123)");
  assert.match(row, /J18\.9 - Pneumonia, unspecified/);
  assert.match(row, /93\.96 - Other oxygen enrichment/);
  assert.match(
    row,
    /Rp 5\.200\.000\s+J-4-16-II · petugas\s+Rp 6\.000\.000\s+-15,38 %\s+Melati\s+3 Hari/,
  );
  assert.equal(await page.locator("[data-total]").innerText(), "1");

  // filters from the address (as the dashboard links), shown and clearable
  await open(page, url, `/discharge-patient?dateRange=${today}%20/%20${today}`);
  const shown = today.split("-").reverse().join("-");
  assert.equal(await page.locator("#pulang-from").inputValue(), shown);
  await page.locator(".chip", { hasText: `Tanggal pulang: ${shown} s.d. ${shown}` }).waitFor();
  await rowWith(page, "Siti (000123)");
  await open(page, url, "/discharge-patient?dateRange=2026-01-01%20/%202026-01-31");
  await page.locator(".dt-empty").waitFor();
  await page.click("button:has-text('Hapus semua filter')");
  await rowWith(page, "Siti (000123)");
  assert.equal(new URL(page.url()).search, "");

  // the detail view shows the stay and its examinations
  await page.locator("tr", { hasText: "Siti (000123)" }).locator("button:has-text('Detail')")
    .click();
  m = page.locator(".modal", { hasText: "Detail Kunjungan" });
  await m.locator(".visit-detail td", { hasText: "Rp 1.500.000" }).waitFor();
  const detail = await m.innerText();
  assert.match(detail, /ICU dengan ventilator\s*Perawatan intensif dengan alat bantu napas/);
  assert.match(detail, /Gawat darurat \(merah\)/);
  assert.match(detail, /dr\. Budi/);
  assert.match(detail, /Atas Persetujuan Dokter/);
  await m.locator(".modal-close").click();

  // the export of the discharged list holds the stay
  const pulangXlsx = await sheetText(
    page,
    () => page.click("a:has-text('Unduh Excel')"),
    /^pasien-pulang-\d{4}-\d{2}-\d{2}\.xlsx$/,
  );
  assert.match(pulangXlsx, /000123/);
  assert.match(pulangXlsx, /Siti/);

  // ---- cancel the discharge: back in the visit list
  await page.locator("tr", { hasText: "Siti (000123)" }).locator("button:has-text('Batal Pulang')")
    .click();
  await dialog(
    page,
    "Konfirmasi?",
    "Apakah kamu yakin ingin membatalkan status pasien ini?",
    "Ya, batalkan kepulangan",
  );
  await dialog(page, "Berhasil!", "Status Kepulangan pasien sudah dibatalkan.");
  await page.waitForURL(`${url}/ipd`);
  await open(page, url, "/ipd");
  await rowWith(page, "Siti (000123)");
  const ipdXlsx = await sheetText(
    page,
    () => page.click("a:has-text('Unduh Excel')"),
    /^kunjungan-rawat-inap-\d{4}-\d{2}-\d{2}\.xlsx$/,
  );
  assert.match(ipdXlsx, /000123/);
  // the dashboard's negative-analysis link
  await open(page, url, "/ipd?analysisFilter=negative");
  await page.locator(".chip", { hasText: "Analisa: negatif" }).waitFor();
  await rowWith(page, "Siti (000123)");
  await open(page, url, "/ipd?analysisFilter=positive");
  await page.locator(".dt-empty").waitFor();

  // ---- discharge again, then a second stay within 30 days is a readmission
  await open(page, url, `/ipd/${ipdId}`);
  await page.click("button:has-text('Pulang')");
  m = page.locator(".modal", { hasText: "Pasien Pulang" });
  await m.locator(".chip", { hasText: "R56.8" }).waitFor();
  await pick(page, m.locator("#discharge-method"), "setuju", "Atas Persetujuan Dokter");
  await m.locator("button:has-text('Simpan')").click();
  await page.waitForURL(`${url}/discharge-patient`);

  await open(page, url, "/ipd");
  await page.click("button:has-text('Tambah Kunjungan')");
  m = page.locator(".modal", { hasText: "Tambah Kunjungan" });
  await pick(page, m.locator("#visit-pasien"), "000123", "000123 - Siti");
  await pick(page, m.locator("#visit-room"), "mel", "Melati");
  await pick(page, m.locator("#visit-dpjp"), "budi", "dr. Budi");
  const reason = m.locator("#visit-readmisi_reason");
  await reason.waitFor();
  // no reason: one alert, then the field is marked and focused; nothing is sent
  await m.locator("button:has-text('Simpan')").click();
  await dialog(page, "Peringatan", "Harap pilih alasan readmisi!");
  assert.equal(await reason.getAttribute("aria-invalid"), "true");
  assert.equal(await reason.evaluate((el) => el === document.activeElement), true);
  await m.locator("#visit-readmisi_reason-error").waitFor();
  assert.equal(await page.locator(".dialog").count(), 0);
  assert.equal(await m.isVisible(), true);
  // choosing no patient hides the reason and shows the new-patient button
  await m.locator(".select-clear").first().click();
  await m.locator("button:has-text('Pasien Baru')").waitFor();
  assert.equal(await reason.count(), 0);
  await pick(page, m.locator("#visit-pasien"), "000123", "000123 - Siti");
  await reason.selectOption("none");
  await m.locator("button:has-text('Simpan')").click();
  await m.waitFor({ state: "detached" });
  const readmit = page.locator(".dt-table tbody tr", { hasText: "Siti (000123)" });
  await readmit.waitFor();
  assert.equal(await readmit.getAttribute("class"), "row-readmit-none");
  assert.deepEqual(await colours(readmit), ["rgb(198, 40, 40)", "rgb(255, 255, 255)"]);
  assert.deepEqual(s.errors, []);
});
