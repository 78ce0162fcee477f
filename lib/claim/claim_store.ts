import type { Check, Collection } from "../db/collection.ts";
import { conflict } from "../errors.ts";
import type { Doc } from "../index/doc.ts";
import type { Store } from "../db/store.ts";
import type { EklaimClaim } from "./eklaim.ts";

/**
 * A claim's status, from discharge until the money arrives: `belum` (no claim yet, or grouped
 * by the bridge but not final), `final` (grouped and finalised in E-Klaim: set by the import or
 * the bridge's final grouping), `terkirim` (sent to BPJS), `pending`
 * (held by the verifier, with a reason), `dispute` (with a reason), `layak` (approved, with the
 * approved amount), `dibayar` (paid, with the amount and date).
 */
export type ClaimStatus =
  | "belum"
  | "final"
  | "terkirim"
  | "pending"
  | "dispute"
  | "layak"
  | "dibayar";

/** The statuses as the screens name them. */
export const CLAIM_STATUSES: Record<ClaimStatus, string> = {
  belum: "Belum diklaim",
  final: "Final (E-Klaim)",
  terkirim: "Terkirim",
  pending: "Pending",
  dispute: "Dispute",
  layak: "Layak",
  dibayar: "Dibayar",
};

/** One change of a claim's status (the history is kept whole on the claim, and audited). */
export interface ClaimEvent {
  status: ClaimStatus;
  /** ISO instant. */
  at: string;
  /** Username (the bridge's changes too), or `impor E-Klaim`. */
  by: string;
  /** Pending or dispute: the reason's code (`lainnya` for free text) and its text. */
  reasonCode?: string;
  reason?: string;
  /** Layak: the approved amount; dibayar: the amount paid. */
  amount?: number;
  /** Dibayar: the day paid, `YYYY-MM-DD`. */
  date?: string;
}

/**
 * A stay's claim (`["klaim", ipdId]`: the record's id is the stay's id; `["klaim_by_sep", sep]`
 * keeps one claim per SEP). `eklaim` is the claim as E-Klaim last grouped it; the status and
 * its details follow the latest event of `history`.
 */
export type ClaimData = {
  eklaim: EklaimClaim;
  sep: string;
  /** Copied from the stay at import, for the figures per DPJP without reading stays. */
  pasien: { _id: string; fullname: string; erm: string };
  dpjp: { _id: string; fullname: string } | null;
  status: ClaimStatus;
  reasonCode: string;
  reason: string;
  /** Approved amount (layak and after). */
  approved: number | null;
  paid: number | null;
  paidDate: string | null;
  /** Sent through the bridge: E-Klaim's `tgl_kirim` (its clock, `YYYY-MM-DD HH:mm:ss`). */
  sentAt?: string | null;
  history: ClaimEvent[];
  /** When the E-Klaim data last changed, and from which file. */
  importedAt: string;
  file: string;
};

/** A claim as stored (see `ClaimData`). */
export type Claim = ClaimData & Doc;

/** The claims, one per claimed stay, indexed in memory (a few KB each). */
export const claimsOf = (store: Store): Collection<Claim> =>
  store.collection<Claim>({ name: "klaim", unique: ["sep"], labels: { sep: "SEP" } });

/**
 * What deleting stay `ipdId` must check in its own commit: no claim for it now (409, by default
 * naming its SEP; `refusal` says it otherwise) and none written before the delete commits. A
 * claim `allow` accepts (a grouping not final yet) is checked unchanged instead.
 */
export async function noClaimGuard(
  store: Store,
  ipdId: string,
  refusal: (claim: Claim) => string = (c) =>
    `Kunjungan ini sudah diklaim di E-Klaim (SEP ${c.sep}); hapus tidak diizinkan.`,
  allow: (claim: Claim) => boolean = () => false,
): Promise<Check[]> {
  const col = claimsOf(store);
  const claim = await col.find(ipdId);
  if (claim && !allow(claim.value)) throw conflict(refusal(claim.value));
  return [{ key: col.key(ipdId), versionstamp: claim?.versionstamp ?? null }];
}
