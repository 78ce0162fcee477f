import assert from "node:assert/strict";
import { collectionOf } from "../../lib/resource/resource.ts";
import { registry } from "../../resources/mod.ts";
import { login, openTable, PASSWORD, rowWith, session } from "./harness.ts";

Deno.test("browser: backup, change data, restore, data back; delete a backup", async () => {
  const dir = await Deno.makeTempDir();
  await using s = await session({ dataDir: dir });
  const { page, url } = s;
  const provinces = collectionOf(s.store, registry.get("province")!);
  await provinces.insert({ kode: "11", desc: "Aceh" });
  await login(page, url);

  // add a backup through the modal
  await page.click("nav.sidebar a:has-text('Backup Database')");
  await page.waitForSelector("[data-island=BackupTable][data-hydrated=true]");
  await rowWith(page, "Tidak ada data");
  assert.match(await page.locator(".disk-info").innerText(), /^Ruang disk kosong: [\d.,]+ GB/);
  await page.click("button:has-text('Tambah Backup')");
  await page.getByLabel("Nama").fill("Sebelum uji");
  await page.getByLabel("Keterangan").fill("satu provinsi");
  await page.click(".modal button:has-text('Simpan')");
  await page.waitForSelector(".toast:has-text('berhasil dibuat')");
  assert.match(
    await rowWith(page, "Sebelum uji"),
    /satu provinsi\s+backup-\d{8}-\d{6}-WIB-\w{26}\.kvbak/,
  );

  // change the data
  await openTable(page, url, "/provinsi");
  await page.click(".dt-table tbody tr >> nth=0 >> button:has-text('Edit')");
  await page.getByLabel("Nama").fill("Aceh Diubah");
  await page.click(".modal button:has-text('Simpan')");
  await rowWith(page, "Aceh Diubah");

  // restore, confirmed
  await page.goto(`${url}/db-backup`);
  await page.waitForSelector("[data-island=BackupTable][data-hydrated=true]");
  await page.click(".dt-table tbody tr:has-text('Sebelum uji') >> button:has-text('Restore')");
  assert.match(await page.locator(".dialog").innerText(), /Are you sure\?[\s\S]*Sebelum uji/);
  await page.click(".dialog button:has-text('Yes, restore it!')");
  await page.waitForSelector(".dialog:has-text('Restored!')");
  assert.match(await page.locator(".dialog").innerText(), /Your database has been replaced\./);
  await Promise.all([page.waitForEvent("load"), page.click(".dialog button:has-text('OK')")]);
  await page.waitForSelector("[data-island=BackupTable][data-hydrated=true]");
  await rowWith(page, "Otomatis, sebelum memulihkan");

  // still logged in, and the data is back
  await openTable(page, url, "/provinsi");
  assert.match(await rowWith(page, "Aceh"), /^11\s+Aceh\s/);
  assert.equal(await page.locator(".dt-table tbody tr:has-text('Diubah')").count(), 0);

  // delete the automatic backup, confirmed
  await page.goto(`${url}/db-backup`);
  await page.waitForSelector("[data-island=BackupTable][data-hydrated=true]");
  await page.click(".dt-table tbody tr:has-text('Otomatis') >> button:has-text('Hapus')");
  await page.click(".dialog button:has-text('Yes, delete it!')");
  await page.waitForSelector(".dialog:has-text('Deleted!')");
  await page.click(".dialog button:has-text('OK')");
  await page.waitForFunction(() => document.querySelectorAll(".dt-table tbody tr").length === 1);
  assert.equal([...Deno.readDirSync(`${dir}/backups`)].length, 1);
  assert.deepEqual(s.errors, []);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("browser: 'Koneksi Database' asks for the address, shows a failed test in a dialog", async () => {
  await using s = await session();
  const { page, url } = s;
  await login(page, url);
  await page.goto(`${url}/koneksi`);
  await page.waitForSelector("[data-island=ConnectionForm][data-hydrated=true]");
  await page.check("input[value=remote]");
  await page.click("button:has-text('Simpan')");
  assert.match(await page.locator(".dialog").innerText(), /Mohon masukkan alamat IP Server/);
  await page.click(".dialog button:has-text('OK')");
  await page.fill("#conn-ip", "127.0.0.1:1");
  await page.fill("#conn-token", "rahasia");
  await page.fill("#conn-password", PASSWORD);
  await page.click("button:has-text('Simpan')");
  await page.waitForSelector(".dialog:has-text('Error!')");
  assert.match(
    await page.locator(".dialog").innerText(),
    /Koneksi ke http:\/\/127\.0\.0\.1:1 gagal/,
  );
  assert.equal(page.url(), `${url}/koneksi`);
  assert.deepEqual(s.errors, []);
});
