import assert from "node:assert/strict";
import { login, openTable, rowCount, rows, rowWith, session } from "./harness.ts";

Deno.test("browser: add, edit, search and delete a province; import a CSV", async () => {
  await using s = await session();
  const { page, url } = s;
  await login(page, url);
  await openTable(page, url, "/provinsi");
  assert.deepEqual(await rows(page), ["Tidak ada data"]);

  // add
  await page.click("button:has-text('Tambah Provinsi')");
  assert.equal(await page.locator(".modal h2").innerText(), "Tambah Provinsi");
  await page.getByLabel("Kode").fill("11");
  await page.getByLabel("Nama").fill("Aceh");
  await page.click(".modal button:has-text('Simpan')");
  await page.waitForSelector(".toast");
  assert.match(await page.locator(".toast").innerText(), /Success[\s\S]*Data Berhasil di Simpan/);
  await page.waitForSelector(".modal", { state: "detached" });
  assert.match(await rowWith(page, "Aceh"), /11\s+Aceh/);

  // a duplicate kode keeps the modal open with the server's message under Kode, focused
  await page.click("button:has-text('Tambah Provinsi')");
  await page.getByLabel("Kode").fill("11");
  await page.getByLabel("Nama").fill("Ganda");
  await page.click(".modal button:has-text('Simpan')");
  const said = page.locator(".modal .field-error");
  await said.waitFor();
  assert.equal(await said.innerText(), 'Kode "11" sudah digunakan.');
  await page.waitForFunction(() => document.activeElement?.getAttribute("name") === "kode");
  assert.equal(await page.getByLabel("Kode").getAttribute("aria-invalid"), "true");
  assert.equal(await page.locator(".dialog").count(), 0);
  await page.click(".modal button:has-text('Batal')");

  // edit
  await page.click(".dt-table tbody tr >> nth=0 >> button:has-text('Edit')");
  assert.equal(await page.locator(".modal h2").innerText(), "Edit Provinsi");
  assert.equal(await page.getByLabel("Kode").inputValue(), "11");
  await page.getByLabel("Nama").fill("Aceh Darussalam");
  await page.click(".modal button:has-text('Simpan')");
  await page.waitForSelector(".modal", { state: "detached" });
  assert.match(await rowWith(page, "Aceh Darussalam"), /^11\s+Aceh Darussalam/);

  // import
  const csv = await Deno.makeTempFile({ suffix: ".csv" });
  await Deno.writeTextFile(csv, "kode,nama\n12,Sumatera Utara\n13,Sumatera Barat\n");
  await page.setInputFiles(".dt-import input[type=file]", csv);
  await page.click("button:has-text('Impor')");
  await page.waitForSelector(".dialog:has-text('Success!')");
  assert.match(await page.locator(".dialog").innerText(), /2 baru/);
  await page.click(".dialog button:has-text('OK')");
  await rowCount(page, 3);
  assert.match(await rowWith(page, "Sumatera Barat"), /13\s+Sumatera Barat/);

  // search waits for typing to stop, then asks the server
  await page.fill(".dt-search", "barat");
  await page.waitForFunction(() => document.querySelectorAll(".dt-table tbody tr").length === 1);
  assert.match((await rows(page))[0], /13\s+Sumatera Barat/);
  assert.match(await page.locator(".dt-info").innerText(), /disaring dari 3 data/);

  // delete
  await page.click(".dt-table tbody tr >> nth=0 >> button:has-text('Hapus')");
  assert.match(
    await page.locator(".dialog").innerText(),
    // the spec's text, and the record it deletes
    /Are you sure\?\s+Provinsi: 13 – Sumatera Barat\s+You won't be able to revert this!/,
  );
  await page.click(".dialog button:has-text('Yes, delete it!')");
  await page.waitForSelector(".dialog:has-text('Deleted!')");
  assert.match(await page.locator(".dialog").innerText(), /Your file has been deleted\./);
  await page.click(".dialog button:has-text('OK')");
  await rowWith(page, "Tidak ada data");
  const list = await s.app.request("/api/province/select2?q=barat", {
    headers: {
      cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; "),
    },
  });
  assert.deepEqual((await list.json()).results, []);
  assert.deepEqual(s.errors, []);
});
