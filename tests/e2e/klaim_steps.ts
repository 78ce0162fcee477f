import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";

/** The Klaim list's row of `who`. */
export const klaimRow = (page: Page, who: string) =>
  page.locator(".dt-table tbody tr", { hasText: who });
/** Opens the status dialog of `who`'s claim, picks `status` and what it needs, and saves. */
export async function changeStatus(
  page: Page,
  who: string,
  status: string,
  offered: string[],
  fill: (m: Locator) => Promise<void> = async () => {},
) {
  await klaimRow(page, who).locator("button:has-text('Ubah Status')").click();
  const m = page.locator(".modal", { hasText: "Status Klaim" });
  await m.locator("#klaim-new-status").waitFor();
  assert.deepEqual(await m.locator("#klaim-new-status option").allInnerTexts(), offered);
  await m.locator("#klaim-new-status").selectOption(status);
  await fill(m);
  await m.locator("button:has-text('Simpan')").click();
  await m.waitFor({ state: "detached" });
  await klaimRow(page, who).locator(`[data-status=${status}]`).waitFor();
}
