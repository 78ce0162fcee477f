/** The steps of the inpatient browser test (tests/e2e/ipd_test.ts). */
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import * as XLSX from "xlsx";
import { toLocalInput } from "../../lib/hospital_time.ts";
import { pick } from "./harness.ts";

/** Waits for a dialog with `text`, checks its title and presses its button. */
export async function dialog(page: Page, title: string, text: string, button = "OK") {
  const d = page.locator(".dialog", { hasText: text });
  await d.waitFor();
  assert.equal(await d.locator("h2").innerText(), title);
  await d.locator(`button:has-text('${button}')`).click();
  await d.waitFor({ state: "detached" });
}

/** A local date-time `days` days from now (Jakarta), as the date-time inputs take it. */
export const at = (days: number, hours = 0) =>
  toLocalInput(new Date(Date.now() + days * 86_400_000 + hours * 3_600_000).toISOString());
export const today = at(0).slice(0, 10);

/** The rows of the first sheet of a downloaded .xlsx, as text. */
export async function sheetText(page: Page, click: () => Promise<void>, name: RegExp) {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  assert.match(download.suggestedFilename(), name);
  const wb = XLSX.read(await Deno.readFile(await download.path()));
  return XLSX.utils.sheet_to_csv(wb.Sheets[wb.SheetNames[0]]);
}

/** Colour and background of an element, as computed. */
export const colours = (l: Locator) =>
  l.evaluate((el) => {
    const s = getComputedStyle(el);
    return [s.backgroundColor, s.color];
  });

/** Adds an examination through the stay page's form and checks its analysis line. */
export async function addExam(
  page: Page,
  o: {
    date: string;
    subject: string;
    keyword: string;
    diagnoses: [string, string][];
    procedures: [string, string][];
    grouping: string;
    rs: string;
    analysis: string;
  },
) {
  await page.click("button:has-text('Tambah Pemeriksaan')");
  const m = page.locator(".modal", { hasText: "Tambah Pemeriksaan" });
  await m.waitFor();
  await m.getByLabel("Tanggal Pemeriksaan").fill(o.date);
  await m.getByLabel("Subjectif").fill(o.subject);
  await m.getByLabel("Objectif").fill("Suhu 38,5");
  await m.getByLabel("Asesmen/Action").fill("Pneumonia");
  await m.getByLabel("Planning").fill("Antibiotik");
  await pick(page, m.locator("#exam-keyword"), o.keyword, o.keyword);
  for (const [typed, option] of o.diagnoses) {
    await pick(page, m.locator("#exam-diagnosis"), typed, option);
  }
  for (const [typed, option] of o.procedures) {
    await pick(page, m.locator("#exam-tindakan"), typed, option);
  }
  await pick(page, m.locator("#exam-grouping"), o.grouping, o.grouping);
  // the room is a kelas 2 room: its tariff option is chosen
  await page.waitForFunction(() =>
    (document.querySelector<HTMLSelectElement>("#exam-tarifinacbgSelect"))?.value === "second"
  );
  await m.getByLabel("Tarif RS (tagihan hari ini)").fill(o.rs);
  assert.equal(await m.locator("#exam-analysis .pct").innerText(), o.analysis);
  await m.locator("button:has-text('Simpan')").click();
  await m.waitFor({ state: "detached" });
}
