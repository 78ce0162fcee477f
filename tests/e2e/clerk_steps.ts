/** The clerk's browser tests (issue 47): a WITA hospital in an en-US browser, keyboard first. */
import assert from "node:assert/strict";
import type { Browser, Locator, Page } from "playwright-core";
import { type Api, exam, postJson, seedIpd } from "../ipd_fixtures.ts";
import { apiOf, launch, login, open, serve } from "./harness.ts";
import { SIZES } from "./screens_steps.ts";
import { violations } from "./axe.ts";

export const MINUTE = 60_000;

/** `ms` from now as the WITA clerk writes it (`DD-MM-YYYY HH:mm`, UTC+8), by hand. */
export const wita = (ms: number) =>
  new Date(Date.now() + ms + 8 * 60 * MINUTE).toISOString().slice(0, 16)
    .replace(/^(\d{4})-(\d\d)-(\d\d)T/, "$3-$2-$1 ");
/** The same instant as the API's local `YYYY-MM-DDTHH:mm`. */
export const witaIso = (ms: number) =>
  new Date(Date.now() + ms + 8 * 60 * MINUTE).toISOString().slice(0, 16);

export type World = Awaited<ReturnType<typeof seedIpd>>;

/** A signed-in page at `size` (en-US, WITA), with a fake browser clock when `clock`. */
export async function signedIn(
  browser: Browser,
  url: string,
  [width, height]: readonly number[],
  clock = false,
) {
  const ctx = await browser.newContext({
    viewport: { width, height },
    locale: "en-US",
    timezoneId: "Asia/Makassar",
    bypassCSP: true, // axe's bundle is injected
  });
  if (clock) await ctx.clock.install();
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await login(page, url);
  return { ctx, page, errors, api: await apiOf(page, url), tag: String(width) };
}

let erm = 700;
/** A new patient admitted a day ago (WITA), with examinations `exams` (API fields). */
export async function stayWith(api: Api, w: World, ...exams: Record<string, unknown>[]) {
  const p = await api.post("/api/pasien/update", {
    id: "",
    erm: `000${++erm}`,
    first_name: `Pasien${erm}`,
    last_name: "",
    gender: "P",
    tgl_lahir: "1980-01-01",
  });
  assert.equal(p.status, 200, JSON.stringify(p.body));
  const s = await api.post("/api/ipd/update", {
    id: "",
    pasienId: p.body.data._id,
    visitDate: witaIso(-24 * 60 * MINUTE),
    indicationranap: w.indication,
    diagnosis_awal: "Demam",
    asal: "IGD",
    room_id: w.room,
    igd_id: w.igd,
    dpjp_id: w.dpjp,
    episode: "",
    criteria: "",
    readmisi_reason: "",
  });
  assert.equal(s.status, 200, JSON.stringify(s.body));
  const id = s.body.data._id as string;
  for (const e of exams) {
    const r = await postJson(api, "/api/ipd/visitexamination/update", {
      ...exam(w, id, { examinationDate: witaIso(-20 * 60 * MINUTE), keyword: [] }),
      ...e,
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  return id;
}

/** Presses `button` by the keyboard: focus, Enter. */
export async function press(page: Page, button: Locator) {
  await button.focus();
  await page.keyboard.press("Enter");
}

/** The stay's page, then its examination form opened by the keyboard. */
export async function examForm(page: Page, url: string, id: string) {
  await open(page, url, `/ipd/${id}`);
  await press(page, page.locator("button:has-text('Tambah Pemeriksaan')"));
  const m = page.locator(".modal", { hasText: "Tambah Pemeriksaan" });
  await m.waitFor();
  return m;
}

/** The stay's page, then its discharge form (opened by the keyboard, its summary loaded). */
export async function dischargeForm(page: Page, url: string, id: string, chip: string) {
  await open(page, url, `/ipd/${id}`);
  await press(page, page.getByRole("button", { name: "Pulang", exact: true }));
  const m = page.locator(".modal", { hasText: "Pasien Pulang" });
  await m.locator(".chip", { hasText: chip }).waitFor();
  return m;
}

/**
 * Types `text` into a picker and takes its first match by Enter, then waits until the pick
 * landed (the list closed or the text taken): an Enter pressed while the rows for the text are
 * still on their way waits for them, and leaving the field first would drop it.
 */
export async function choose(page: Page, input: Locator, text: string, option: string) {
  await input.focus();
  await page.keyboard.type(text);
  await page.locator(`[role=option]:has-text('${option}')`).first().waitFor();
  await page.keyboard.press("Enter");
  const box = await input.elementHandle();
  await page.waitForFunction(
    ([el, typed]) =>
      el instanceof HTMLInputElement &&
      (el.getAttribute("aria-expanded") === "false" || el.value !== typed),
    [box, text] as const,
  );
}

export const chips = (m: Locator, id: string) =>
  m.locator(`.field:has(#${id}) .chip span`).allInnerTexts();

/** A stay's record through the API. */
export const stayOf = async (api: Api, id: string) => (await api.json(`/api/ipd/${id}`)).body.data;

/** Waits for the first of `what`; the name of the one that came. */
export const first = (what: Record<string, Promise<unknown>>) =>
  Promise.race(Object.entries(what).map(([k, p]) => p.then(() => k)));

/**
 * A served app with the WITA world and a browser, then `body` with them and `axe` (its serious
 * and critical findings gathered, asserted none at the end); closed afterwards.
 */
export async function clerkDesk(
  config: Parameters<typeof serve>[0],
  body: (o: {
    url: string;
    browser: Browser;
    w: World;
    seeding: Awaited<ReturnType<typeof signedIn>>;
    axe: (page: Page, where: string) => Promise<void>;
  }) => Promise<void>,
) {
  const srv = await serve(config);
  const browser = await launch();
  const found: string[] = [];
  const axe = async (page: Page, where: string) => {
    for (const v of await violations(page)) found.push(`${where}: ${v}`);
  };
  try {
    const seeding = await signedIn(browser, srv.url, SIZES[0]);
    const w = await seedIpd(seeding.api, { timezone: "Asia/Makassar" });
    await body({ url: srv.url, browser, w, seeding, axe });
    assert.deepEqual(found, []);
  } finally {
    await browser.close();
    await srv.close();
  }
}
