/** The E-Klaim bridge's tests: an app, a simulator, a stay with what E-Klaim needs. */
import assert from "node:assert/strict";
import { setup, versionOf } from "./helpers.ts";
import { admission, postJson, refId, seedIpd } from "./ipd_fixtures.ts";
import { type EklaimSim, startEklaimSim } from "./eklaim_simulator.ts";
import { KEY } from "./eklaim_sim_fixtures.ts";

export { KEY };
type T = Awaited<ReturnType<typeof setup>>;
export type W = Awaited<ReturnType<typeof seedIpd>>;

/** The app's clock (10:00 WIB on 05-11-2026) and the simulator's. */
export const NOW = new Date("2026-11-05T03:00:00Z");
export const SIM_NOW = new Date("2023-02-01T03:04:05Z");
/** The stay's SEP and the patient's card. */
export const SEP = "0301R0011126V000777";
export const KARTU = "0000668870001";
/** The admin's and the casemix clerk's E-Klaim NIK. */
export const ADMIN_NIK = "3201010101010001";
export const CASEMIX_NIK = "3201010101010002";

/** A simulator with the app's key and a fixed clock. */
export const simFor = (more: Parameters<typeof startEklaimSim>[0] | object = {}) =>
  startEklaimSim({ keyHex: KEY, now: () => SIM_NOW, ...more });

async function ok(r: Promise<{ status: number; body: any }>, what: string) {
  const res = await r;
  assert.equal(res.status, 200, `${what}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The codes the simulator's stand-in grouper knows, added to the app's ICD lists. */
const CODES: [string, string, string][] = [
  ["icd10", "S73.0", "Dislocation of hip"],
  ["icd10", "R99", "Other ill-defined and unspecified causes of mortality"],
  ["icd10", "O80.0", "Spontaneous vertex delivery"],
  ["icd10", "Z37.0", "Single live birth"],
  ["icd9", "81.53", "Revision of hip replacement, NEC"],
];

/**
 * The seeded inpatient world, the simulator's codes, a patient with card and birth date, the
 * admin's NIK and E-Klaim's settings pointing at `sim` (timeout `timeout` s).
 */
export async function bridgeWorld(t: T, sim: EklaimSim, timeout = 5) {
  const w = await seedIpd(t);
  for (const [kind, code, desc] of CODES) {
    w.icd[code] =
      (await ok(t.post("/api/icd/update", { id: "", kind, code, code2: "", desc }), code))
        .data._id;
  }
  const pasien = (await ok(
    t.post("/api/pasien/update", {
      id: "",
      erm: "000777",
      first_name: "Ani",
      last_name: "",
      gender: "P",
      tgl_lahir: "1975-05-05",
      nomor_kartu: KARTU,
    }),
    "patient",
  )).data._id as string;
  await ok(t.post("/api/user/nik", { nik: ADMIN_NIK }), "nik");
  await ok(
    t.post("/api/setting/eklaim", { url: sim.url, key: KEY, timeout: String(timeout) }),
    "settings",
  );
  return {
    ...w,
    ani: pasien,
    pulangId: await refId(t, "discharge-patient", "Atas Persetujuan Dokter"),
  };
}

export type BW = Awaited<ReturnType<typeof bridgeWorld>>;

/**
 * Ani admitted on 01-11-2026 08:00 with SEP `sep`, class 3 entitlement, and one examination with
 * the diagnoses and procedures given (codes of `w.icd`).
 */
export async function admitAni(
  t: T,
  w: BW,
  opts: { sep?: string; dx?: string[]; px?: string[]; pasien?: string } = {},
) {
  const stay = await ok(
    t.post(
      "/api/ipd/update",
      admission(w, {
        pasienId: opts.pasien ?? w.ani,
        nomor_sep: opts.sep ?? SEP,
        kelas_rawat: "3",
      }),
    ),
    "admit",
  );
  await ok(
    postJson(t, "/api/ipd/visitexamination/update", {
      id: "",
      ipdId: stay.data._id,
      examinationDate: "2026-11-01T10:00",
      subject: "Nyeri panggul",
      object: "",
      assesment: "Dislokasi panggul",
      plan: "Revisi",
      keyword: [],
      diagnosis: (opts.dx ?? ["S73.0"]).map((c) => w.icd[c]),
      tindakan: (opts.px ?? ["81.53"]).map((c) => w.icd[c]),
      grouping: w.j4,
      tarifinacbgSelect: "",
      tarif_rs: "25000000",
    }),
    "exam",
  );
  return stay.data._id as string;
}

/** Discharges stay `id` on 04-11-2026 11:30 with the summary codes given. */
export async function dischargeStay(t: T, w: BW, id: string, dx = ["S73.0"], px = ["81.53"]) {
  return await ok(
    postJson(t, "/api/ipd/discharge-patient/update", {
      id,
      _version: await versionOf(t, "ipd", id),
      tanggal_pulang: "2026-11-04T11:30",
      dischargepatient: w.pulangId,
      summary_diagnosis: dx.map((c) => w.icd[c]),
      summary_tindakan: px.map((c) => w.icd[c]),
    }),
    "discharge",
  );
}

/** A flow endpoint called with form fields. */
export const flow = (t: { post: T["post"] }, id: string, step: string, fields = {}) =>
  t.post(`/api/eklaim/${id}/${step}`, fields);

/** The methods the simulator received, in order. */
export const methods = (sim: EklaimSim) => sim.calls.map((c) => c.method);

/** The hip revision's iDRG code (ICD-10-IM), in place of the app's S73.0 header. */
export const HIP_IDRG = { idrg_diagnosa: "S73.02" };
