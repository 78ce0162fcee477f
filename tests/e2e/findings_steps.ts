/** The steps of the findings browser tests (issue 47, items 7-10): a WITA clerk, both sizes. */
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { type Api, seedIpd } from "../ipd_fixtures.ts";
import { allowAnyLicence } from "../../lib/licence/gate.ts";
import { launch, serve } from "./harness.ts";
import { screen } from "./screens_steps.ts";

export const WITA = "Asia/Makassar";

export async function ok(r: Promise<{ status: number; body: any }>) {
  const res = await r;
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data;
}

/** The app and one browser for a test; a clerk's page per screen size (`clerk`). */
export async function world(now?: () => Date) {
  const srv = await serve({ licence: allowAnyLicence, now });
  const browser: Browser = await launch();
  return {
    srv,
    browser,
    /** A logged-in page at `size` in WITA, with axe allowed in (bypassing the page's CSP). */
    async clerk(size: readonly number[]) {
      return await screen(browser, srv.url, size, { timezoneId: WITA, bypassCSP: true });
    },
    async [Symbol.asyncDispose]() {
      await browser.close();
      await srv.close();
    },
  };
}

/** The checklist's rule statuses on the page (`RULE:status`). */
export const ruleStatus = (page: Page) =>
  page.locator("#kelengkapan-klaim li[data-rule]").evaluateAll((li) =>
    li.map((l) => `${l.getAttribute("data-rule")}:${l.getAttribute("data-status")}`)
  );

/** The seeded world in a WITA hospital. */
export const seedWita = (api: Api) => seedIpd(api, { timezone: WITA });

/** The id of the focused element, once it is `id` (or what it is after 10 s). */
export async function focusedOn(page: Page, id: string): Promise<string> {
  await page.waitForFunction((id) => document.activeElement?.id === id, id, { timeout: 10_000 })
    .catch(() => {});
  return await page.evaluate(() => document.activeElement?.id ?? "");
}
