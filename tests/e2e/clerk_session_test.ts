/**
 * A clerk's typing is not lost to the idle limit (issue 47, item 1): a WITA hospital in an en-US
 * browser, both screen sizes, keyboard first. The served app runs in this process, its clock
 * (`Date.now`) moved past the limit; the browser's clock is Playwright's. Screenshots go to
 * SCREENSHOTS as `clerk-{what}-{width}.png`.
 */
import assert from "node:assert/strict";
import { apiOf, open, PASSWORD } from "./harness.ts";
import { shot, SIZES } from "./screens_steps.ts";
import { clerkDesk, examForm, MINUTE, press, signedIn, stayWith } from "./clerk_steps.ts";

const IDLE_MINUTES = 10;
/** How far the server's clock is ahead of the real one: sessions go idle by it. */
let ahead = 0;

Deno.test("browser: a session that ends while the clerk types keeps the work; a warning comes first (issue 47, 1)", async (t) => {
  const real = Date.now;
  Date.now = () => real() + ahead;
  try {
    await clerkDesk({ config: { sessionIdleMinutes: IDLE_MINUTES } }, async (o) => {
      const { url, browser, w, axe } = o;
      await o.seeding.ctx.close();
      await t.step(
        "1a: a save that meets an ended session asks for the password there and saves the note",
        async () => {
          for (const size of SIZES) {
            const s = await signedIn(browser, url, size);
            const id = await stayWith(s.api, w);
            const m = await examForm(s.page, url, id);
            await m.locator("#exam-subject").focus();
            await s.page.keyboard.type("Batuk 3 hari, sesak malam hari");
            await m.locator("#exam-tarif_rs").focus();
            await s.page.keyboard.type("1500000");
            ahead += (IDLE_MINUTES + 1) * MINUTE; // the clerk typed past the idle limit
            await press(s.page, m.locator("button:has-text('Simpan')"));
            const d = s.page.locator(".dialog").first();
            await d.waitFor();
            await shot(s.page, `clerk-relogin-${s.tag}`);
            const said = await d.innerText();
            assert.match(said, /Sesi berakhir/, `${s.tag}: ${said}`);
            await axe(s.page, `${s.tag} relogin`);
            assert.equal(
              await s.page.evaluate(() => document.activeElement?.id),
              "relogin-password",
            );
            await s.page.keyboard.type(PASSWORD);
            await s.page.keyboard.press("Enter");
            await m.waitFor({ state: "detached" });
            assert.equal(s.page.url(), `${url}/ipd/${id}`, "the clerk stays on the stay's page");
            const api = await apiOf(s.page, url); // the new session's cookie
            const saved = (await api.json(`/api/ipd/${id}/details`)).body.data;
            assert.deepEqual(saved.map((e: { subject: string }) => e.subject), [
              "Batuk 3 hari, sesak malam hari",
            ]);
            assert.deepEqual(s.errors, []);
            await s.ctx.close();
          }
        },
      );

      await t.step(
        "1b: two minutes before the idle limit a warning offers 'Tetap masuk', which keeps the session",
        async () => {
          for (const size of SIZES) {
            const s = await signedIn(browser, url, size, true);
            const id = await stayWith(s.api, w);
            await open(s.page, url, `/ipd/${id}`);
            const idle = 8 * MINUTE + 10_000; // 1 min 50 s left
            ahead += idle;
            await s.page.clock.fastForward(idle);
            const d = s.page.locator(".dialog", { hasText: "Sesi akan berakhir" });
            await d.waitFor({ timeout: 5_000 });
            await shot(s.page, `clerk-idle-warning-${s.tag}`);
            assert.match(await d.locator("h2").innerText(), /^Sesi akan berakhir dalam 2 menit$/);
            assert.equal(
              await s.page.evaluate(() => document.activeElement?.textContent),
              "Tetap masuk",
            );
            await axe(s.page, `${s.tag} idle warning`);
            const kept = s.page.waitForResponse((r) =>
              new URL(r.url()).pathname === "/api/session"
            );
            await s.page.keyboard.press("Enter");
            assert.equal((await kept).status(), 200);
            await d.waitFor({ state: "detached" });
            // six minutes later: 14 min after the page's last load, 6 after 'Tetap masuk'
            ahead += 6 * MINUTE;
            await s.page.clock.fastForward(6 * MINUTE);
            const r = await s.api.json(`/api/ipd/${id}`);
            assert.equal(r.status, 200, JSON.stringify(r.body));
            assert.equal(await s.page.locator(".dialog").count(), 0);
            assert.deepEqual(s.errors, []);
            await s.ctx.close();
          }
        },
      );
    });
  } finally {
    Date.now = real;
  }
});
