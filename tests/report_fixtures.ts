/** A small inpatient world for the dashboard, built through the real inpatient API. */
import assert from "node:assert/strict";
import type { setup } from "./helpers.ts";
import { admission, type Api, seedIpd } from "./ipd_fixtures.ts";

/** The dashboard's period in these stays. */
export const MARCH_2025 = { startDate: "2025-03-01", endDate: "2025-03-31" };

/**
 * The app's clock for these stays: 16 January 2026, 01:00 in Jakarta (still the 15th in UTC),
 * so "today" is fixed and a test never races midnight.
 */
export const DASHBOARD_NOW = new Date("2026-01-15T18:00:00Z");
/** The Jakarta day of `DASHBOARD_NOW`. */
export const DASHBOARD_TODAY = "2026-01-16";

async function ok(r: Promise<{ status: number; body: any }>, what: string) {
  const res = await r;
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * Four stays (INA-CBG 5,000,000 each, Kelas 2), `today` the app's day (`DASHBOARD_TODAY` for
 * an app on the `DASHBOARD_NOW` clock):
 * - patient 1: 2 March 2025, +70 % (J18.9; 93.96), discharged 6 March; back 20 March, a
 *   readmission, -20 % (J18.9, A09; 89.14), still admitted;
 * - patient 2: admitted today 00:30, -10 % (R56.8);
 * - patient 3: 10 March 2025, +80 % (A09), discharged today 00:45.
 *
 * So: 1 new today, 2 admitted, 1 discharged today, 1 readmission in March, 2 admitted below
 * 0 %; March's top ICD-10 A09 2, J18.9 2, ICD-9-CM 89.14 1, 93.96 1; March's tariffs: 2 at or
 * above 0 % (Rp 7,500,000), 1 below (-Rp 1,000,000); the DPJP has 2 patients.
 */
export async function seedDashboard(t: Api, today = DASHBOARD_TODAY) {
  const w = await seedIpd(t);
  const pasien3 = (await ok(
    t.post("/api/pasien/update", {
      id: "",
      erm: "000789",
      first_name: "Wati",
      last_name: "",
      gender: "P",
      tgl_lahir: "1980-01-01",
    }),
    "patient",
  )).data._id;
  const post = (path: string, body: unknown) =>
    ok(
      t.json(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
      path,
    );
  const admit = async (pasienId: string, visitDate: string, more: Record<string, string> = {}) =>
    (await ok(t.post("/api/ipd/update", admission(w, { pasienId, visitDate, ...more })), "admit"))
      .data._id as string;
  const exam = (ipdId: string, date: string, rs: number, dx: string[], tx: string[]) =>
    post("/api/ipd/visitexamination/update", {
      id: "",
      ipdId,
      examinationDate: date,
      subject: "S",
      object: "O",
      assesment: "A",
      plan: "P",
      keyword: [],
      diagnosis: dx.map((code) => w.icd[code]),
      tindakan: tx.map((code) => w.icd[code]),
      grouping: w.j4,
      tarifinacbgSelect: "",
      tarif_rs: String(rs),
    });
  const discharge = async (id: string, at: string) =>
    post("/api/ipd/discharge-patient/update", {
      id,
      _version: (await t.json(`/api/ipd/${id}`)).body.data._version,
      tanggal_pulang: at,
      dischargepatient: w.pulang,
      confirm_no_diagnosis: "1",
    });
  const a1 = await admit(w.pasien, "2025-03-02T08:00");
  await exam(a1, "2025-03-02T10:00", 1_500_000, ["J18.9"], ["93.96"]);
  await discharge(a1, "2025-03-06T10:00");
  const a2 = await admit(w.pasien, "2025-03-20T08:00", { readmisi_reason: "komplikasi" });
  await exam(a2, "2025-03-20T10:00", 6_000_000, ["J18.9", "A09"], ["89.14"]);
  const b = await admit(w.pasien2, `${today}T00:30`);
  await exam(b, `${today}T01:00`, 5_500_000, ["R56.8"], []);
  const c = await admit(pasien3, "2025-03-10T08:00");
  await exam(c, "2025-03-10T09:00", 1_000_000, ["A09"], []);
  await discharge(c, `${today}T00:45`);
  return { w, today };
}

/** The test app `setup` gives. */
export type T = Awaited<ReturnType<typeof setup>>;

/** An instant of a Jakarta day (`time` HH:mm, default 08:00). */
export const at = (day: string, time = "08:00") =>
  new Date(`${day}T${time}:00+07:00`).toISOString();
/** A stay's DPJP field. */
export const dpjp = (id: string, fullname: string) => ({ dpjp: { _id: id, fullname } });
/** A stay's fields once discharged at `when`. */
export const discharged = (when: string) => ({
  status: "pulang" as const,
  tanggal_pulang: when,
  openPasien: null,
});
/** March 2025 as the report API's query reads it. */
export const MARCH = "startDate=2025-03-01&endDate=2025-03-31";

/** Saves an ICD code through the API. */
export async function icd(t: T, kind: string, code: string, desc: string) {
  const r = await t.post("/api/icd/update", { id: "", kind, code, code2: "", desc });
  assert.equal(r.status, 200, JSON.stringify(r.body));
}
