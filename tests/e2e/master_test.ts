import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { writeXlsx } from "../../lib/resource/spreadsheet.ts";
import { login, openTable, rows, rowWith, session } from "./harness.ts";

const xlsx = (rows: unknown[][]) => ({
  name: "data.xlsx",
  mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  buffer: Buffer.from(writeXlsx(rows)),
});

Deno.test("browser: a doctor's DPJP switch saves at once, stays on after reload, reverts on failure", async () => {
  await using s = await session();
  const { page, url } = s;
  await login(page, url);
  const res = await page.request.post(`${url}/api/doctor/update`, {
    form: { front_title: "dr.", first_name: "Budi", last_name: "Santoso", last_title: "Sp.PD" },
  });
  assert.equal(res.status(), 200);
  const id = (await res.json()).data._id;

  await openTable(page, url, "/dokter");
  await rowWith(page, "dr. Budi Santoso, Sp.PD");
  const dpjp = page.getByRole("switch", { name: "DPJP" });
  assert.equal(await dpjp.isChecked(), false);
  await dpjp.check();
  await page.waitForSelector(".toast");
  await page.reload();
  await page.waitForSelector("[data-island=DataTable][data-hydrated=true]");
  assert.equal(await page.getByRole("switch", { name: "DPJP" }).isChecked(), true);
  assert.equal(await page.getByRole("switch", { name: "IGD" }).isChecked(), false);
  const list = await (await page.request.get(`${url}/api/doctor/dpjpselect2`)).json();
  assert.deepEqual(list.results.map((r: { id: string }) => r.id), [id]);

  // the record disappears behind the page's back: the switch flips back and says why
  await page.request.delete(`${url}/api/doctor/delete/${id}`);
  await page.getByRole("switch", { name: "IGD" }).click();
  await page.waitForSelector(".dialog");
  assert.match(await page.locator(".dialog").innerText(), /Error![\s\S]*Data tidak ditemukan/);
  assert.equal(await page.getByRole("switch", { name: "IGD" }).isChecked(), false);
  assert.deepEqual(s.errors, []);
});

Deno.test("browser: INA-CBG tariffs import from .xlsx and show under a grouped header in rupiah", async () => {
  await using s = await session();
  const { page, url } = s;
  await login(page, url);
  await openTable(page, url, "/tarif-inacbg");
  const head = page.locator(".dt-table thead tr");
  assert.equal(await head.count(), 2);
  assert.equal(await page.locator("thead th.group").innerText(), "Tarif");
  assert.equal(await page.locator("thead th.group").getAttribute("colspan"), "3");
  assert.equal(await page.locator("#dt-api-inatarif-len").inputValue(), "100");

  await page.setInputFiles(
    "#dt-api-inatarif-file",
    xlsx([
      [
        "kode_inacbg",
        "deskripsi",
        "regional",
        "kelas_rs",
        "kepemilikan",
        "jenis_rawat",
        "tarif_kelas1",
        "tarif_kelas2",
        "tarif_kelas3",
      ],
      [
        "A-4-10-I",
        "SEPTIKEMIA (RINGAN)",
        "1",
        "A",
        "PEMERINTAH",
        "INAP",
        "4924100",
        "4313200",
        "3702300",
      ],
      [
        "A-4-10-II",
        "SEPTIKEMIA (SEDANG)",
        "1",
        "A",
        "SWASTA",
        "INAP",
        "8663100",
        "7588300",
        "6513600",
      ],
    ]),
  );
  await page.click("button:has-text('Impor')");
  await page.waitForSelector(".dialog");
  assert.match(await page.locator(".dialog").innerText(), /Success![\s\S]*2 baru/);
  await page.click(".dialog button:has-text('OK')");
  const row = await rowWith(page, "A-4-10-I");
  assert.match(
    row,
    /1\s+Kelas A, Pemerintah\s+A-4-10-I\s+SEPTIKEMIA \(RINGAN\)\s+Rp 3\.702\.300\s+Rp 4\.313\.200\s+Rp 4\.924\.100/,
  );
  await rowWith(page, "Kelas A, Swasta");
  const cell = page.locator(".dt-table tbody tr", { hasText: "(RINGAN)" }).locator("td").nth(4);
  assert.equal(await cell.getAttribute("class"), "num");
  assert.equal(await cell.evaluate((el) => getComputedStyle(el).textAlign), "right");

  // the edit form shows the spec's fields, in rupiah
  await page.locator(".dt-table tbody tr", { hasText: "(RINGAN)" }).locator(
    "button:has-text('Edit')",
  )
    .click();
  assert.equal(await page.locator(".modal h2").innerText(), "Edit Tarif INA-CBG");
  assert.equal(await page.locator("input[name=tarif_RS_Kelas3]").inputValue(), "Rp 3.702.300");
  await page.locator("input[name=tarif_RS_Kelas3]").fill("Rp 3.800.000");
  await page.click(".modal button:has-text('Simpan')");
  await page.waitForSelector(".modal", { state: "detached" });
  assert.match(await rowWith(page, "Rp 3.800.000"), /A-4-10-I/);
  assert.deepEqual(s.errors, []);
});

Deno.test("browser: ICD-10 found by words in a select opens its record", async () => {
  await using s = await session();
  const { page, url } = s;
  await login(page, url);
  const file = xlsx([
    ["CODE", "STR", "SAB"],
    ["A00", "Cholera", "ICD10_2010"],
    ["A00.0", "Cholera due to vibrio cholerae 01, biovar cholerae", "ICD10_2010"],
    ["J18.9", "Pneumonia, unspecified", "ICD10_2010"],
  ]);
  const up = await page.request.post(`${url}/api/icd/import`, { multipart: { file } });
  assert.equal(up.status(), 200);
  const proc = await page.request.post(`${url}/api/icd/update`, {
    form: { code: "45.13", desc: "Other endoscopy of small intestine", kind: "icd9" },
  });
  assert.equal(proc.status(), 200);

  await openTable(page, url, "/icd");
  await page.getByLabel("Cari ICD-10").fill("vibrio chol");
  const options = page.locator("[role=option]");
  await options.first().waitFor();
  assert.deepEqual(await options.allInnerTexts(), [
    "A00.0 - Cholera due to vibrio cholerae 01, biovar cholerae",
  ]);
  await page.getByLabel("Cari ICD-10").fill("j18");
  await page.locator("[role=option]", { hasText: "J18.9 - Pneumonia" }).click();
  await page.waitForSelector(".modal");
  assert.equal(await page.locator(".modal h2").innerText(), "Edit ICD");
  assert.equal(await page.locator(".modal input[name=code]").inputValue(), "J18.9");
  assert.equal(await page.locator(".modal input[name=code2]").inputValue(), "J189");
  await page.click(".modal button:has-text('Batal')");

  await page.getByLabel("Cari ICD-10").fill("45");
  await page.locator(".select-info, [role=option]").first().waitFor();
  assert.equal(await page.locator("[role=option]").count(), 0, "ICD-9-CM codes stay out");
  assert.deepEqual(s.errors, []);
});

Deno.test("browser: a simple reference list can be edited but has no delete button", async () => {
  await using s = await session();
  const { page, url } = s;
  await login(page, url);
  await openTable(page, url, "/cara-pulang");
  assert.match(await rowWith(page, "Atas Persetujuan Dokter"), /Edit/);
  assert.equal(await page.locator(".dt-table button:has-text('Hapus')").count(), 0);
  await page.click("button:has-text('Tambah Cara Pulang')");
  assert.equal(await page.locator(".modal h2").innerText(), "Tambah Cara Pulang");
  await page.getByLabel("Deskripsi").fill("Pulang paksa");
  await page.click(".modal button:has-text('Simpan')");
  await page.waitForSelector(".modal", { state: "detached" });
  await rowWith(page, "Pulang paksa");
  await page.locator(".dt-table tbody tr", { hasText: "Dirujuk" }).locator(
    "button:has-text('Edit')",
  )
    .click();
  assert.equal(await page.locator(".modal h2").innerText(), "Edit Cara Pulang");
  assert.equal(await page.getByLabel("Deskripsi").inputValue(), "Dirujuk");
  assert.equal((await rows(page)).length, 6);
  assert.deepEqual(s.errors, []);
});
