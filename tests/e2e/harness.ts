import { type Browser, chromium, type Locator, type Page } from "playwright-core";
import type { Config } from "../../lib/config.ts";
import { allowAnyLicence, type LicenceGate } from "../../lib/licence/gate.ts";
import { hashPassword } from "../../lib/auth/password.ts";
import type { Store } from "../../lib/db/store.ts";
import { importFile } from "../../lib/resource/importer.ts";
import { registry } from "../../resources/mod.ts";
import { testApp, WILAYAH } from "../helpers.ts";
import type { Api } from "../ipd_fixtures.ts";

export const PASSWORD = "uji-browser-1";

/**
 * The app served on a free loopback port over a fresh `:memory:` KV, with one admin. Login
 * accepts any hospital code unless `licence` is given (or left undefined beside a
 * `config.licenceUrl`, for the real check). With `dataDir`, KV is the file
 * `dataDir/casemix.kv` and the app writes there (backups, config).
 */
export async function serve(
  opts: {
    licence?: LicenceGate;
    config?: Partial<Config>;
    dataDir?: string;
    now?: () => Date;
  } = {
    licence: allowAnyLicence,
  },
) {
  const { store, app, config, close } = await testApp({ ...opts, file: !!opts.dataDir }, {
    fullname: "Petugas Rekam Medis",
    email: "rm@rs.test",
    passwordHash: await hashPassword(PASSWORD),
  });
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);
  const url = `http://127.0.0.1:${server.addr.port}`;
  return {
    url,
    app,
    store,
    config,
    async close() {
      await server.shutdown();
      await close();
    },
  };
}

/** Debian's Chromium (or `CHROME_PATH`), headless, with no background network traffic. */
export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: Deno.env.get("CHROME_PATH") || "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** Logs in through the real form (as `username`, password `PASSWORD`), waits for the start page. */
export async function login(page: Page, url: string, username = "admin"): Promise<void> {
  await page.goto(`${url}/auth/login`);
  await page.waitForSelector("[data-hydrated=true]");
  await page.fill("#hospitalCode", "RS01");
  await page.fill("#username", username);
  await page.fill("#password", PASSWORD);
  await page.click("button:has-text('Masuk')");
  await page.waitForURL(`${url}/`);
}

/** Opens a table page and waits until its island is live and idle. */
export async function openTable(page: Page, url: string, path: string): Promise<void> {
  await page.goto(`${url}${path}`);
  await page.waitForSelector("[data-island=DataTable][data-hydrated=true]");
}

/** Waits until the table shows a row containing `text`, and returns that row's text. */
export async function rowWith(page: Page, text: string): Promise<string> {
  const row = page.locator(".dt-table tbody tr", { hasText: text }).first();
  await row.waitFor();
  return await row.innerText();
}

/** Waits until the table body has exactly `n` rows. */
export const rowCount = (page: Page, n: number) =>
  page.waitForFunction((n) => document.querySelectorAll(".dt-table tbody tr").length === n, n);

/** The visible rows' text. */
export const rows = (page: Page) => page.locator(".dt-table tbody tr").allInnerTexts();

/** The API over the served app, with the browser's session cookie. */
export async function apiOf(page: Page, url: string): Promise<Api> {
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const json = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${url}${path}`, { ...init, headers: { cookie, ...init.headers } });
    return { status: res.status, body: await res.json() };
  };
  const post = (path: string, fields: Record<string, string>) =>
    json(path, { method: "POST", body: new URLSearchParams(fields) });
  return { json, post };
}

/** Starts the app and a browser; returns both and closes them when disposed. */
export async function session(opts?: Parameters<typeof serve>[0]) {
  const srv = await serve(opts);
  const browser = await launch();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return {
    ...srv,
    page,
    errors,
    async [Symbol.asyncDispose]() {
      await browser.close();
      await srv.close();
    },
  };
}

/** Imports the small region set of `tests/helpers.ts` straight into the store, top `levels`. */
export async function importRegions(store: Store, levels = 4): Promise<void> {
  const files = [
    ["province", WILAYAH.provinces],
    ["regency", WILAYAH.regencies],
    ["district", WILAYAH.districts],
    ["village", WILAYAH.villages],
  ];
  for (const [res, csv] of files.slice(0, levels)) {
    const bytes = new TextEncoder().encode(csv);
    await importFile(store, registry, registry.get(res)!, { name: `${res}.csv`, bytes });
  }
}

/** Opens a page and waits until every island on it is live. */
export async function open(page: Page, url: string, path: string): Promise<void> {
  await page.goto(`${url}${path}`);
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>("[data-island]")]
      .every((el) => el.dataset.hydrated === "true")
  );
}

/** Picks an option of a searchable select by typing part of it. */
export async function pick(page: Page, input: Locator, typed: string, option: string) {
  await input.click();
  await input.fill(typed);
  await page.locator(`[role=option]:has-text('${option}')`).first().click();
}
