/** The screens of the screen-size browser tests: sizes, a logged-in page, what does not fit. */
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { type Api, postJson, seedIpd } from "../ipd_fixtures.ts";
import { login } from "./harness.ts";

/** The screen sizes clinic staff have. */
export const SIZES = [[1366, 768], [1024, 768]] as const;
/** The folder screenshots go to (SCREENSHOTS), if any. */
export const SHOTS = Deno.env.get("SCREENSHOTS");

/** Saves a screenshot when SCREENSHOTS names a folder. */
export async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** The API with a session cookie. */
export function apiOf(url: string, cookie: string): Api {
  const json = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${url}${path}`, { ...init, headers: { cookie, ...init.headers } });
    return { status: res.status, body: await res.json() };
  };
  const post = (path: string, fields: Record<string, string>) =>
    json(path, { method: "POST", body: new URLSearchParams(fields) });
  return { json, post };
}

/**
 * A logged-in page at a screen size, English browser (`opts`: its time zone, else the machine's;
 * the page's CSP bypassed, for axe); returns the API with its session.
 */
export async function screen(
  browser: Browser,
  url: string,
  [width, height]: readonly number[],
  opts: { timezoneId?: string; bypassCSP?: boolean } = {},
) {
  const ctx = await browser.newContext({ viewport: { width, height }, locale: "en-US", ...opts });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await login(page, url);
  const cookie = (await ctx.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  return { page, api: apiOf(url, cookie), errors, close: () => ctx.close() };
}

/**
 * Counts, in `globalThis.hintAnswers`, the answers to the visit form's two "is this list empty?"
 * requests once the form has handled them: a task after the answer's JSON was read, so the
 * form's own callback and its render have run.
 */
export function countHintAnswers(page: Page) {
  return page.evaluate(() => {
    const w = globalThis as { hintAnswers?: number };
    w.hintAnswers = 0;
    const fetch = globalThis.fetch;
    globalThis.fetch = async (...a: Parameters<typeof fetch>) => {
      const res = await fetch(...a);
      if (/\/api\/(room\/select2|doctor\/dpjpselect2)\?q=&page=1$/.test(String(a[0]))) {
        const text = res.text.bind(res);
        res.text = async () => {
          const d = await text();
          setTimeout(() => w.hintAnswers!++);
          return d;
        };
      }
      return res;
    };
  });
}

/** What does not fit: page or table wider than the screen, action buttons off it or clipped. */
export function overflow(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > innerWidth) out.push(`page ${doc.scrollWidth} > ${innerWidth}`);
    for (const w of document.querySelectorAll<HTMLElement>(".dt-wrap")) {
      if (w.scrollWidth > w.clientWidth + 1) out.push(`table ${w.scrollWidth} > ${w.clientWidth}`);
      const box = w.getBoundingClientRect();
      for (const b of w.querySelectorAll<HTMLElement>("td.actions .btn")) {
        const r = b.getBoundingClientRect();
        if (r.width === 0 || r.right > Math.min(innerWidth, box.right) + 0.5 || r.left < box.left) {
          out.push(`button '${b.innerText}' at ${Math.round(r.left)}-${Math.round(r.right)}`);
        }
      }
    }
    return out;
  });
}

/** A stay with one graded examination (through the API) and a discharged one. */
export async function world(api: Api) {
  const w = await seedIpd(api);
  const admit = async (pasien: string, visitDate: string) => {
    const r = await api.post("/api/ipd/update", {
      id: "",
      pasienId: pasien,
      visitDate,
      indicationranap: w.indication,
      diagnosis_awal: "Pneumonia komunitas dengan demam tinggi",
      asal: "IGD",
      room_id: w.room,
      igd_id: w.igd,
      dpjp_id: w.dpjp,
      episode: "",
      criteria: "",
      readmisi_reason: "",
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.data;
  };
  const exam = async (ipdId: string, date: string, more: Record<string, unknown> = {}) => {
    const r = await postJson(api, "/api/ipd/visitexamination/update", {
      id: "",
      ipdId,
      examinationDate: date,
      keyword: [],
      diagnosis: [w.icd["J18.9"], w.icd["R56.8"]],
      tindakan: [w.icd["93.96"]],
      grouping: w.j4,
      tarif_rs: "1500000",
      ...more,
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  };
  const open = await admit(w.pasien, "2026-11-01T08:00");
  await exam(open._id, "2026-11-01T10:00");
  const gone = await admit(w.pasien2, "2026-10-20T22:00");
  await exam(gone._id, "2026-10-21T09:00", { tarif_rs: "7000000" });
  const current = await api.json(`/api/ipd/${gone._id}`);
  const out = await api.post("/api/ipd/discharge-patient/update", {
    id: gone._id,
    _version: current.body.data._version,
    tanggal_pulang: "2026-10-30T11:00",
    dischargepatient: w.pulang,
    summary_diagnosis: w.icd["J18.9"],
    summary_tindakan: w.icd["93.96"],
  });
  assert.equal(out.status, 200, JSON.stringify(out.body));
  return { w, open, gone };
}
