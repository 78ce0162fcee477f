import { breakdownProblem } from "../../ipd/bill.ts";
import { dischargeCode } from "../../ipd/discharge_code.ts";
import type { ClaimStay } from "./types.ts";

/** Something E-Klaim requires of a stay that the stay lacks, and where it is entered. */
export interface MissingClaimData {
  /** What is missing: the stay's or its patient's field (`kode_eklaim`: the discharge method's). */
  field: "tgl_lahir" | "nomor_sep" | "kelas_rawat" | "kode_eklaim" | "tarif_rs_rincian";
  /** What it is, for a link: 'Tgl. lahir pasien', 'No. SEP', 'Hak kelas'. */
  label: string;
  /** What is wrong with it, for a message ('No. SEP belum diisi'). */
  problem: string;
  /** Where it is entered. */
  link: string;
}

/** The anchor of a stay's claim data on its page (`/ipd/{id}#data-klaim`). */
export const CLAIM_DATA_ANCHOR = "data-klaim";

/** The anchor of a stay's breakdown on its page (`/ipd/{id}#rincian-tarif`). */
export const BILL_ANCHOR = "rincian-tarif";

/** The page of a resource with the record `id`'s edit form open (islands/DataTable.tsx). */
const editLink = (path: string, id: string) => `${path}?edit=${encodeURIComponent(id)}`;

/** What `missingStayClaimData` reads of a stay. */
export type ClaimDataStay = Pick<
  ClaimStay,
  | "_id"
  | "pasien"
  | "status"
  | "nomor_sep"
  | "kelas_rawat"
  | "dischargepatient"
  | "tarifRsTotal"
  | "tarif_rs_rincian"
>;

/** What E-Klaim requires of the stay and it lacks (DATA_KLAIM), each with where it is entered. */
export function missingStayClaimData(stay: ClaimDataStay): MissingClaimData[] {
  const page = `/ipd/${encodeURIComponent(stay._id)}`;
  const data = `${page}#${CLAIM_DATA_ANCHOR}`;
  const out: MissingClaimData[] = [];
  const add = (field: MissingClaimData["field"], label: string, problem: string, link: string) =>
    out.push({ field, label, problem, link });
  if (!stay.pasien.tgl_lahir) {
    add(
      "tgl_lahir",
      "Tgl. lahir pasien",
      "tanggal lahir pasien belum diisi",
      editLink("/pasien", stay.pasien._id),
    );
  }
  if (!stay.nomor_sep) add("nomor_sep", "No. SEP", "No. SEP belum diisi", data);
  if (!stay.kelas_rawat) add("kelas_rawat", "Hak kelas", "hak kelas belum diisi", data);
  const method = stay.dischargepatient;
  if (stay.status === "pulang" && !dischargeCode(method)) {
    if (method) {
      add(
        "kode_eklaim",
        "Kode E-Klaim cara pulang",
        `cara pulang "${method.desc ?? ""}" belum dipetakan ke kode E-Klaim (isi ` +
          "Kode E-Klaim-nya di master Cara Pulang)",
        editLink("/cara-pulang", method._id),
      );
    } else add("kode_eklaim", "Cara pulang", "cara pulang belum diisi", `${page}#ringkasan-pulang`);
  }
  const bill = breakdownProblem(stay);
  if (bill) {
    add("tarif_rs_rincian", "Rincian tarif RS", bill.replace(/\.$/, ""), `${page}#${BILL_ANCHOR}`);
  }
  return out;
}

/** The DATA_KLAIM message naming everything `missingStayClaimData` finds, or null. */
export function claimDataProblem(stay: ClaimDataStay): string | null {
  const missing = missingStayClaimData(stay);
  if (!missing.length) return null;
  return `Data yang diminta E-Klaim belum lengkap: ${missing.map((m) => m.problem).join("; ")}.`;
}
