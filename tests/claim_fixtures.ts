/**
 * E-Klaim TXT exports for tests, written from the public layout (the Vedika/E-Klaim upload
 * guide "Panduan Template Excel untuk Upload Data": its required, optional and cost columns;
 * the PTD, ICU_INDIKATOR and ICU_LOS; DESKRIPSI_INACBG and TARIF_INACBG as E-Klaim
 * exports them). Tab-separated, a header row, dates DD/MM/YYYY, code lists joined with ';'.
 */

import assert from "node:assert/strict";
import type { setup } from "./helpers.ts";
import { admission, type seedIpd } from "./ipd_fixtures.ts";
import type { ClaimData, ClaimStatus } from "../lib/claim/claim_store.ts";
import type { ClaimContext, ClaimStay } from "../lib/claim/readiness.ts";
import type { PreviousStay } from "../lib/claim/rules/types.ts";

type T = Awaited<ReturnType<typeof setup>>;
type W = Awaited<ReturnType<typeof seedIpd>>;

/** The export's columns in the public layout's order. */
export const PUBLIC_LAYOUT = [
  "KODE_RS",
  "KELAS_RS",
  "KELAS_RAWAT",
  "KODE_TARIF",
  "PTD",
  "ADMISSION_DATE",
  "DISCHARGE_DATE",
  "BIRTH_DATE",
  "SEX",
  "DISCHARGE_STATUS",
  "DIAGLIST",
  "PROCLIST",
  "INACBG",
  "DESKRIPSI_INACBG",
  "TARIF_INACBG",
  "TOTAL_TARIF",
  "TARIF_RS",
  "LOS",
  "ICU_INDIKATOR",
  "ICU_LOS",
  "UMUR_TAHUN",
  "UMUR_HARI",
  "NAMA_PASIEN",
  "MRN",
  "NOKARTU",
  "DPJP",
  "SEP",
  "PROSEDUR_NON_BEDAH",
  "PROSEDUR_BEDAH",
  "KONSULTASI",
  "TENAGA_AHLI",
  "KEPERAWATAN",
  "PENUNJANG",
  "RADIOLOGI",
  "LABORATORIUM",
  "PELAYANAN_DARAH",
  "KAMAR_AKOMODASI",
  "OBAT",
];

/** One claim of the export; dates `YYYY-MM-DD` (written DD/MM/YYYY). */
export interface EklaimLine {
  sep: string;
  mrn: string;
  nama?: string;
  admission: string;
  discharge: string;
  inacbg: string;
  tarif: number;
  tarifRs: number;
  /** 1 rawat inap (default), 2 rawat jalan. */
  ptd?: 1 | 2;
  diag?: string[];
  proc?: string[];
  dpjp?: string;
  kelas?: string;
  kartu?: string; // NOKARTU, default 0001234567890
}

const dmy = (d: string) => d.split("-").reverse().join("/");

/**
 * The TXT export of `lines`: columns in the public order, or `reversed`; `inacbgHeader` names
 * the group column (`INACBG` or `KODE_INACBG`); `drop` leaves columns out.
 */
export function eklaimTxt(
  lines: EklaimLine[],
  opts: { reversed?: boolean; inacbgHeader?: string; drop?: string[]; crlf?: boolean } = {},
): string {
  let headers = PUBLIC_LAYOUT.filter((h) => !opts.drop?.includes(h));
  if (opts.reversed) headers = [...headers].reverse();
  const los = (l: EklaimLine) =>
    (Date.parse(l.discharge) - Date.parse(l.admission)) / 86_400_000 + 1;
  const cell = (l: EklaimLine, h: string): string => {
    switch (h) {
      case "KODE_RS":
        return "3204123";
      case "KELAS_RS":
        return "C";
      case "KELAS_RAWAT":
        return l.kelas ?? "2";
      case "KODE_TARIF":
        return "CS";
      case "PTD":
        return String(l.ptd ?? 1);
      case "ADMISSION_DATE":
        return dmy(l.admission);
      case "DISCHARGE_DATE":
        return dmy(l.discharge);
      case "BIRTH_DATE":
        return "15/01/1980";
      case "SEX":
        return "2";
      case "DISCHARGE_STATUS":
        return "1";
      case "DIAGLIST":
        return (l.diag ?? ["J18.9"]).join(";");
      case "PROCLIST":
        return (l.proc ?? []).join(";");
      case "INACBG":
        return l.inacbg;
      case "DESKRIPSI_INACBG":
        return `GRUP ${l.inacbg}`;
      case "TARIF_INACBG":
      case "TOTAL_TARIF":
        return String(l.tarif);
      case "TARIF_RS":
        return String(l.tarifRs);
      case "LOS":
        return String(los(l));
      case "ICU_INDIKATOR":
        return "0";
      case "ICU_LOS":
        return "0";
      case "UMUR_TAHUN":
        return "46";
      case "UMUR_HARI":
        return "0";
      case "NAMA_PASIEN":
        return l.nama ?? "PASIEN UJI";
      case "MRN":
        return l.mrn;
      case "NOKARTU":
        return l.kartu ?? "0001234567890";
      case "DPJP":
        return l.dpjp ?? "dr. Budi";
      case "SEP":
        return l.sep;
      default:
        return "0";
    }
  };
  const head = headers.map((h) => h === "INACBG" ? opts.inacbgHeader ?? "INACBG" : h);
  const nl = opts.crlf ? "\r\n" : "\n";
  return [head.join("\t"), ...lines.map((l) => headers.map((h) => cell(l, h)).join("\t"))]
    .join(nl) + nl;
}

/**
 * A stay admitted and discharged through the API (08:00 and 11:00 on the days given; a
 * discharge `YYYY-MM-DDTHH:mm` at its time), with one
 * examination choosing `grouping` and billing `tarifRs`, discharged with the summary's
 * diagnoses `summary10` (codes of `w.icd`; none by default); `more` adds to its admission (the
 * claim data E-Klaim needs: `claimReady(n)` of tests/ipd_fixtures.ts); returns its id.
 */
export async function admitDischarge(
  t: T,
  w: W,
  pasienId: string,
  days: { masuk: string; pulang: string },
  grouping: string,
  tarifRs: string,
  summary10: string[] = [],
  more: Record<string, string> = {},
) {
  const visitDate = `${days.masuk}T08:00`;
  const stay = await t.post("/api/ipd/update", admission(w, { pasienId, visitDate, ...more }));
  assert.equal(stay.status, 200, JSON.stringify(stay.body));
  const id = stay.body.data._id;
  const exam = await t.json("/api/ipd/visitexamination/update", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      ...{ id: "", ipdId: id, examinationDate: `${days.masuk}T10:00`, subject: "Demam" },
      ...{ object: "Suhu 38", assesment: "Pneumonia", plan: "Antibiotik", keyword: [] },
      diagnosis: [w.icd["J18.9"]],
      ...{ tindakan: [], grouping, tarifinacbgSelect: "", tarif_rs: tarifRs },
    }),
  });
  assert.equal(exam.status, 200, JSON.stringify(exam.body));
  const out = await t.json("/api/ipd/discharge-patient/update", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      id,
      _version: (await t.store.kv.get(["ipd", id])).versionstamp!,
      tanggal_pulang: days.pulang.includes("T") ? days.pulang : `${days.pulang}T11:00`,
      dischargepatient: w.pulang,
      ...summary10.length
        ? { summary_diagnosis: summary10.map((c) => w.icd[c]) }
        : { confirm_no_diagnosis: "1" },
    }),
  });
  assert.equal(out.status, 200, JSON.stringify(out.body));
  return id as string;
}

/** A claim's data with known values (the status and `over` as given). */
export function claimData(status: ClaimStatus, over: Partial<ClaimData> = {}): ClaimData {
  return {
    eklaim: {
      sep: "SEP1",
      mrn: "1",
      nama: "",
      noKartu: "",
      admission: "2026-11-01",
      discharge: "2026-11-04",
      los: 4,
      kelasRawat: "2",
      inacbg: "J-4-16-I",
      deskripsi: "",
      tarif: 5_000_000,
      tarifRs: 4_000_000,
      dpjp: "",
      diagnoses: [],
      procedures: [],
      icu: false,
      icuLos: null,
    },
    sep: "SEP1",
    pasien: { _id: "p", fullname: "Siti", erm: "1" },
    dpjp: { _id: "d1", fullname: "dr. Budi" },
    status,
    reasonCode: "",
    reason: "",
    approved: null,
    paid: null,
    paidDate: null,
    history: [],
    importedAt: "",
    file: "",
    ...over,
  };
}

/**
 * A discharged stay that passes every readiness rule: pneumonia (J18.9) with oxygen (93.96)
 * recorded in its examinations, package J-4-16-I at the room's class, 3 days (02-03-2026 to
 * 05-03-2026 WIB), with what E-Klaim needs (birth date, SEP, class, a mapped discharge method,
 * a breakdown: none, so the total in one category). Each test changes one thing.
 */
export function readyStay(more: Partial<ClaimStay> = {}): ClaimStay {
  return {
    _id: "S1",
    pasien: { _id: "P1", tgl_lahir: "1980-11-02" },
    visitDate: "2026-03-02T01:00:00.000Z",
    status: "pulang",
    tanggal_pulang: "2026-03-05T03:00:00.000Z",
    dpjp: { _id: "D1", fullname: "dr. Budi" },
    room: { _id: "R1", name: "Melati" },
    summary10: ["J18.9"],
    summary9: ["93.96"],
    codes10: ["J18.9"],
    codes9: ["93.96"],
    inacbg: "J-4-16-I",
    inacbgKelas: "second",
    nomor_sep: "0301R0011126V000001",
    kelas_rawat: "2",
    upgrade_class_class: "",
    dischargepatient: { _id: "C1", desc: "Atas Persetujuan Dokter", kode_eklaim: "1" },
    tarifRsTotal: 4_500_000,
    ...more,
  };
}

/**
 * A context: median 3 days for J-4-16-I, no previous stay, room R1 of class 2, one
 * disputed-claim keyword (kejang, R56.8).
 */
export function context(more: Partial<ClaimContext> = {}): ClaimContext {
  return {
    medianLos: (code) => code === "J-4-16-I" ? 3 : null,
    previousStay: () => null,
    roomClass: (id) => id === "R1" ? "second" : "",
    keywords: [{ keyword: "kejang", kode_icd: "R56.8", rekomendasi: "Lampirkan hasil EEG" }],
    ...more,
  };
}

/** A previous stay discharged at `at` with package `inacbg`. */
export const previous = (at: string, inacbg: string): PreviousStay => ({
  _id: "S0",
  tanggal_pulang: at,
  inacbg,
});
