/**
 * The backup screen at the clinic's screen sizes (1366x768 and 1024x768, browser in English): a
 * backup made (its progress says what happens; its size written as the list writes it),
 * downloaded, deleted from the server, and the data folder restored from the downloaded file
 * uploaded back, undoing a change; a listed backup restored; every confirmation naming the record
 * it acts on, and the discharge cancel saying what it does. With SCREENSHOTS=dir set, the
 * screens are saved there.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { launch, login, open, PASSWORD, serve, session } from "./harness.ts";
import { screen, shot, SIZES, world } from "./screens_steps.ts";

/** Holds POSTs to `path` back a while, so what the screen shows before the answer is seen. */
const slow = (page: Page, path: string) =>
  page.route((u) => u.pathname === path, async (route) => {
    if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });

/** The open dialog's title, record line, text and buttons. */
async function dialogParts(page: Page) {
  const d = page.locator(".dialog");
  await d.waitFor();
  // paragraphs, one a line
  const text = async (sel: string) => (await d.locator(`${sel} p`).allInnerTexts()).join("\n");
  return {
    title: await d.locator("h2").innerText(),
    record: await text(".dialog-record"),
    text: await text(".dialog-text"),
    buttons: await d.locator("button").allInnerTexts(),
  };
}

/** Closes the dialog by its 'Batal' (exactly: 'Ya, batalkan kepulangan' holds the word too). */
const cancel = (page: Page) =>
  page.locator(".dialog").getByRole("button", { name: "Batal", exact: true }).click();

/** The confirmations of the stay lists name the patient; 'Batal Pulang' says what it does. */
async function stayConfirmations(page: Page, url: string, size: number) {
  await open(page, url, "/discharge-patient");
  await page.locator(".dt-table tbody tr button:has-text('Batal Pulang')").click();
  assert.deepEqual(await dialogParts(page), {
    title: "Konfirmasi?",
    record: "Rahma · No. ERM 000456\nMasuk 20-10-2026 22:00",
    text: "Apakah kamu yakin ingin membatalkan status pasien ini?",
    buttons: ["Ya, batalkan kepulangan", "Batal"],
  });
  await shot(page, `backup-excel-batal-pulang-${size}`);
  await cancel(page);
  await open(page, url, "/ipd");
  await page.locator(".dt-table tbody tr", { hasText: "Siti" }).locator("button:has-text('Hapus')")
    .first().click();
  assert.deepEqual(await dialogParts(page), {
    title: "Are you sure?",
    record: "Siti · No. ERM 000123\nMasuk 01-11-2026 08:00",
    text: "You won't be able to revert this!",
    buttons: ["Yes, delete it!", "Batal"],
  });
  await cancel(page);
}

/** The backup list's row of the backup named `name` (its Nama cell, exactly). */
const backupRow = (page: Page, name: string) =>
  page.locator(".dt-table tbody tr").filter({
    has: page.locator("td:nth-child(2)", { hasText: new RegExp(`^${name}$`) }),
  });

/** 'Tambah Backup': the progress names the work (nothing is uploaded); the toast's size is the list's. */
async function makeBackup(page: Page, url: string, name: string, size: number) {
  await open(page, url, "/db-backup");
  assert.match(await page.locator(".disk-info").innerText(), /^Ruang disk kosong: [\d.,]+ GB/);
  await page.click("button:has-text('Tambah Backup')");
  await page.getByLabel("Nama").fill(name);
  await page.click(".modal button:has-text('Simpan')");
  const phase = page.locator(".progress-panel .progress-phase");
  await phase.waitFor();
  assert.equal(await phase.innerText(), "Mencadangkan…");
  await shot(page, `backup-excel-progress-${size}`);
  const toast = page.locator(".toast", { hasText: "berhasil dibuat" });
  await toast.waitFor();
  const said = (await toast.innerText()).match(/berhasil dibuat \(([^)]+)\)/)![1];
  assert.match(said, /^\d+(,\d+)? (KB|MB)$/);
  await backupRow(page, name).waitFor();
  assert.equal(await backupRow(page, name).locator("td").nth(4).innerText(), said);
}

/** 'Unduh': the file saved by the browser is the one in the backups folder. */
async function download(page: Page, name: string, dir: string): Promise<string> {
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    backupRow(page, name).locator("a:has-text('Unduh')").click(),
  ]);
  const path = await file.path();
  const onDisk = join(dir, "backups", file.suggestedFilename());
  assert.match(file.suggestedFilename(), /^backup-\d{8}-\d{6}-WIB-\w{26}\.kvbak$/);
  assert.deepEqual(await Deno.readFile(path), await Deno.readFile(onDisk));
  const saved = join(dir, `unduhan-${file.suggestedFilename()}`); // kept off the backups folder
  await Deno.copyFile(path, saved);
  return saved;
}

/** The province's name as the province table shows it. */
async function provinceName(page: Page, url: string) {
  await open(page, url, "/provinsi");
  return (await page.locator(".dt-table tbody tr").first().locator("td").nth(1).innerText()).trim();
}

/** 'Pulihkan dari Berkas': the file picked, confirmed by its name and its backup's, uploaded. */
async function restoreFromFile(page: Page, file: string, name: string, size: number) {
  await slow(page, "/api/db-backup/upload");
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    page.click("button:has-text('Pulihkan dari Berkas')"),
  ]);
  await chooser.setFiles(file);
  const up = await dialogParts(page);
  assert.equal(up.title, "Are you sure?");
  assert.match(
    up.record,
    new RegExp(
      `^Berkas unduhan-backup-\\S+\\.kvbak \\(\\d+(,\\d+)? KB\\)\\n"${name}" · dibuat \\d\\d-\\d\\d-\\d{4} \\d\\d:\\d\\d$`,
    ),
  );
  assert.deepEqual(up.buttons, ["Yes, restore it!", "Batal"]);
  await shot(page, `backup-excel-upload-confirm-${size}`);
  await page.click(".dialog button:has-text('Yes, restore it!')");
  const phase = page.locator(".progress-panel .progress-phase");
  assert.equal(await phase.innerText(), "Mengunggah berkas…");
  await page.waitForSelector(".dialog:has-text('Restored!')");
  await Promise.all([page.waitForEvent("load"), page.click(".dialog button:has-text('OK')")]);
  await page.waitForSelector("[data-island=BackupTable][data-hydrated=true]");
}

Deno.test("browser: backup made, downloaded, deleted, restored from the uploaded file; confirmations name their record", async () => {
  const dir = await Deno.makeTempDir();
  const srv = await serve({ dataDir: dir });
  const browser = await launch();
  try {
    for (const size of SIZES) {
      const s = await screen(browser, srv.url, size);
      const { page, api } = s;
      if (size === SIZES[0]) {
        await world(api);
        assert.equal(
          (await api.post("/api/province/update", { kode: "11", desc: "Aceh" })).status,
          200,
        );
      }
      await stayConfirmations(page, srv.url, size[0]);
      const [id] = await srv.store.kv.list({ prefix: ["province"] }, { limit: 1 }).next()
        .then((e) => [e.value!.key[1]]);
      const province = (await api.json(`/api/province/${String(id)}`)).body.data;
      const name = `Uji ${size[0]}`;
      await makeBackup(page, srv.url, name, size[0]);
      const file = await download(page, name, dir);

      // a change after the backup
      const renamed = `${province.desc} diubah ${size[0]}`;
      const edit = await api.post("/api/province/update", {
        id: province._id,
        _version: province._version,
        kode: province.kode,
        desc: renamed,
      });
      assert.equal(edit.status, 200, JSON.stringify(edit.body));
      assert.equal(await provinceName(page, srv.url), renamed);

      // the backup leaves the server: only the downloaded file holds it
      await open(page, srv.url, "/db-backup");
      await backupRow(page, name).locator("button:has-text('Hapus')").click();
      const del = await dialogParts(page);
      assert.equal(del.title, "Are you sure?");
      assert.match(
        del.record,
        new RegExp(`^"${name}" · dibuat \\d\\d-\\d\\d-\\d{4} \\d\\d:\\d\\d$`),
      );
      await page.click(".dialog button:has-text('Yes, delete it!')");
      await page.click(".dialog:has-text('Deleted!') button:has-text('OK')");
      await backupRow(page, name).waitFor({ state: "detached" });

      // restored from the file, uploaded back
      await restoreFromFile(page, file, name, size[0]);
      await backupRow(page, name).waitFor(); // the uploaded file is kept in the list
      await shot(page, `backup-excel-after-upload-${size[0]}`);
      assert.equal(await provinceName(page, srv.url), province.desc); // the change is undone
      await shot(page, `backup-excel-provinsi-undone-${size[0]}`);

      // restoring a listed backup: the automatic one made before, with the change
      await open(page, srv.url, "/db-backup");
      const auto = page.locator(".dt-table tbody tr", { hasText: `memulihkan "${name}"` });
      await auto.locator("button:has-text('Restore')").click();
      const again = await dialogParts(page);
      assert.match(again.record, /^"Sebelum pemulihan .*" · dibuat \d\d-\d\d-\d{4} \d\d:\d\d$/);
      await page.click(".dialog button:has-text('Yes, restore it!')");
      await Promise.all([
        page.waitForEvent("load"),
        page.click(".dialog:has-text('Restored!') button:has-text('OK')"),
      ]);
      assert.equal(await provinceName(page, srv.url), renamed);
      assert.deepEqual(s.errors, []);
      await s.close();
    }
  } finally {
    await browser.close();
    await srv.close();
    await Deno.remove(dir, { recursive: true });
  }
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
