import type { Breakdown } from "../../ipd/bill.ts";

/** What the readiness rules read of a stay (a `Visit` with its summary, lib/ipd/model.ts). */
export interface ClaimStay {
  _id: string;
  /** The stay's copy of its patient: the birth date (`YYYY-MM-DD`) absent or '' when unknown. */
  pasien: { _id: string; tgl_lahir?: string };
  visitDate: string;
  status: "dirawat" | "pulang";
  tanggal_pulang: string | null;
  dpjp: { _id: string; fullname: string } | null;
  room: { _id: string; name: string };
  /** The discharge summary's ICD-10 codes: the first is the primary diagnosis. */
  summary10: string[];
  /** The discharge summary's ICD-9-CM codes. */
  summary9: string[];
  /** The codes chosen in the examinations (each once). */
  codes10: string[];
  codes9: string[];
  /** The INA-CBG code of the package in force and its tariff class (lib/ipd `stayTotals`). */
  inacbg: string | null;
  inacbgKelas: string;
  /** The SEP ('' none yet), the entitled class ("1"–"3", '' unknown; lib/ipd `claimFieldsOf`). */
  nomor_sep: string;
  kelas_rawat: string;
  /** The class upgraded to (`kelas_1`, `kelas_2`, `vip`; '' no upgrade). */
  upgrade_class_class: string;
  /** The discharge method as the stay copied it (lib/ipd `dischargeCode` reads its code). */
  dischargepatient: { _id: string; desc?: string; kode_eklaim?: string } | null;
  /** The hospital total and its breakdown (absent: the total in one category; lib/ipd/bill.ts). */
  tarifRsTotal: number;
  tarif_rs_rincian?: Breakdown;
}

/** The patient's stay discharged last before this one was admitted. */
export interface PreviousStay {
  _id: string;
  tanggal_pulang: string;
  inacbg: string | null;
}

/** A disputed-claim keyword of the master list (resource `disputed-claim`). */
export interface DisputedKeyword {
  keyword: string;
  kode_icd: string;
  rekomendasi: string;
}

/** What the rules need beyond the stay, built once for many stays (`claimContext`). */
export interface ClaimContext {
  /** The median length of stay of `code` in the 12 months before `discharge`'s (null: too few). */
  medianLos(code: string, discharge: string): number | null;
  previousStay(stay: ClaimStay): PreviousStay | null;
  /** The room's class (first|second|third), '' when unknown. */
  roomClass(roomId: string): string;
  keywords: readonly DisputedKeyword[];
}

/** What a readiness rule reads beyond its stay: other `stays`, the time `zone`, a resource. */
export type ClaimSource = "stays" | "zone" | "room" | "class-room" | "disputed-claim";
