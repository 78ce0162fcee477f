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

/**
 * What E-Klaim requires of the stay and the stay lacks (the readiness rule DATA_KLAIM), each
 * with the link to where it is entered: the patient's birth date (the grouper's age splits; the
 * patient form, `/pasien?edit={id}`), the SEP (the claim's identity in every E-Klaim call) and
 * the entitled class (the stay's claim data, `/ipd/{id}#data-klaim`), once discharged a
 * discharge method mapped to E-Klaim's code (the Cara Pulang entry's form, or the stay's
 * discharge when it has none), and a breakdown that sums (`breakdownProblem`; the stay's bill).
 * Stays and patients written before these were recorded lack them. Pure: reads the stay only.
 */
export function missingStayClaimData(stay: ClaimDataStay): MissingClaimData[] {
  const page = `/ipd/${encodeURIComponent(stay._id)}`;
  const data = `${page}#${CLAIM_DATA_ANCHOR}`;
  const out: MissingClaimData[] = [];
  if (!stay.pasien.tgl_lahir) {
    out.push({
      field: "tgl_lahir",
      label: "Tgl. lahir pasien",
      problem: "tanggal lahir pasien belum diisi",
      link: editLink("/pasien", stay.pasien._id),
    });
  }
  if (!stay.nomor_sep) {
    out.push({ field: "nomor_sep", label: "No. SEP", problem: "No. SEP belum diisi", link: data });
  }
  if (!stay.kelas_rawat) {
    out.push({
      field: "kelas_rawat",
      label: "Hak kelas",
      problem: "hak kelas belum diisi",
      link: data,
    });
  }
  const method = stay.dischargepatient;
  if (stay.status === "pulang" && !dischargeCode(method)) {
    out.push(
      method
        ? {
          field: "kode_eklaim",
          label: "Kode E-Klaim cara pulang",
          problem: `cara pulang "${method.desc ?? ""}" belum dipetakan ke kode E-Klaim (isi ` +
            "Kode E-Klaim-nya di master Cara Pulang)",
          link: editLink("/cara-pulang", method._id),
        }
        : {
          field: "kode_eklaim",
          label: "Cara pulang",
          problem: "cara pulang belum diisi",
          link: `${page}#ringkasan-pulang`,
        },
    );
  }
  const bill = breakdownProblem(stay);
  if (bill) {
    out.push({
      field: "tarif_rs_rincian",
      label: "Rincian tarif RS",
      problem: bill.replace(/\.$/, ""),
      link: `${page}#${BILL_ANCHOR}`,
    });
  }
  return out;
}

/** The DATA_KLAIM message naming everything `missingStayClaimData` finds, or null. */
export function claimDataProblem(stay: ClaimDataStay): string | null {
  const missing = missingStayClaimData(stay);
  if (!missing.length) return null;
  return `Data yang diminta E-Klaim belum lengkap: ${missing.map((m) => m.problem).join("; ")}.`;
}
