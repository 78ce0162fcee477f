/**
 * Issue 47 item 13 in the browser (1366x768 and 1024x768, en-US): a stay's print and the stay
 * page printed carry nothing interactive, neither a control nor the checklist's 'Rincian ▾' /
 * 'Tutup ▴' toggle. With SCREENSHOTS=dir set, the prints are saved there (print-*.png).
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { admit, exam, postJson, seedIpd } from "../ipd_fixtures.ts";
import { apiOf, launch, login, open, serve } from "./harness.ts";
import { SHOTS, SIZES } from "./screens_steps.ts";

/** What a printed page shows that a reader of the paper could only click: none, expected. */
function interactive(page: Page) {
  return page.evaluate(() => {
    const shown = (el: Element) => {
      const s = getComputedStyle(el);
      return el.getClientRects().length > 0 && s.visibility !== "hidden" && s.opacity !== "0";
    };
    const found: string[] = [];
    // a column's title prints as its text (its sort button looks like one); a skip link's
    // target (`tabindex=-1`) takes no click
    const controls = "button, input, select, textarea, a[href], [role=button], [tabindex]";
    for (const el of document.querySelectorAll(controls)) {
      if (el.closest("th") || el.getAttribute("tabindex") === "-1") continue;
      if (shown(el)) found.push(`${el.tagName} ${el.textContent?.trim().slice(0, 30)}`);
    }
    for (const s of document.querySelectorAll("summary")) {
      if (!shown(s)) continue;
      const after = getComputedStyle(s, "::after").content;
      const before = getComputedStyle(s, "::before").content;
      for (const c of [after, before]) {
        if (c && c !== "none" && c !== "normal") found.push(`summary ${c}`);
      }
      // the disclosure triangle a summary shows as a list item
      if (getComputedStyle(s).display === "list-item") found.push("summary marker");
    }
    return found;
  });
}

Deno.test("browser: a stay's print and the stay page printed carry nothing interactive", async () => {
  const srv = await serve();
  const browser = await launch();
  try {
    let stay = "";
    for (const [width, height] of SIZES) {
      const ctx = await browser.newContext({ viewport: { width, height }, locale: "en-US" });
      const page = await ctx.newPage();
      await login(page, srv.url);
      if (!stay) {
        const api = await apiOf(page, srv.url);
        const w = await seedIpd(api);
        stay = (await admit(api, w))._id;
        const r = await postJson(api, "/api/ipd/visitexamination/update", exam(w, stay));
        assert.equal(r.status, 200, JSON.stringify(r.body));
      }
      for (const path of [`/ipd/${stay}/print`, `/ipd/${stay}`]) {
        await open(page, srv.url, path);
        await page.emulateMedia({ media: "print" });
        const name = `print-${path.endsWith("print") ? "sheet" : "stay"}-${width}`;
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
        assert.deepEqual(await interactive(page), [], `${path} at ${width}`);
        await page.emulateMedia({ media: "screen" });
      }
      await ctx.close();
    }
  } finally {
    await browser.close();
    await srv.close();
  }
});
