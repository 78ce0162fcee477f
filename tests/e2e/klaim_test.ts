import assert from "node:assert/strict";
import { users } from "../../lib/auth/auth.ts";
import { hashPassword } from "../../lib/auth/password.ts";
import { hospitalDay } from "../../lib/hospital_time.ts";
import { admission, claimReady, seedIpd } from "../ipd_fixtures.ts";
import { eklaimTxt } from "../claim_fixtures.ts";
import { apiOf, login, open, PASSWORD, pick, session } from "./harness.ts";
import { at, dialog } from "./ipd_steps.ts";
import { changeStatus, klaimRow } from "./klaim_steps.ts";

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

  // Siti's stay (SEP ...000001, as E-Klaim's export below, and class 2): examined without an
  // INA-CBG grouping, discharged with her summary
  const stay = await api.post(
    "/api/ipd/update",
    admission(w, { visitDate: at(-5), ...claimReady(1) }),
  );
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
  await dialog(page, "Konfirmasi?", "membatalkan status pasien", "Ya, batalkan kepulangan");
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
  const packages = await klaimRow(page, "Siti").locator(".claim-packages").innerText();
  assert.match(packages, /petugas: J-4-16-I · Rp 5\.000\.000/);
  assert.match(packages, /E-Klaim: J-4-16-II · Rp 5\.200\.000/);
  assert.match(packages, /berlaku: E-Klaim/);
  await Deno.remove(file);

  // ---- the stay page now shows E-Klaim's package, the ward's pick beside it
  await open(page, url, `/ipd/${id}`);
  assert.equal(await page.locator("[data-total=ina]").innerText(), "Rp 5.200.000");
  const source = page.locator(".package-source[data-paket=eklaim]");
  assert.match(
    await source.innerText(),
    /J-4-16-II \(Kelas 2\)\s+E-Klaim, grouping \d{2}-\d{2}-\d{4}/,
  );
  assert.equal(await page.locator("[data-total=petugas]").innerText(), "Rp 5.000.000");
  // (2.750.000 is E-Klaim's TARIF_RS; the app's bill 2.500.000): (5,2 - 2,5) / 5,2 = 51,92 %
  assert.equal(await page.locator("[data-total=pct]").innerText(), "51,92 %");
  const fits = await page.locator(".ipd-header").evaluate((e) => e.scrollWidth <= e.clientWidth);
  assert.ok(fits, "the header's totals fit at 1366 px");

  // ---- a claimed stay stays discharged: 'Batal Pulang' says why and what comes first
  await open(page, url, "/discharge-patient");
  await page.locator("tr", { hasText: "Siti (000123)" }).locator("button:has-text('Batal Pulang')")
    .click();
  await dialog(page, "Konfirmasi?", "membatalkan status pasien", "Ya, batalkan kepulangan");
  await dialog(
    page,
    "Error!",
    "Klaim SEP 0301R0011126V000001 sudah final: kepulangan tidak bisa dibatalkan selama " +
      "klaimnya final. Buka dulu finalnya dengan 'Edit ulang' (halaman kunjungan atau Klaim)",
  );
  assert.equal(page.url(), `${url}/discharge-patient`);
  await page.locator("tr", { hasText: "Siti (000123)" }).waitFor();
  await open(page, url, "/klaim");
  await klaimRow(page, "Siti").locator("[data-status=final]").waitFor();

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
  // held pending for 'koding', then paid: no longer among the pending reasons (issue 47)
  assert.doesNotMatch(
    await page.locator(".content").innerText(),
    /Koding tidak sesuai kaidah koding klinis\s+1/,
  );
  // 'Selisih paket': the ward's 5.000.000, E-Klaim's 5.200.000, approved 4.800.000
  assert.match(
    await page.locator("[data-table=dpjp]").innerText(),
    /Rp 5\.000\.000\s+Rp 5\.200\.000\s+Rp 200\.000\s+Rp 4\.800\.000\s+-Rp 400\.000/,
  );
  await page.click("[data-counter=siap]");
  await page.waitForURL(/\/klaim\?dateRange=.*readyFilter=siap/);
  await klaimRow(page, "Siti").waitFor();
  assert.deepEqual(s.errors, []);
});
