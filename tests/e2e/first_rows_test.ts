import assert from "node:assert/strict";
import { FIRST_ROWS } from "../../lib/resource/table_props.ts";
import type { Page } from "playwright-core";
import { login, rowCount, session } from "./harness.ts";

const N = 30;
const kode = (i: number) => `K${String(i).padStart(2, "0")}`;

/** `N` dispute keywords K01..K30 ('kata 1'..'kata 30') through the API; returns the cookie. */
async function seed(page: Page, url: string): Promise<string> {
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  for (let i = 1; i <= N; i++) {
    const res = await fetch(`${url}/api/disputed-claim/update`, {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams({ id: "", _version: "", kode_icd: kode(i), keyword: `kata ${i}` }),
    });
    assert.equal(res.status, 200, await res.text());
  }
  return cookie;
}

Deno.test("browser: a long first page shows a screenful at once, its buttons and search live; the rest follows", async () => {
  await using s = await session();
  const { page, url } = s;
  await login(page, url);
  const cookie = await seed(page, url);

  // the server sends a screenful only: drawn rows and island data alike
  const html = await (await fetch(`${url}/dispute-klaim`, { headers: { cookie } })).text();
  const body = html.slice(html.indexOf("<tbody>"), html.indexOf("</tbody>"));
  assert.equal(body.split("<tr").length - 1, FIRST_ROWS);
  assert.match(html, new RegExp(`"kode_icd":"${kode(FIRST_ROWS)}"`));
  assert.doesNotMatch(html, new RegExp(`"kode_icd":"${kode(FIRST_ROWS + 1)}"`));

  // a slow PC: right after hydration a drawn row's button works and a search is answered
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  await page.goto(`${url}/dispute-klaim`);
  await page.waitForSelector("[data-island=DataTable][data-hydrated=true]");
  assert.ok((await page.locator(".dt-table tbody tr").count()) >= FIRST_ROWS);
  await page.click(".dt-table tbody tr >> nth=0 >> button:has-text('Edit')");
  assert.equal(await page.getByLabel("Kode ICD").inputValue(), kode(1));
  await page.click(".modal button:has-text('Batal')");

  // the rest of the page follows by itself, each row as live as the first
  await rowCount(page, N);
  await page.click(`.dt-table tbody tr:has-text('${kode(N)}') >> button:has-text('Edit')`);
  assert.equal(await page.getByLabel("Keyword").inputValue(), `kata ${N}`);
  await page.click(".modal button:has-text('Batal')");

  // typed as soon as the page is live, a search filters through the server
  await page.reload();
  await page.waitForSelector("[data-island=DataTable][data-hydrated=true]");
  await page.locator(".dt-search").pressSequentially("kata 27");
  await rowCount(page, 1);
  assert.match(await page.locator(".dt-table tbody tr").innerText(), /K27\s+kata 27/);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  assert.deepEqual(s.errors, []);
});

Deno.test("browser: text typed before the rest of the first page is fetched is the one request; its answer shows a screenful first", async () => {
  await using s = await session();
  const { page, url } = s;
  await login(page, url);
  await page.waitForSelector("[data-hydrated=true]"); // the start page is done with its own
  await seed(page, url);
  const asked: string[] = [];
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (u.pathname === "/api/disputed-claim") asked.push(u.searchParams.get("search[value]")!);
  });
  // the page notes the table's row count at each change of its body
  await page.addInitScript(() => {
    const counts: number[] = [];
    (globalThis as unknown as { counts: number[] }).counts = counts;
    new MutationObserver(() => {
      const n = document.querySelectorAll(".dt-table tbody tr").length;
      if (n !== counts.at(-1)) counts.push(n);
    }).observe(document, { subtree: true, childList: true });
  });

  // the scripts are held until the text is typed: the rest of the page is due, not yet asked
  let release!: () => void;
  const held = new Promise<void>((ok) => release = ok);
  await page.route(/\/static\/build\/hydrate-[A-Z0-9]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${url}/dispute-klaim`);
  await page.waitForSelector("[data-island=DataTable][data-ready=true]");
  await page.locator(".dt-search").pressSequentially("kata 1");
  release();
  await page.waitForSelector("[data-island=DataTable][data-hydrated=true]");
  await rowCount(page, 11); // kata 1, kata 10-19
  // the rest of the unsearched page was never asked for: the search replaced it
  assert.deepEqual(asked, ["kata 1"]);

  // an answer of 30 rows comes a screenful first, then the rest a frame later
  await page.locator(".dt-search").fill("kata");
  await rowCount(page, N);
  assert.deepEqual(asked, ["kata 1", "kata"]);
  const counts = await page.evaluate(() => (globalThis as unknown as { counts: number[] }).counts);
  assert.deepEqual(counts.slice(-3), [11, FIRST_ROWS, N], `row counts ${counts.join(", ")}`);
  assert.match(await page.locator(".dt-table tbody tr >> nth=29").innerText(), /kata \d+/);
  assert.deepEqual(s.errors, []);
});

/** When the page asked for `search` (its clock), less when the last keydown was seen. */
const sentAfterKey = (page: Page, search: string) =>
  page.evaluate((search) => {
    const asked = performance.getEntriesByType("resource")
      .find((r) => new URL(r.name).searchParams.get("search[value]") === search);
    return asked ? asked.startTime - (globalThis as unknown as { keyAt: number }).keyAt : null;
  }, search);

Deno.test("browser: the search delay counts from the keystroke, however late a busy page handles it", async () => {
  await using s = await session();
  const { page, url } = s;
  await login(page, url);
  await seed(page, url);
  // a busy page: each keystroke holds the main thread 600 ms before the page sees it
  await page.addInitScript(() => {
    addEventListener("keydown", (e) => {
      (globalThis as unknown as { keyAt: number }).keyAt = e.timeStamp;
      const end = performance.now() + 600;
      while (performance.now() < end);
    }, true);
  });
  let release!: () => void;
  const held = new Promise<void>((ok) => release = ok);
  await page.route(/\/static\/build\/hydrate-[A-Z0-9]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${url}/dispute-klaim`);
  await page.waitForSelector("[data-island=DataTable][data-ready=true]");

  // typed before hydration (the boot script notes it), then after it (the search box itself)
  await page.locator(".dt-search").pressSequentially("kata 2");
  release();
  await rowCount(page, 11); // kata 2, kata 20-29
  const before = await sentAfterKey(page, "kata 2");
  await page.locator(".dt-search").press("1");
  await rowCount(page, 1);
  const after = await sentAfterKey(page, "kata 21");
  // 500 ms after the keystroke (not 500 ms after the 600 ms the page took to see it)
  for (const ms of [before, after]) assert.ok(ms !== null && ms >= 450 && ms < 1_000, `${ms}`);
  assert.deepEqual(s.errors, []);
});

Deno.test("browser: hydration keeps the server's text cells as drawn, wires their buttons; a new answer redraws them", async () => {
  await using s = await session();
  const { page, url } = s;
  await login(page, url);
  await seed(page, url);
  let hydrate!: () => void, fill!: () => void;
  const scripts = new Promise<void>((ok) => hydrate = ok);
  const rest = new Promise<void>((ok) => fill = ok);
  await page.route(/\/static\/build\/hydrate-[A-Z0-9]+\.js$/, async (route) => {
    await scripts;
    await route.continue();
  });
  await page.route(/\/api\/disputed-claim\?/, async (route) => {
    await rest;
    await route.continue();
  });
  await page.goto(`${url}/dispute-klaim`);
  await page.waitForSelector("[data-island=DataTable][data-ready=true]");
  // a mark the server never drew, in a text cell and in the buttons' cell of the first row
  await page.evaluate(() => {
    for (const td of document.querySelectorAll(".dt-table tbody tr:first-child td")) {
      td.insertAdjacentHTML("beforeend", "<i class='mark'></i>");
    }
  });
  const marks = () => page.locator(".dt-table tbody tr >> nth=0 >> i.mark").count();
  const cells = await page.locator(".dt-table tbody tr >> nth=0 >> td").count();
  hydrate();
  await page.waitForSelector("[data-island=DataTable][data-hydrated=true]");
  // the text cells were left as they were (mark and all); the buttons' cell was hydrated
  assert.equal(await page.locator(".dt-table tbody tr >> nth=0 >> td.actions i.mark").count(), 0);
  assert.equal(await marks(), cells - 1);
  await page.click(".dt-table tbody tr >> nth=0 >> button:has-text('Edit')");
  assert.equal(await page.getByLabel("Kode ICD").inputValue(), kode(1));
  await page.click(".modal button:has-text('Batal')");

  // the whole page's answer draws every cell anew, the kept ones included
  fill();
  await rowCount(page, N);
  assert.equal(await marks(), 0);
  assert.match(await page.locator(".dt-table tbody tr >> nth=0").innerText(), /K01\s+kata 1\b/);
  assert.deepEqual(s.errors, []);
});
