import { conflict } from "../errors.ts";
import type { Row } from "../index/index.ts";
import type { Store } from "../db/store.ts";
import { type Claim, CLAIM_STATUSES, claimsOf, type ClaimStatus } from "./claim_store.ts";

/** The steps the E-Klaim bridge takes a claim through (the status dialog's are `TRANSITIONS`). */
export const BRIDGE_STEPS = {
  group: { from: ["belum"], to: "belum" },
  final: { from: ["belum"], to: "final" },
  send: { from: ["final"], to: "terkirim" },
  reedit: { from: ["final"], to: "belum" },
} as const satisfies Record<string, { from: readonly ClaimStatus[]; to: ClaimStatus }>;

/** One of the bridge's steps. */
export type BridgeStep = keyof typeof BRIDGE_STEPS;

/** Whether a claim of status `status` (`belum` without one) may take bridge step `step`. */
export const mayStep = (status: ClaimStatus, step: BridgeStep): boolean =>
  (BRIDGE_STEPS[step].from as readonly ClaimStatus[]).includes(status);

/**
 * Moves stay `ipdId`'s final claim by `send` (`terkirim`, `sentAt` E-Klaim's `tgl_kirim`) or
 * `reedit` (back to `belum`, no longer final); 409 when missing or its status does not allow it.
 */
export async function moveBridgeClaim(
  store: Store,
  ipdId: string,
  step: "send" | "reedit",
  by: string,
  at: Date,
  sentAt: string | null = null,
): Promise<{ before: Claim; after: Row<Claim> }> {
  const col = claimsOf(store);
  let before: Claim | undefined;
  const to = BRIDGE_STEPS[step].to;
  const after = await col.update(ipdId, (cur) => {
    if (!mayStep(cur.status, step)) {
      throw conflict(
        `Klaim SEP ${cur.sep} berstatus ${CLAIM_STATUSES[cur.status]}: langkah ini hanya untuk ` +
          "klaim final.",
      );
    }
    before = cur;
    const { _id, ...rest } = cur;
    return {
      ...rest,
      ...(step === "send"
        ? { sentAt }
        : { eklaim: { ...rest.eklaim, final: false }, sentAt: null }),
      status: to,
      history: [...rest.history, { status: to, at: at.toISOString(), by }],
    };
  });
  return { before: before!, after };
}

/** What a final grouping or the TXT import (E-Klaim's are final) changes: `belum` to `final`. */
export function toFinal(
  old: Claim,
  source: { by: string; at: string },
): Partial<Pick<Claim, "status" | "history">> {
  if (old.status !== "belum") return {};
  return {
    status: "final",
    history: [...old.history, { status: "final", at: source.at, by: source.by }],
  };
}
