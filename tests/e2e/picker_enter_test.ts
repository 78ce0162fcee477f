import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { type Api, seedIpd } from "../ipd_fixtures.ts";
import { apiOf, login, session } from "./harness.ts";

async function ok(r: Promise<{ status: number; body: any }>) {
  const res = await r;
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data;
}

/**
 * The inpatient world plus codes whose unfiltered lists start with another row than the one
 * typed (A01.0 before A91, 38.93 before 38.99, A-4-10-I before A-4-14-I), and one stay.
 */
async function world(api: Api) {
  // made before the fixture's J-4-16-I so that one of them heads the unfiltered list
  for (
    const [kode, desc, k3] of [
      ["A-4-10-I", "INFEKSI BAKTERI DAN PARASIT LAIN-LAIN RINGAN", "3442600"],
      ["A-4-14-I", "INFEKSI NON BAKTERI RINGAN", "2800000"],
    ]
  ) {
    await ok(api.post("/api/inatarif/update", {
      id: "",
      regional: "3",
      kelas_rs: "CS",
      kode,
      desc,
      tarif_Kelas3: k3,
      tarif_Kelas2: String(Number(k3) + 1_000_000),
      tarif_Kelas1: String(Number(k3) + 2_000_000),
    }));
  }
  const w = await seedIpd(api);
  for (
    const [kind, code, desc] of [
      ["icd10", "A01.0", "Typhoid fever"],
      ["icd10", "A91", "Dengue haemorrhagic fever"],
      ["icd9", "38.93", "Venous catheterization, not elsewhere classified"],
      ["icd9", "38.99", "Other puncture of vein"],
    ]
  ) await ok(api.post("/api/icd/update", { id: "", kind, code, code2: "", desc }));
  return await ok(api.post("/api/ipd/update", {
    id: "",
    pasienId: w.pasien,
    visitDate: new Date(Date.now() - 86_400_000).toISOString(),
    indicationranap: w.indication,
    diagnosis_awal: "Demam",
    asal: "IGD",
    room_id: w.room,
    igd_id: w.igd,
    dpjp_id: w.dpjp,
    episode: "",
    criteria: "",
    readmisi_reason: "",
  }));
}

/** Opens the stay's page and its "Tambah Pemeriksaan" form. */
async function examForm(page: Page, url: string, stayId: string): Promise<Locator> {
  await page.goto(`${url}/ipd/${stayId}`);
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>("[data-island]")]
      .every((el) => el.dataset.hydrated === "true")
  );
  await page.click("button:has-text('Tambah Pemeriksaan')");
  const m = page.locator(".modal", { hasText: "Tambah Pemeriksaan" });
  await m.waitFor();
  return m;
}

/** Opens a picker and waits for its unfiltered list (nothing highlighted): the stale state. */
async function openList(page: Page, input: Locator, first: string) {
  await input.click();
  await page.locator(".select-list li", { hasText: first }).first().waitFor();
  assert.equal(await page.locator(".select-list li.active").count(), 0);
}

/** The chips of a multi-select field. */
const chips = (m: Locator, id: string) =>
  m.locator(`.field:has(#${id}) .chip span`).allInnerTexts();

/** Holds back the select2 answer of `path` for exactly `q` until released. */
async function hold(page: Page, path: string, q: string) {
  let release!: () => void;
  const held = new Promise<void>((ok) => release = ok);
  let asked!: () => void;
  const reached = new Promise<void>((ok) => asked = ok);
  await page.route((u) => u.pathname === path && u.searchParams.get("q") === q, async (route) => {
    asked();
    await held;
    await route.continue();
  });
  return { reached, release };
}

Deno.test("browser: Enter typed at once after a code under 6x CPU throttle takes that code, not the unfiltered first row", async () => {
  await using s = await session();
  const { page, url } = s;
  await login(page, url);
  const stay = await world(await apiOf(page, url));
  const m = await examForm(page, url, stay._id);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });

  const diag = m.locator("#exam-diagnosis");
  await openList(page, diag, "A01.0 - Typhoid fever");
  await diag.pressSequentially("A91");
  await diag.press("Enter");
  await m.locator(".field:has(#exam-diagnosis) .chip").first().waitFor();
  assert.deepEqual(await chips(m, "exam-diagnosis"), ["A91 - Dengue haemorrhagic fever"]);

  const tind = m.locator("#exam-tindakan");
  await openList(page, tind, "38.93 - Venous catheterization");
  await tind.pressSequentially("38.99");
  await tind.press("Enter");
  await m.locator(".field:has(#exam-tindakan) .chip").first().waitFor();
  assert.deepEqual(await chips(m, "exam-tindakan"), ["38.99 - Other puncture of vein"]);

  const grouping = m.locator("#exam-grouping");
  await openList(page, grouping, "A-4-10-I - INFEKSI BAKTERI");
  await grouping.pressSequentially("A-4-14-I");
  await grouping.press("Enter");
  await page.waitForFunction(() =>
    document.querySelector<HTMLInputElement>("#exam-grouping")?.getAttribute("aria-expanded") ===
      "false"
  );
  assert.equal(await grouping.inputValue(), "A-4-14-I - INFEKSI NON BAKTERI RINGAN");
  // the room is a kelas 2 room: the package's kelas 2 tariff (2.800.000 + 1.000.000)
  await page.waitForFunction(() =>
    document.querySelector<HTMLInputElement>("#exam-tarif_ina")?.value === "Rp 3.800.000"
  );

  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await m.getByLabel("Tarif RS (tagihan hari ini)").fill("3000000");
  await m.locator("button:has-text('Simpan')").click();
  await m.waitFor({ state: "detached" });
  const api = await apiOf(page, url);
  const saved = (await api.json(`/api/ipd/${stay._id}/details`)).body.data;
  assert.equal(saved.length, 1);
  const after = (await api.json(`/api/ipd/${stay._id}`)).body.data;
  assert.deepEqual([after.codes10, after.codes9], [["A91"], ["38.99"]]);
  assert.equal(saved[0].grouping.kode_inacbg, "A-4-14-I");
  assert.deepEqual(s.errors, []);
});

Deno.test("browser: an Enter made before the typed code's results arrive waits for them; Tab takes nothing", async () => {
  await using s = await session();
  const { page, url } = s;
  await login(page, url);
  const stay = await world(await apiOf(page, url));
  const m = await examForm(page, url, stay._id);
  const diag = m.locator("#exam-diagnosis");

  const a91 = await hold(page, "/api/icd/select2-icd10", "A91");
  await openList(page, diag, "A01.0 - Typhoid fever");
  await diag.pressSequentially("A91");
  await diag.press("Enter");
  // either the typed text's request is made (the Enter waits) or a stale row was taken at once
  const first = await Promise.race([
    a91.reached.then(() => "asked"),
    m.locator(".chip").first().waitFor().then(() => "chosen"),
  ]);
  assert.deepEqual(await chips(m, "exam-diagnosis"), []);
  assert.equal(first, "asked");
  // while waiting, no row of the old list is offered as the one Enter takes
  assert.equal(await m.locator(".select-list li.active").count(), 0);
  a91.release();
  await m.locator(".chip").first().waitFor();
  assert.deepEqual(await chips(m, "exam-diagnosis"), ["A91 - Dengue haemorrhagic fever"]);

  // an arrow pressed while waiting moves the highlight of the rows on their way: A01.0, A09
  const a0 = await hold(page, "/api/icd/select2-icd10", "A0");
  await openList(page, diag, "A01.0 - Typhoid fever");
  await diag.pressSequentially("A0");
  await diag.press("ArrowDown");
  await diag.press("Enter");
  await a0.reached;
  assert.equal(await m.locator(".field:has(#exam-diagnosis) .chip").count(), 1);
  a0.release();
  await m.locator(".field:has(#exam-diagnosis) .chip").nth(1).waitFor();
  assert.deepEqual(await chips(m, "exam-diagnosis"), [
    "A91 - Dengue haemorrhagic fever",
    "A09 - Diarrhoea and gastroenteritis of presumed infectious origin",
  ]);

  // a text nothing matches: the waiting Enter chooses nothing, the list says so
  const none = await hold(page, "/api/icd/select2-icd9", "99.99");
  const tind = m.locator("#exam-tindakan");
  await openList(page, tind, "38.93 - Venous catheterization");
  await tind.pressSequentially("99.99");
  await tind.press("Enter");
  await none.reached;
  none.release();
  await m.locator(".select-list .select-info", { hasText: "Tidak ada hasil" }).waitFor();
  assert.deepEqual(await chips(m, "exam-tindakan"), []);
  await tind.press("Escape");

  // leaving the field before the results arrive takes nothing either: the text stays, marked
  await openList(page, tind, "38.93 - Venous catheterization");
  await tind.pressSequentially("38.99");
  await tind.press("Tab");
  assert.deepEqual(await chips(m, "exam-tindakan"), []);
  assert.equal(await tind.inputValue(), "38.99");
  await m.locator("#exam-tindakan-unchosen", { hasText: "belum dipilih" }).waitFor();
  assert.deepEqual(s.errors, []);
});
