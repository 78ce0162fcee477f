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

/** What E-Klaim's `set_claim_data` needs besides dates and codes (old stays: `claimFieldsOf`). */
export interface StayClaimFields {
  /** The SEP (Surat Eligibilitas Peserta): capitals and digits, unique among stays; '' none yet. */
  nomor_sep: string;
  /** The entitled class (hak kelas): "1", "2", "3"; '' unknown. */
  kelas_rawat: string;
  /** How the patient came in: a key of `CARA_MASUK`; '' unknown. */
  cara_masuk: string;
  /** The class upgraded to (naik kelas): a key of `UPGRADE_CLASSES`; '' no upgrade. */
  upgrade_class_class: string;
  /** Days in the upgraded class (null without an upgrade). */
  upgrade_class_los: number | null;
  /** Who pays the upgrade: a key of `UPGRADE_PAYORS` ('' without an upgrade). */
  upgrade_class_payor: string;
  /** The VIP surcharge in percent (null unless upgraded to VIP). */
  add_payment_pct: number | null;
  /** Days in ICU (0: none; E-Klaim's `icu_indikator` is `icu_los > 0`). */
  icu_los: number;
}

/** An inpatient stay (`["ipd", id]`): dates are ISO instants, totals its examinations'. */
export interface Visit extends Doc, Partial<StayClaimFields> {
  /** The patient's copy; birth date (`YYYY-MM-DD`) and BPJS card absent where it has none. */
  pasien: {
    _id: string;
    fullname: string;
    erm: string;
    gender: string;
    tgl_lahir?: string;
    nomor_kartu?: string;
  };
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
  /** The discharge method; `kode_eklaim` absent on copies made before it (`dischargeCode`). */
  dischargepatient: { _id: string; desc: string; kode_eklaim?: string } | null;
  summary_diagnosis: IcdItem[];
  summary_tindakan: IcdItem[];
  /** Examination ids in examination order (date, then id). */
  ipddetails: string[];
  tarifInaTotal: number;
  tarifRsTotal: number;
  /** `tarifRsTotal` by category (`billAfter`); absent on old stays, and if sound in the index. */
  tarif_rs_rincian?: Breakdown;
  percentageTotal: number | null;
  latestTarifIna: number | null;
  latestTarifRs: number | null;
  latestPercentage: number | null;
  /** The INA-CBG code and class of the package in force (`stayTotals`; old stays: absent). */
  inacbg?: string | null;
  inacbgKelas?: string;
  /** Set once E-Klaim grouped the stay, its package then in force, the app's in `petugas_*`. */
  paket_sumber?: string;
  paket_deskripsi?: string;
  paket_waktu?: string;
  petugas_inacbg?: string | null;
  petugas_tarif?: number;
  petugas_kelas?: string;
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
