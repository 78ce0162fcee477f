import assert from "node:assert/strict";
import { seedIpd } from "../ipd_fixtures.ts";
import * as XLSX from "xlsx";
import { admitDischarge, eklaimTxt } from "../claim_fixtures.ts";
import { writeXlsx } from "../../lib/resource/spreadsheet.ts";
import { apiOf, login, open, session } from "./harness.ts";
import { dialog } from "./ipd_steps.ts";
import { klaimRow } from "./klaim_steps.ts";

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
