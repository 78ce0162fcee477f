import assert from "node:assert/strict";
import { login, rowCount, session } from "./harness.ts";

Deno.test("browser: a click and a search made before the table is hydrated are kept and answered", async () => {
  await using s = await session();
  const { page, url } = s;
  await login(page, url);
  await page.waitForSelector("[data-hydrated=true]"); // the start page is done with its own
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  for (let i = 1; i <= 3; i++) {
    const res = await fetch(`${url}/api/disputed-claim/update`, {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams({ id: "", _version: "", kode_icd: `K0${i}`, keyword: `kata ${i}` }),
    });
    assert.equal(res.status, 200, await res.text());
  }

  // the hydration code is held back until the user has acted on the server-rendered table
  let release!: () => void;
  const held = new Promise<void>((ok) => release = ok);
  let asked = 0;
  await page.route(/\/static\/build\/hydrate-[A-Z0-9]+\.js$/, async (route) => {
    asked++;
    await held;
    await route.continue();
  });
  await page.goto(`${url}/dispute-klaim`);
  await page.waitForSelector("[data-island=DataTable][data-ready=true]");
  await page.locator(".dt-search").pressSequentially("kata 3");
  await page.click(".dt-table tbody tr >> nth=0 >> button:has-text('Edit')");
  assert.equal(await page.locator("[data-island=DataTable]").getAttribute("data-hydrated"), null);
  assert.equal(await page.locator(".modal").count(), 0);
  assert.equal(asked, 1); // asked for once, by the first use or the idle page

  release();
  await page.waitForSelector("[data-island=DataTable][data-hydrated=true]");
  // the held click opened the row it was made on; the typed text stayed and was searched
  assert.equal(await page.getByLabel("Kode ICD").inputValue(), "K01");
  await page.click(".modal button:has-text('Batal')");
  assert.equal(await page.locator(".dt-search").inputValue(), "kata 3");
  await rowCount(page, 1);
  assert.match(await page.locator(".dt-table tbody tr").innerText(), /K03\s+kata 3/);
  assert.deepEqual(s.errors, []);
});

Deno.test("browser: a search typed before hydration waits its 500 ms from the keystroke, not from hydration", async () => {
  await using s = await session();
  const { page, url } = s;
  await login(page, url);
  await page.waitForSelector("[data-hydrated=true]");
  let release!: () => void;
  const held = new Promise<void>((ok) => release = ok);
  await page.route(/\/static\/build\/hydrate-[A-Z0-9]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // the page notes when its table was hydrated (performance.now() time)
  await page.addInitScript(() => {
    new MutationObserver((_, obs) => {
      if (document.querySelector("[data-island=DataTable][data-hydrated=true]")) {
        (globalThis as unknown as { hydratedAt: number }).hydratedAt = performance.now();
        obs.disconnect();
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-hydrated"] });
  });
  await page.goto(`${url}/dispute-klaim`);
  await page.waitForSelector("[data-island=DataTable][data-ready=true]");
  const sent = page.waitForResponse((r) =>
    new URL(r.url()).searchParams.get("search[value]") === "k"
  );
  await page.locator(".dt-search").press("k");
  // the scripts arrive 700 ms after the keystroke: its 500 ms are over, so the search goes
  // as soon as the table is hydrated (a delay counted from hydration would wait 500 ms more)
  await new Promise((ok) => setTimeout(ok, 700));
  release();
  await (await sent).finished();
  // the resource entry is added once the body has arrived: wait for it, not for the headers
  const gap = (await (await page.waitForFunction(() => {
    const req = performance.getEntriesByType("resource")
      .find((e) => new URL(e.name).searchParams.get("search[value]") === "k");
    const at = (globalThis as unknown as { hydratedAt: number }).hydratedAt;
    return req ? { gap: req.startTime - at } : null;
  })).jsonValue() as { gap: number }).gap;
  assert.ok(gap < 250, `search sent ${gap.toFixed(0)} ms after the table was hydrated`);
  assert.equal(await page.locator(".dt-search").inputValue(), "k");
  assert.deepEqual(s.errors, []);
});
