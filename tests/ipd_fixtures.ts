/** A small inpatient world built through the real API (for API and browser tests). */
import assert from "node:assert/strict";

/** Something that can call the API with a session: `setup()` in API tests. */
export interface Api {
  json: (path: string, init?: RequestInit) => Promise<{ status: number; body: any }>;
  post: (path: string, fields: Record<string, string>) => Promise<{ status: number; body: any }>;
}

async function ok(r: Promise<{ status: number; body: any }>, what: string) {
  const res = await r;
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The id of the reference entry whose text is exactly `text`. */
export async function refId(t: Api, resource: string, text: string): Promise<string> {
  const r = await ok(t.json(`/api/${resource}/select2?q=${encodeURIComponent(text)}`), resource);
  const hit = r.results.find((o: { text: string }) => o.text === text);
  if (!hit) throw new Error(`${resource}: no "${text}"`);
  return hit.id;
}

const ICD10 = [
  ["J18.9", "Pneumonia, unspecified"],
  ["R56.8", "Other and unspecified convulsions"],
  [
    "A09",
    "Diarrhoea and gastroenteritis of presumed infectious origin",
  ],
];
const ICD9 = [["93.96", "Other oxygen enrichment"], ["89.14", "Electroencephalogram"]];

/**
 * Hospital profile (regional 3, class C private: kelas_rs CS), a second-class room, a DPJP
 * and an IGD doctor, two patients, ICD-10/ICD-9-CM codes, two disputed-claim keywords and
 * INA-CBG tariffs of this hospital (and one of another regional).
 */
export async function seedIpd(t: Api, hospital: Record<string, string> = {}) {
  await ok(
    t.post("/api/setting/hospital", {
      name: "RSU Uji Casemix",
      regional: await refId(t, "regional", "Regional 3"),
      hospitalClass: await refId(t, "hospital-class", "C"),
      owner: await refId(t, "owner", "Swasta"),
      type: await refId(t, "hospital-type", "Rumah Sakit Umum"),
      timezone: "Asia/Jakarta",
      ...hospital,
    }),
    "hospital",
  );
  const cls = (await ok(
    t.post("/api/class-room/update", { id: "", name: "Kelas II", desc: "", classtype: "second" }),
    "class",
  )).data;
  const room = (await ok(
    t.post("/api/room/update", { id: "", name: "Melati", desc: "Bangsal", classroom: cls._id }),
    "room",
  )).data;
  const doctor = async (first: string, flag: "dpjp" | "igd") => {
    const d = (await ok(
      t.post("/api/doctor/update", {
        id: "",
        front_title: "dr.",
        first_name: first,
        last_name: "",
        last_title: "",
        phone: "",
        gender: "L",
      }),
      "doctor",
    )).data;
    await ok(t.post(`/api/doctor/update/${flag}/${d._id}`, { [flag]: "true" }), "flag");
    return d;
  };
  const dpjp = await doctor("Budi", "dpjp");
  const igd = await doctor("Citra", "igd");
  const patient = async (erm: string, first: string) =>
    (await ok(
      t.post("/api/pasien/update", {
        id: "",
        erm,
        first_name: first,
        last_name: "",
        gender: "P",
        tgl_lahir: "1980-11-02",
      }),
      "patient",
    )).data;
  const pasien = await patient("000123", "Siti");
  const pasien2 = await patient("000456", "Rahma");
  const icd: Record<string, string> = {};
  for (const [kind, list] of [["icd10", ICD10], ["icd9", ICD9]] as const) {
    for (const [code, desc] of list) {
      icd[code] =
        (await ok(t.post("/api/icd/update", { id: "", kind, code, code2: "", desc }), code))
          .data._id;
    }
  }
  const keyword = async (kode_icd: string, kw: string) =>
    (await ok(
      t.post("/api/disputed-claim/update", {
        id: "",
        kode_icd,
        keyword: kw,
        rekomendasi: `Rekomendasi ${kw}`,
        sumber: "BA Kesepakatan",
      }),
      kw,
    )).data._id;
  const kejang = await keyword("R56.8", "kejang");
  const usg = await keyword("88.78;88.76", "usg kehamilan");
  const tariff = async (regional: string, kode: string, k3: number) =>
    (await ok(
      t.post("/api/inatarif/update", {
        id: "",
        regional,
        kelas_rs: "CS",
        kode,
        desc: `GRUP ${kode}`,
        tarif_Kelas3: String(k3),
        tarif_Kelas2: String(k3 + 1_000_000),
        tarif_Kelas1: String(k3 + 2_000_000),
      }),
      kode,
    )).data._id;
  return {
    room: room._id as string,
    dpjp: dpjp._id as string,
    igd: igd._id as string,
    pasien: pasien._id as string,
    pasien2: pasien2._id as string,
    icd,
    kejang,
    usg,
    /** Kelas 2 5,000,000 */
    j4: await tariff("3", "J-4-16-I", 4_000_000),
    /** Kelas 2 5,200,000 */
    j5: await tariff("3", "J-4-16-II", 4_200_000),
    otherRegional: await tariff("1", "J-4-16-I", 3_000_000),
    indication: await refId(t, "indication-ranap", "Terapi intravena"),
    pulang: await refId(t, "discharge-patient", "Atas Persetujuan Dokter"),
  };
}

/** The fields of an admission. */
export function admission(
  w: Awaited<ReturnType<typeof seedIpd>>,
  more: Record<string, string> = {},
) {
  return {
    id: "",
    pasienId: w.pasien,
    visitDate: "2026-11-01T08:00",
    indicationranap: w.indication,
    diagnosis_awal: "Pneumonia",
    asal: "IGD",
    room_id: w.room,
    igd_id: w.igd,
    dpjp_id: w.dpjp,
    episode: "",
    criteria: "",
    readmisi_reason: "",
    ...more,
  };
}

type W = Awaited<ReturnType<typeof seedIpd>>;

/**
 * The stay's claim data E-Klaim needs (readiness rule DATA_KLAIM; the patients of `seedIpd`
 * have their birth date): SEP number `n` (`0301R0011126V00000n`, unique per `n`) and the
 * room's class 2 as the entitled class.
 */
export const claimReady = (n: number) => ({
  nomor_sep: `0301R0011126V${String(n).padStart(6, "0")}`,
  kelas_rawat: "2",
});

/** A JSON POST through the test app. */
export const postJson = (t: Api, path: string, body: unknown) =>
  t.json(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

/** Admits a stay of the seeded world (asserting 200); the stored stay. */
export async function admit(t: Api, w: W, more: Record<string, string> = {}) {
  const r = await t.post("/api/ipd/update", admission(w, more));
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.data;
}

/** An examination form of stay `ipdId` with the seeded codes and tariff (`more` overrides). */
export function exam(w: W, ipdId: string, more: Record<string, unknown> = {}) {
  return {
    id: "",
    ipdId,
    examinationDate: "2026-11-01T10:00",
    subject: "Demam 3 hari",
    object: "Suhu 38,5",
    assesment: "Pneumonia",
    plan: "Antibiotik",
    keyword: [w.kejang],
    diagnosis: [w.icd["J18.9"]],
    tindakan: [w.icd["93.96"]],
    grouping: w.j4,
    tarifinacbgSelect: "",
    tarif_rs: "1500000",
    ...more,
  };
}
