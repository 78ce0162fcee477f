import type { Doc } from "../index/index.ts";
import type { Breakdown } from "./bill.ts";

/** A code picked from the ICD code sets, copied into the stay (history keeps its text). */
export interface IcdItem {
  _id: string;
  code: string;
  desc: string;
}

/** A disputed-claim keyword copied into an examination. */
export interface KeywordItem {
  _id: string;
  kode_icd: string;
  keyword: string;
  rekomendasi: string;
  sumber: string;
}

/** Care status (episode) or ER criterion, copied with its description. */
export interface TitledRef {
  _id: string;
  title: string;
  desc: string;
}

/** Values of `readmisi_reason`; `none` is the unplanned readmission BPJS disputes. */
export const READMISSION_REASONS: Record<string, string> = {
  terencana: "Terencana (kontrol / terapi lanjutan)",
  komplikasi: "Komplikasi atau kondisi baru",
  kambuh: "Penyakit yang sama memburuk",
  none: "Tidak terencana, tanpa alasan klinis",
};

/**
 * An inpatient stay (`["ipd", id]`). Dates are ISO instants (UTC); days are counted in
 * Asia/Jakarta. The totals are recomputed from the examinations in the same commit as any
 * examination change.
 */
export interface Visit extends Doc {
  pasien: { _id: string; fullname: string; erm: string; gender: string };
  visitDate: string;
  indicationranap: { _id: string; desc: string } | null;
  diagnosis_awal: string;
  asal: string;
  room: { _id: string; name: string };
  igd: { _id: string; fullname: string } | null;
  dpjp: { _id: string; fullname: string } | null;
  episode: TitledRef | null;
  criteria: TitledRef | null;
  readmisi: boolean;
  /** A key of `READMISSION_REASONS`, '' when not a readmission. */
  readmisi_reason: string;
  /** The patient's id while the stay is open (a unique key: one open stay per patient). */
  openPasien: string | null;
  /** "dirawat" while admitted, "pulang" once discharged. */
  status: "dirawat" | "pulang";
  tanggal_pulang: string | null;
  dischargepatient: { _id: string; desc: string } | null;
  summary_diagnosis: IcdItem[];
  summary_tindakan: IcdItem[];
  /** Examination ids in examination order (date, then id). */
  ipddetails: string[];
  tarifInaTotal: number;
  tarifRsTotal: number;
  /**
   * `tarifRsTotal` by E-Klaim's categories (lib/ipd/bill.ts): its examinations' sum, with the
   * moves the clerk made at discharge (`carryMoves`). Absent on stays last written before it
   * was kept (read as the total in the settings' category), and on a discharged stay as the
   * in-memory index keeps it, unless it does not sum (`slimVisit`).
   */
  tarif_rs_rincian?: Breakdown;
  percentageTotal: number | null;
  latestTarifIna: number | null;
  latestTarifRs: number | null;
  latestPercentage: number | null;
  /**
   * The INA-CBG code of the package in force and its tariff class (`stayTotals`); absent on
   * stays last written before they were kept (read them from the examinations then).
   */
  inacbg?: string | null;
  inacbgKelas?: string;
  /** The summary's codes, kept by the in-memory index in place of the summary (`slimVisit`). */
  summary10?: string[];
  summary9?: string[];
  /** Distinct ICD-10 / ICD-9-CM codes over all examinations (each counted once per stay). */
  codes10: string[];
  codes9: string[];
}

/** One day's examination of a stay (`["ipd-detail", id]`). */
export interface Examination extends Doc {
  ipdId: string;
  examinationDate: string;
  subject: string;
  object: string;
  assesment: string;
  plan: string;
  keyword: KeywordItem[];
  keywordsummary: string;
  diagnosis: IcdItem[];
  tindakan: IcdItem[];
  /** The INA-CBG tariff row chosen as grouping. */
  grouping: { _id: string; kode_inacbg: string; desc_inacbg: string } | null;
  /** The treatment class of the tariff option: first | second | third. */
  tarifinacbgSelect: string;
  tarif_ina: number;
  tarif_rs: number;
  /** `tarif_rs` by E-Klaim's categories; absent on examinations written before it was kept. */
  tarif_rs_rincian?: Breakdown;
  percentage: number | null;
}
