import assert from "node:assert/strict";
import { login, openTable, rowCount, session } from "./harness.ts";
import { writeXlsx } from "../../lib/resource/spreadsheet.ts";

Deno.test("browser: a long import shows its progress (rows) and ends with a summary", async () => {
  await using s = await session();
  const { page, url } = s;
  await login(page, url);
  await openTable(page, url, "/pasien");
  const n = 40_000;
  const rows: unknown[][] = [["erm", "first_name", "last_name", "gender", "phone", "tgl_lahir"]];
  for (let i = 0; i < n; i++) {
    rows.push([
      String(i).padStart(8, "0"),
      `Nama${i}`,
      `Keluarga ${i % 97}`,
      "L",
      "0812",
      "01-01-1980",
    ]);
  }
  rows.push(["", "", "", "", "", ""], [
    String(n).padStart(8, "0"),
    "Akhir",
    "",
    "P",
    "",
    "1980-01-01",
  ]);
  const file = await Deno.makeTempFile({ suffix: ".xlsx" });
  await Deno.writeFile(file, writeXlsx(rows));
  await page.setInputFiles(".dt-import input[type=file]", file);
  await page.click("button:has-text('Impor')");

  // what the progress panel says while the import runs, until the summary dialog
  const seen = new Set<string>();
  while (!(await page.locator(".dialog:has-text('Success!')").count())) {
    const panel = page.locator(".progress-panel");
    if (await panel.count()) {
      seen.add((await panel.innerText().catch(() => "")).replace(/\s+/g, " "));
    }
    await page.waitForTimeout(40);
  }
  console.log(`  progress texts seen: ${[...seen].slice(0, 12).join(" | ")}`);
  assert.ok([...seen].some((t) => /^Impor Pasien/.test(t)), [...seen].join("\n"));
  assert.ok(
    [...seen].some((t) => /(Memeriksa baris|Menyimpan)… [\d.]+ dari 40\.001 baris/.test(t)),
    [...seen].join("\n"),
  );
  const summary = await page.locator(".dialog").innerText();
  assert.match(summary, /40\.001 baru, 0 diperbarui, 0 tidak berubah, 1 baris kosong dilewati/);
  await page.click(".dialog button:has-text('OK')");
  assert.equal(await page.locator(".progress-panel").count(), 0);
  await rowCount(page, 10);
  assert.deepEqual(s.errors, []);
  await Deno.remove(file);
});
