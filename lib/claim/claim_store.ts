import type { Check, Collection } from "../db/collection.ts";
import { conflict } from "../errors.ts";
import type { Doc } from "../index/doc.ts";
import type { Store } from "../db/store.ts";
import type { Visit } from "../ipd/model.ts";
import type { EklaimClaim } from "./eklaim.ts";

/** The statuses as the screens name them. */
export const CLAIM_STATUSES = {
  belum: "Belum diklaim",
  final: "Final (E-Klaim)",
  terkirim: "Terkirim",
  pending: "Pending",
  dispute: "Dispute",
  layak: "Layak",
  dibayar: "Dibayar",
};

/** A claim's status (`belum`: no claim, or grouped but not final in E-Klaim). */
export type ClaimStatus = keyof typeof CLAIM_STATUSES;

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

/** A stay's claim (`["klaim", ipdId]`, one per SEP); `eklaim`: as E-Klaim last grouped it. */
export type ClaimData = {
  eklaim: EklaimClaim;
  sep: string;
  /** Copied from the stay, for the figures per DPJP without reading stays. */
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

/** Stay `v`'s patient and DPJP as its claim copies them. */
export const claimCopies = (v: Visit): Pick<ClaimData, "pasien" | "dpjp"> => ({
  pasien: { _id: v.pasien._id, fullname: v.pasien.fullname, erm: v.pasien.erm },
  dpjp: v.dpjp ? { _id: v.dpjp._id, fullname: v.dpjp.fullname } : null,
});

/** A new claim's status and details: `event`'s status and history, else `belum` with none. */
export const claimStart = (event?: ClaimEvent) => ({
  status: event?.status ?? "belum",
  reasonCode: "",
  reason: "",
  approved: null,
  paid: null,
  paidDate: null,
  history: event ? [event] : [],
});

/** The claims, one per claimed stay, indexed in memory (a few KB each). */
export const claimsOf = (store: Store): Collection<Claim> =>
  store.collection<Claim>({ name: "klaim", unique: ["sep"], labels: { sep: "SEP" } });

/**
 * What deleting stay `ipdId` must check in its commit: no claim now (409, `refusal`'s message)
 * nor written before it commits; a claim `allow` accepts is checked unchanged instead.
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
