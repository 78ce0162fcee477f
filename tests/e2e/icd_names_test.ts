/**
 * Issue 47 item 16 in the browser (1366x768 and 1024x768, en-US): on a new install the
 * checklist's ICD step names the files to import (the bilingual list among them) and links to
 * the import; with English-only ICD-10 codes, a search that finds nothing in the ICD-10 picker
 * says the Indonesian names are not loaded, and the checklist's done step says it too; once
 * the bilingual list is imported, 'demam' finds its codes and an empty search says only 'Tidak
 * ada hasil'. With SCREENSHOTS=dir set: icd-names-{checklist,picker}-*.png.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { BILINGUAL_ICD10 } from "../master_fixtures.ts";
import { importFile } from "../../lib/resource/importer.ts";
import { registry } from "../../resources/mod.ts";
import { launch, login, open, openTable, serve } from "./harness.ts";
import { SHOTS, SIZES } from "./screens_steps.ts";

const FILE = "icd10_who_en_id_fendis0709.csv";

/** What the ICD page's ICD-10 lookup shows for `typed`: its options, or its one line. */
async function lookup(page: Page, url: string, typed: string) {
  await openTable(page, url, "/icd");
  const input = page.locator(".dt-lookups input").first();
  await input.focus();
  await input.fill(typed);
  const list = page.locator(".select-list:not(.stale)");
  await list.locator("[role=option], .select-info:not(:has-text('Memuat'))").first().waitFor();
  await page.waitForFunction(() => !document.querySelector(".select-list[aria-busy]"));
  return await list.locator("li").allInnerTexts();
}

Deno.test("browser: the ICD step names the bilingual file; a search that finds nothing says Indonesian names are not loaded", async () => {
  const srv = await serve();
  const browser = await launch();
  try {
    const pages: Page[] = [];
    for (const [width, height] of SIZES) {
      const ctx = await browser.newContext({ viewport: { width, height }, locale: "en-US" });
      const page = await ctx.newPage();
      await login(page, srv.url);
      pages.push(page);
    }
    // a new install: the step says which files, and links to the ICD screen's import
    for (const page of pages) {
      await open(page, srv.url, "/");
      const step = page.locator(".setup-checklist [data-step=icd]");
      assert.match(await step.innerText(), new RegExp(FILE.replaceAll(".", "\\.")));
      assert.match(await step.innerText(), /icd10_2010_satusehat\.csv/);
      assert.equal(await step.locator("a").getAttribute("href"), "/icd");
    }
    // English-only ICD-10 codes, as ICD-10 2010 gives them
    const csv =
      'CODE,STR,SAB\nA01.0,Typhoid fever,ICD10_2010\nR50.9,"Fever, unspecified",ICD10_2010';
    const r = await importFile(srv.store, registry, registry.get("icd")!, {
      name: "icd10_2010_satusehat.csv",
      bytes: new TextEncoder().encode(csv),
    });
    assert.equal(r.created, 2);

    for (const page of pages) {
      const width = page.viewportSize()!.width;
      await open(page, srv.url, "/");
      const note = page.locator(".setup-checklist [data-step=icd] [data-note]");
      assert.match(await note.innerText(), /Nama Indonesia kode ICD-10 belum dimuat/);
      assert.equal(await note.locator("a").getAttribute("href"), "/icd");
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/icd-names-checklist-${width}.png` });
      // 'demam' finds nothing, and the picker says why; 'fever' still finds its codes
      const said = await lookup(page, srv.url, "demam");
      assert.equal(said.length, 1, JSON.stringify(said));
      assert.match(said[0], /^Nama Indonesia kode ICD-10 belum dimuat: cari dengan nama Inggris/);
      assert.match(said[0], new RegExp(FILE.replaceAll(".", "\\.")));
      const hint = page.locator(".dt-lookups [data-empty-reason]").first();
      assert.equal(await hint.locator("a").getAttribute("href"), "/icd");
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/icd-names-picker-${width}.png` });
      assert.deepEqual(await lookup(page, srv.url, "fever"), [
        "A01.0 - Typhoid fever",
        "R50.9 - Fever, unspecified",
      ]);
    }
    await importFile(srv.store, registry, registry.get("icd")!, {
      name: FILE,
      bytes: new TextEncoder().encode(BILINGUAL_ICD10.join("\n")),
    });
    for (const page of pages) {
      assert.match((await lookup(page, srv.url, "demam"))[0], /^A01\.0 - Typhoid fever/);
      assert.deepEqual(await lookup(page, srv.url, "zzzz"), ["Tidak ada hasil"]);
      await open(page, srv.url, "/");
      assert.equal(await page.locator("[data-step=icd] [data-note]").count(), 0);
    }
  } finally {
    await browser.close();
    await srv.close();
  }
});
