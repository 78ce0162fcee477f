/**
 * The first run of a class C government hospital that imported the class A tariff sample: the
 * checklist checks what the app needs (tariffs of the hospital's regional and class, a chosen
 * time zone, regions, a DPJP doctor), the empty pickers say why with a link to the fix, the
 * doctor form carries the switches, and the class is written as staff say it. Both screen
 * sizes, English browser; the clerk's own steps by keyboard.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import * as XLSX from "xlsx";
import { type Api, refId } from "../ipd_fixtures.ts";
import { fixture } from "../fixtures/mod.ts";
import { importRegions, launch, open, serve } from "./harness.ts";
import { screen, shot, SIZES } from "./screens_steps.ts";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** What the checklist says: each step's key, whether it is done, and its hint. */
const checklist = async (page: Page) =>
  await page.locator(".setup-checklist li").evaluateAll((li) =>
    li.map((l) => [
      l.getAttribute("data-step"),
      l.classList.contains("done"),
      l.querySelector("small")?.textContent ?? "",
    ])
  );

const TARIFF_WHY = "Belum ada tarif INA-CBG untuk rumah sakit ini (Regional 1, Kelas C, " +
  "Pemerintah); yang sudah diimpor: Regional 1, Kelas A, Pemerintah; Regional 1, Kelas A, " +
  "Swasta; Regional 5, Kelas D, Swasta.";

/** Class C government hospital in regional 1 saved by a script (no zone), its wards, codes. */
async function hospital(api: Api, page: Page, url: string) {
  const ok = async (r: Promise<{ status: number; body: any }>) => {
    const got = await r;
    assert.equal(got.status, 200, JSON.stringify(got.body));
    return got.body.data;
  };
  await ok(api.post("/api/setting/hospital", {
    name: "RSUD Kelas C",
    regional: await refId(api, "regional", "Regional 1"),
    hospitalClass: await refId(api, "hospital-class", "C"),
    owner: await refId(api, "owner", "Pemerintah"),
    type: await refId(api, "hospital-type", "Rumah Sakit Umum"),
  }));
  // the PMK 3/2023 sample (regional 1 class A, both owners; regional 5 class D), as .xlsx
  const csv = await Deno.readTextFile(fixture("inacbg/tarif_inacbg_pmk3_2023_sample.csv"));
  const xlsx = XLSX.write(XLSX.read(csv, { type: "string", raw: true }), {
    type: "buffer",
    bookType: "xlsx",
  });
  const up = await page.request.post(`${url}/api/inatarif/import`, {
    multipart: { file: { name: "tarif.xlsx", mimeType: XLSX_TYPE, buffer: Buffer.from(xlsx) } },
  });
  assert.equal(up.status(), 200, await up.text());
  const cls = await ok(
    api.post("/api/class-room/update", { id: "", name: "Kelas III", desc: "", classtype: "third" }),
  );
  const room = await ok(
    api.post("/api/room/update", { id: "", name: "Mawar", desc: "", classroom: cls._id }),
  );
  await ok(
    api.post("/api/icd/update", {
      id: "",
      kind: "icd10",
      code: "A09",
      code2: "",
      desc: "Diarrhoea",
    }),
  );
  const doctor = await ok(api.post("/api/doctor/update", {
    id: "",
    front_title: "dr.",
    first_name: "Budi",
    last_name: "",
    last_title: "Sp.PD",
    phone: "",
    gender: "L",
  }));
  const pasien = await ok(
    api.post("/api/pasien/update", {
      id: "",
      erm: "000777",
      first_name: "Sari",
      gender: "P",
      tgl_lahir: "1980-01-01",
    }),
  );
  return { room: room._id, doctor: doctor._id, pasien: pasien._id };
}

/** The checklist, settings, visit form and doctor form of the first state, at one size. */
async function firstLook(page: Page, url: string, tag: string) {
  await open(page, url, "/");
  assert.deepEqual(await checklist(page), [
    ["hospital", true, ""],
    [
      "timezone",
      false,
      "Zona waktu rumah sakit belum dipilih; sampai dipilih, semua jam dicatat dalam WIB.",
    ],
    [
      "regions",
      false,
      "Data wilayah belum diimpor: Provinsi, Kabupaten/Kota, Kecamatan, Kelurahan " +
      "(alamat pasien dipilih dari daftar ini).",
    ],
    ["rooms", true, ""],
    ["doctors", false, "Belum ada dokter yang ditandai DPJP."],
    ["tariffs", false, TARIFF_WHY],
    // done with English names only: the step says the Indonesian ones are not loaded
    [
      "icd",
      true,
      "Nama Indonesia kode ICD-10 belum dimuat: cari dengan nama Inggris atau kode " +
      "(mis. 'fever', 'A01'), atau impor icd10_who_en_id_fendis0709.csv " +
      "(kolom kode,nama_en,nama_id). Impor di Data Master › ICD",
    ],
  ]);
  assert.equal(
    await page.locator("[data-step=tariffs] a").getAttribute("href"),
    "/tarif-inacbg",
  );
  await shot(page, `first-run-checklist-${tag}`);
  // the profile in staff's words, and no zone offered until someone picks one
  await open(page, url, "/pengaturan");
  const profile = await page.locator("#profil-rs").innerText();
  assert.match(profile, /Tarif INA-CBG yang berlaku: Regional 1, Kelas C, Pemerintah\./);
  assert.doesNotMatch(profile, /kelas_rs|\bCP\b/);
  assert.equal(await page.locator("#profil-rs-timezone").inputValue(), "");
  await shot(page, `first-run-profile-${tag}`);
  // the tariff list names the classes the same way
  await open(page, url, "/tarif-inacbg");
  assert.match(
    await page.locator(".dt-table tbody tr").first().innerText(),
    /Kelas A, (Pemerintah|Swasta)/,
  );
  // the visit form's DPJP picker says why it is empty, and links to the fix
  await open(page, url, "/ipd");
  await page.click("button:has-text('Tambah Kunjungan')");
  const why = page.locator(".modal #visit-dpjp-empty");
  await why.waitFor();
  assert.equal(
    await why.innerText(),
    "Belum ada dokter yang ditandai DPJP. Tandai di Pengguna › Dokter",
  );
  assert.equal(await why.locator("a").getAttribute("href"), "/dokter");
  await shot(page, `first-run-visit-form-${tag}`);
  // the doctor form carries the DPJP, IGD and approval switches, off for a new doctor
  await open(page, url, "/dokter");
  await page.click("button:has-text('Tambah Dokter')");
  const form = page.locator(".modal");
  const switches = form.getByRole("switch");
  await switches.first().waitFor();
  assert.deepEqual(
    await switches.evaluateAll((els) =>
      els.map((el) => [
        el.getAttribute("name"),
        (el as HTMLInputElement).checked,
        (el as HTMLInputElement).labels?.[0]?.textContent,
      ])
    ),
    [
      ["dpjp", false, "DPJP"],
      ["igd", false, "IGD"],
      ["approval", false, "Approval"],
    ],
  );
  await shot(page, `first-run-doctor-form-${tag}`);
}

/** The clerk picks WITA and marks the doctor DPJP in its form, by keyboard. */
async function clerkFixes(page: Page, url: string) {
  await open(page, url, "/pengaturan");
  await page.focus("#profil-rs-timezone");
  await page.keyboard.type("WITA");
  await page.locator("#profil-rs-timezone-list [role=option]", { hasText: "WITA" }).waitFor();
  await page.keyboard.press("Enter");
  await page.locator("#profil-rs button:has-text('Simpan')").focus();
  await page.keyboard.press("Enter");
  await page.locator(".toast", { hasText: "Data Berhasil di Simpan" }).waitFor();

  await open(page, url, "/dokter");
  await page.locator(".dt-table tbody tr", { hasText: "dr. Budi, Sp.PD" })
    .locator("button:has-text('Edit')").focus();
  await page.keyboard.press("Enter");
  const form = page.locator(".modal");
  await form.getByRole("switch", { name: "DPJP" }).focus();
  await page.keyboard.press("Space");
  assert.equal(await form.getByRole("switch", { name: "DPJP" }).isChecked(), true);
  await form.locator("button:has-text('Simpan')").focus();
  await page.keyboard.press("Enter");
  await form.waitFor({ state: "detached" });
  // the list, reloaded after the save, shows the switch on
  await page.waitForFunction(() =>
    document.querySelector<HTMLInputElement>(".dt-table [role=switch][aria-label=DPJP]")?.checked
  );
}

/** The stay's examination form: the grouping picker says why it is empty, shut and open. */
async function groupingWhy(page: Page, url: string, stay: string, tag: string) {
  await open(page, url, "/");
  assert.deepEqual((await checklist(page)).map(([k, d]) => [k, d]), [
    ["hospital", true],
    ["timezone", true],
    ["regions", true],
    ["rooms", true],
    ["doctors", true],
    ["tariffs", false],
    ["icd", true],
  ]);
  await open(page, url, `/ipd/${stay}`);
  await page.click("button:has-text('Tambah Pemeriksaan')");
  const why = page.locator(".modal #exam-grouping-empty");
  await why.waitFor();
  assert.equal(await why.innerText(), `${TARIFF_WHY} Impor di Data Master › Tarif INA-CBG`);
  assert.equal(await why.locator("a").getAttribute("href"), "/tarif-inacbg");
  // opened by keyboard: once the list's own answer is in, it says the same instead of rows
  await page.focus("#exam-grouping");
  const answered = page.waitForResponse((r) => r.url().includes("/api/inatarif/select2"));
  await page.keyboard.press("ArrowDown");
  await answered;
  await page.waitForFunction(
    (t) => document.querySelector("#exam-grouping-list .select-info")?.textContent === t,
    TARIFF_WHY,
  );
  assert.equal(await page.locator("#exam-grouping-list [role=option]").count(), 0);
  await shot(page, `first-run-grouping-${tag}`);
  await page.keyboard.press("Escape");
}

Deno.test("first run: a class C hospital with class A tariffs is told why, in the checklist and the pickers", async () => {
  const srv = await serve();
  const browser = await launch();
  try {
    const screens = [];
    for (const size of SIZES) screens.push(await screen(browser, srv.url, size));
    const [big] = screens;
    const w = await hospital(big.api, big.page, srv.url);
    for (const s of screens) await firstLook(s.page, srv.url, String(s.page.viewportSize()!.width));

    await clerkFixes(big.page, srv.url);
    await importRegions(srv.store);
    const stay = await big.api.post("/api/ipd/update", {
      id: "",
      pasienId: w.pasien,
      visitDate: "2026-11-01T08:00",
      indicationranap: await refId(big.api, "indication-ranap", "Terapi intravena"),
      diagnosis_awal: "Diare",
      asal: "IGD",
      room_id: w.room,
      igd_id: "",
      dpjp_id: w.doctor,
      episode: "",
      criteria: "",
      readmisi_reason: "",
    });
    assert.equal(stay.status, 200, JSON.stringify(stay.body));
    for (const s of screens) {
      await groupingWhy(s.page, srv.url, stay.body.data._id, String(s.page.viewportSize()!.width));
    }
    // the hospital's own tariffs: every step done, the checklist is gone
    const own = await big.api.post("/api/inatarif/update", {
      id: "",
      regional: "1",
      kelas_rs: "CP",
      kode: "A-4-10-I",
      desc: "SEPTIKEMIA (RINGAN)",
      tarif_Kelas3: "2800000",
      tarif_Kelas2: "3262000",
      tarif_Kelas1: "3724000",
    });
    assert.equal(own.status, 200, JSON.stringify(own.body));
    await open(big.page, srv.url, "/");
    assert.equal(await big.page.locator(".setup-checklist").count(), 0);
    for (const s of screens) {
      assert.deepEqual(s.errors, []);
      await s.close();
    }
  } finally {
    await browser.close();
    await srv.close();
  }
});
