import type { ClaimStay } from "./types.ts";

/** Something E-Klaim requires of a stay that the stay lacks, and where it is entered. */
export interface MissingClaimData {
  /** The stay's field (`POST /api/ipd/update` input name). */
  field: "nomor_sep" | "kelas_rawat";
  /** What it is, for a message: 'No. SEP', 'Hak kelas'. */
  label: string;
  /** Where it is entered: the stay page's claim data ('Edit Data Klaim' there). */
  link: string;
}

/** The anchor of a stay's claim data on its page (`/ipd/{id}#data-klaim`). */
export const CLAIM_DATA_ANCHOR = "data-klaim";

/**
 * What of the stay's own claim data E-Klaim requires and the stay lacks (for the readiness
 * rule DATA_KLAIM): the SEP (`nomor_sep`, the claim's identity in every E-Klaim call) and the
 * entitled class (`kelas_rawat`), in that order, each with the link to where it is entered.
 * Stays written before they were recorded lack both. Pure: reads the stay only.
 */
export function missingStayClaimData(
  stay: Pick<ClaimStay, "_id" | "nomor_sep" | "kelas_rawat">,
): MissingClaimData[] {
  const link = `/ipd/${encodeURIComponent(stay._id)}#${CLAIM_DATA_ANCHOR}`;
  const out: MissingClaimData[] = [];
  if (!stay.nomor_sep) out.push({ field: "nomor_sep", label: "No. SEP", link });
  if (!stay.kelas_rawat) out.push({ field: "kelas_rawat", label: "Hak kelas", link });
  return out;
}
