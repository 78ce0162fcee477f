import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { admission, type Api, seedIpd } from "../ipd_fixtures.ts";
import { login, openTable, session } from "./harness.ts";

/** Money the server would refuse is refused at its field, never rounded nor sent (issue 26, 10). */

async function apiOf(page: Page, url: string): Promise<Api> {
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const json = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${url}${path}`, { ...init, headers: { cookie, ...init.headers } });
    return { status: res.status, body: await res.json() };
  };
  const post = (path: string, fields: Record<string, string>) =>
    json(path, { method: "POST", body: new URLSearchParams(fields) });
  return { json, post };
}

/** Every POST the page sends, by path. */
function posts(page: Page): string[] {
  const sent: string[] = [];
  page.on("request", (r) => r.method() === "POST" && sent.push(new URL(r.url()).pathname));
  return sent;
}

const FRACTION = "Tarif RS harus berupa rupiah bulat 0 sampai 100.000.000.000 (tanpa pecahan).";

Deno.test("browser: the hospital tariff refuses 1.500.000,50, -200000 and over Rp 100 miliar at the field", async () => {
  await using s = await session();
  const { page, url } = s;
  await login(page, url);
  const api = await apiOf(page, url);
  const w = await seedIpd(api);
  const stay = (await api.post("/api/ipd/update", admission(w))).body.data;
  await page.goto(`${url}/ipd/${stay._id}`);
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>("[data-island]")]
      .every((el) => el.dataset.hydrated === "true")
  );
  const sent = posts(page);
  await page.click("button:has-text('Tambah Pemeriksaan')");
  const m = page.locator(".modal", { hasText: "Tambah Pemeriksaan" });
  await m.waitFor();
  await m.getByLabel("Tanggal Pemeriksaan").fill("2026-11-01 10:00");
  const rs = m.getByLabel("Tarif RS (tagihan hari ini)");
  const error = m.locator("#exam-tarif_rs-error");
  for (
    const [typed, message] of [
      ["1.500.000,50", FRACTION],
      ["-200000", "Tarif RS tidak boleh negatif."],
      ["100.000.000.001", FRACTION],
      ["150,000", 'Tarif RS "150,000" bisa dibaca 150 atau 150.000: tulis 150.000 atau 150000.'],
    ]
  ) {
    await rs.fill(typed);
    await m.locator("button:has-text('Simpan')").click();
    await error.waitFor();
    assert.equal(await error.innerText(), message, typed);
    // left as typed: never rounded into another amount
    assert.equal(await rs.inputValue(), typed);
    assert.equal(await rs.evaluate((el) => (el as HTMLInputElement).validationMessage), message);
    assert.equal(await m.isVisible(), true);
  }
  // a whole amount clears the message and is shown as rupiah
  await rs.fill("1.500.000");
  await rs.blur();
  await error.waitFor({ state: "detached" });
  assert.equal(await rs.inputValue(), "Rp 1.500.000");
  assert.deepEqual(sent.filter((p) => p.startsWith("/api/ipd/visitexamination")), []);
  assert.equal((await api.json(`/api/ipd/${stay._id}/details`)).body.data.length, 0);
  assert.deepEqual(s.errors, []);
});

Deno.test("browser: the INA-CBG tariff form refuses the same amounts at the field before Simpan", async () => {
  await using s = await session();
  const { page, url } = s;
  await login(page, url);
  await openTable(page, url, "/tarif-inacbg");
  const sent = posts(page);
  await page.click("button:has-text('Tambah')");
  const m = page.locator(".modal").first();
  await m.waitFor();
  const k3 = m.getByLabel("Tarif Kelas 3");
  const error = m.locator("[id$='-tarif_RS_Kelas3-error']");
  for (
    const [typed, message] of [
      [
        "1.500.000,50",
        "Tarif Kelas 3 harus berupa rupiah bulat 0 sampai 100.000.000.000 " +
        "(tanpa pecahan).",
      ],
      ["-200000", "Tarif Kelas 3 tidak boleh negatif."],
      ["1,500", 'Tarif Kelas 3 "1,500" bisa dibaca 1,5 atau 1.500: tulis 1.500 atau 1500.'],
    ]
  ) {
    await k3.fill(typed);
    await m.locator("button:has-text('Simpan')").click();
    await error.waitFor();
    assert.equal(await error.innerText(), message, typed);
    assert.equal(await k3.inputValue(), typed);
  }
  assert.deepEqual(sent.filter((p) => p.startsWith("/api/inatarif/update")), []);
  assert.equal((await (await apiOf(page, url)).json("/api/inatarif")).body.recordsTotal, 0);
  assert.deepEqual(s.errors, []);
});
