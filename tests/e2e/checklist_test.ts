/** A fresh install: the set-up checklist and the hints under empty lists. */
import assert from "node:assert/strict";
import { seedIpd } from "../ipd_fixtures.ts";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { allowAnyLicence } from "../../lib/licence/gate.ts";
import { OFFICIAL_REGIONS_FILE } from "../../lib/settings/official_regions.ts";
import { tempDir } from "../helpers.ts";
import { importRegions, launch, open, serve } from "./harness.ts";
import { countHintAnswers, screen, shot, SIZES } from "./screens_steps.ts";

/**
 * The shipped region list's first 300 rows (province 11 Aceh: 2 regencies, 19 districts, 278
 * villages) as a list of the same form, so the browser sees the load without its 91,599 rows.
 */
async function fewRegions(dir: string): Promise<URL> {
  const all = await new Response(
    (await Deno.open(OFFICIAL_REGIONS_FILE)).readable.pipeThrough(new DecompressionStream("gzip")),
  ).text();
  const few = all.split("\n").slice(0, 301).join("\n") + "\n";
  const path = join(dir, "few_regions.csv.gz");
  await Deno.writeFile(
    path,
    new Uint8Array(
      await new Response(new Blob([few]).stream().pipeThrough(new CompressionStream("gzip")))
        .arrayBuffer(),
    ),
  );
  return pathToFileURL(path);
}

Deno.test("screens: a fresh install shows the set-up checklist and hints under empty lists", async () => {
  await using tmp = await tempDir();
  const regionList = await fewRegions(tmp.path);
  const srv = await serve({ licence: allowAnyLicence, config: { regionList } });
  const browser = await launch();
  try {
    const s = await screen(browser, srv.url, SIZES[0]);
    const { page, api } = s;
    await open(page, srv.url, "/");
    const list = page.locator(".setup-checklist");
    const steps = await list.locator("li").evaluateAll((li) =>
      li.map((l) => [l.getAttribute("data-step"), l.classList.contains("done")])
    );
    assert.deepEqual(steps, [
      ["hospital", false],
      ["timezone", false],
      ["regions", false],
      ["rooms", false],
      ["doctors", false],
      ["tariffs", false],
      ["icd", false],
    ]);
    assert.equal(
      await list.locator("a", { hasText: "Kelas dan ruang" }).getAttribute("href"),
      "/kelas",
    );
    await shot(page, "fresh-dashboard-1366");
    // 'Muat data wilayah resmi': the shipped list loads with its progress, then the step is done
    const load = list.locator("li[data-step=regions] button", {
      hasText: "Muat data wilayah resmi",
    });
    await load.click();
    const seen = new Set<string>();
    while (!(await page.locator(".dialog:has-text('Berhasil')").count())) {
      const panel = page.locator(".region-load .progress-panel");
      const text = await panel.innerText({ timeout: 100 }).catch(() => "");
      if (/dari 4/.test(text) && ![...seen].some((t) => /dari 4/.test(t))) {
        await shot(page, "fresh-regions-progress-1366");
      }
      if (text) seen.add(text.replace(/\s+/g, " "));
      await page.waitForTimeout(100);
    }
    const texts = [...seen].join(" | ");
    console.log(`  progress texts seen: ${[...seen].slice(0, 8).join(" | ")}`);
    assert.match(texts, /Muat data wilayah resmi/);
    // the levels' phases ('Kecamatan (3 dari 4): Menyimpan…') are checked on the full list by
    // tests/setup_test.ts: this short list may be loaded before the panel's first poll
    assert.match(
      await page.locator(".dialog").innerText(),
      /dimuat: 1 Provinsi, 2 Kabupaten\/Kota, 19 Kecamatan, 278 Kelurahan\./,
    );
    await shot(page, "fresh-regions-loaded-1366");
    await Promise.all([page.waitForEvent("load"), page.click(".dialog button:has-text('OK')")]);
    await page.locator("li[data-step=regions].done").waitFor();
    assert.equal(await load.count(), 0);
    // 'Tambah Kunjungan' says why Ruang and DPJP are empty (the server's reasons), with links
    await open(page, srv.url, "/ipd");
    await page.click("button:has-text('Tambah Kunjungan')");
    const m = page.locator(".modal", { hasText: "Tambah Kunjungan" });
    await m.locator("#visit-room-empty a[href='/ruang']").waitFor();
    await m.locator("#visit-dpjp-empty a[href='/dokter']").waitFor();
    await shot(page, "fresh-visit-form-1366");
    // once everything is there, the checklist is gone and so are the hints
    await seedIpd(api);
    await importRegions(srv.store);
    await open(page, srv.url, "/");
    assert.equal(await page.locator(".setup-checklist").count(), 0);
    await open(page, srv.url, "/ipd");
    await countHintAnswers(page);
    await page.click("button:has-text('Tambah Kunjungan')");
    await page.locator(".modal #visit-room").waitFor();
    // the form has read both lists' answers (a hint would be on screen by now)
    await page.waitForFunction(() => (globalThis as { hintAnswers?: number }).hintAnswers === 2);
    assert.equal(await page.locator("[data-empty-reason]").count(), 0);

    // the group and tariff forms say the format and refuse bad text before sending it
    const sent: string[] = [];
    page.on("request", (r) => r.method() === "POST" && sent.push(r.url()));
    await open(page, srv.url, "/grup-inacbg");
    await page.click("button:has-text('Tambah Grup INA-CBG')");
    const g = page.locator(".modal");
    assert.match(
      await g.locator("#kode-hint, [id$='-kode-hint']").first().innerText(),
      /20 karakter/,
    );
    await g.locator("input[name=kode]").fill("A-4-10-I-TERLALU-PANJANG");
    await g.locator("input[name=deskripsi]").fill("Septikemia");
    await g.locator("button:has-text('Simpan')").click();
    assert.equal(await g.locator("input[name=kode]").getAttribute("aria-invalid"), "true");
    assert.equal(await g.locator("input[name=kode]:invalid").count(), 1);
    await g.locator("button:has-text('Batal')").click();
    await open(page, srv.url, "/tarif-inacbg");
    await page.click("button:has-text('Tambah Tarif INA-CBG')");
    const f = page.locator(".modal");
    assert.match(await f.locator("[id$='-kode-hint']").innerText(), /A-4-10-I/);
    await f.locator("input[name=kode]").fill("1500000");
    await f.locator("button:has-text('Simpan')").click();
    assert.equal(await f.locator("input[name=kode]:invalid").count(), 1);
    assert.match(
      await f.locator("input[name=kode]").evaluate((el) =>
        (el as HTMLInputElement).validationMessage
      ),
      /tidak sesuai format/,
    );
    assert.deepEqual(sent.filter((u) => /inacbg|inatarif/.test(u)), []);
    await shot(page, "tariff-form-1366");
    assert.deepEqual(s.errors, []);
    await s.close();
  } finally {
    await browser.close();
    await srv.close();
  }
});
