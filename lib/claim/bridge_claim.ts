import { conflict } from "../errors.ts";
import type { Row } from "../index/index.ts";
import type { Store } from "../db/store.ts";
import { Tx } from "../db/tx.ts";
import type { Visit } from "../ipd/model.ts";
import { type Claim, CLAIM_STATUSES, claimsOf, type ClaimStatus } from "./claim_store.ts";
import type { EklaimClaim } from "./eklaim.ts";

/** What the claim record names as the source of a claim the bridge wrote. */
export const BRIDGE_SOURCE = "E-Klaim web service";

/**
 * The steps the E-Klaim bridge takes a claim through (the status dialog's are `TRANSITIONS`):
 * grouped (`grouping`, from no claim or a grouping), finalised, sent, and re-edited (a final
 * claim back to `grouping`, before it is sent).
 */
export const BRIDGE_STEPS = {
  group: { from: ["belum", "grouping"], to: "grouping" },
  final: { from: ["grouping"], to: "final" },
  send: { from: ["final"], to: "terkirim" },
  reedit: { from: ["final"], to: "grouping" },
} as const satisfies Record<string, { from: readonly ClaimStatus[]; to: ClaimStatus }>;

/** One of the bridge's steps. */
export type BridgeStep = keyof typeof BRIDGE_STEPS;

const refused = (c: Claim | undefined, step: BridgeStep) => {
  const status = c?.status ?? "belum";
  return conflict(
    `Klaim SEP ${c?.sep ?? "-"} berstatus ${CLAIM_STATUSES[status]}: langkah ini hanya untuk ` +
      `klaim ${BRIDGE_STEPS[step].from.map((s) => CLAIM_STATUSES[s]).join(" atau ")}.`,
  );
};

/** Whether stay `ipdId`'s claim (`status`, `belum` without one) may take bridge step `step`. */
export const mayStep = (status: ClaimStatus, step: BridgeStep): boolean =>
  (BRIDGE_STEPS[step].from as readonly ClaimStatus[]).includes(status);

/**
 * Writes E-Klaim's group of stay `stay` into its claim record (`["klaim", ipdId]`, the record
 * the TXT import writes: one per stay, keyed by SEP) and moves it by `step` (`group` creates the
 * record, `grouping`); `eklaim` replaces the record's E-Klaim data when given. The step must be
 * allowed from the record's status (409 otherwise), checked against the record as read. To be
 * replaced at merge by the package work's function, which writes the stay's package with it.
 */
export async function writeBridgeClaim(
  store: Store,
  stay: Visit,
  step: BridgeStep,
  by: string,
  at: Date,
  extra: { eklaim?: EklaimClaim; sentAt?: string | null } = {},
): Promise<{ before: Claim | null; after: Row<Claim> }> {
  const col = claimsOf(store);
  const cur = await col.find(stay._id);
  const status = cur?.value.status ?? "belum";
  if (!mayStep(status, step)) throw refused(cur?.value, step);
  const to = BRIDGE_STEPS[step].to;
  const when = at.toISOString();
  const event = { status: to, at: when, by };
  const copied = {
    pasien: { _id: stay.pasien._id, fullname: stay.pasien.fullname, erm: stay.pasien.erm },
    dpjp: stay.dpjp ? { _id: stay.dpjp._id, fullname: stay.dpjp.fullname } : null,
  };
  let data: Omit<Claim, "_id">;
  if (!cur) {
    if (!extra.eklaim) throw refused(undefined, step);
    data = {
      eklaim: extra.eklaim,
      sep: extra.eklaim.sep,
      ...copied,
      status: to,
      reasonCode: "",
      reason: "",
      approved: null,
      paid: null,
      paidDate: null,
      history: [event],
      importedAt: when,
      file: BRIDGE_SOURCE,
    };
  } else {
    const { _id, ...old } = cur.value;
    data = {
      ...old,
      ...(extra.eklaim
        ? { eklaim: extra.eklaim, sep: extra.eklaim.sep, importedAt: when, file: BRIDGE_SOURCE }
        : {}),
      ...copied,
      ...(extra.sentAt !== undefined ? { sentAt: extra.sentAt } : {}),
      status: to,
      history: to === status ? old.history : [...old.history, event],
    };
  }
  const tx = new Tx(store.kv);
  const doc = tx.put(col, stay._id, data, cur);
  return { before: cur?.value ?? null, after: { value: doc, versionstamp: await tx.commit() } };
}

/**
 * What the TXT import changes of a claim it names again besides E-Klaim's data: one only grouped
 * through the bridge (`grouping`) becomes `final`, since E-Klaim exports final claims.
 */
export function finalOnExport(
  old: Claim,
  source: { by: string; at: string },
): Partial<Pick<Claim, "status" | "history">> {
  if (old.status !== "grouping") return {};
  return {
    status: "final",
    history: [...old.history, { status: "final", at: source.at, by: source.by }],
  };
}
