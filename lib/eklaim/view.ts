import { CLAIM_STATUSES, type ClaimStatus } from "../claim/claim_store.ts";
import { mayStep } from "../claim/bridge_claim.ts";
import type { Visit } from "../ipd/model.ts";
import type { Step } from "./runner.ts";
import type { BridgeState, CodeVerdict, Coding } from "./state.ts";

/** A code E-Klaim dropped, with its reason: where it sits and what E-Klaim said. */
export interface DroppedCode extends CodeVerdict {
  /** `idrg`, `inacbg`, or `import` (the iDRG codes E-Klaim did not carry to INA-CBG). */
  grouper: "idrg" | "inacbg" | "import";
  list: "diagnosa" | "procedure";
}

/** What every answer of the bridge holds in `data` for one stay (docs/API.md). */
export interface EklaimView {
  ipdId: string;
  sep: string;
  /** The app's claim status (`belum` without a claim record) and its words. */
  status: ClaimStatus;
  statusText: string;
  /** The steps the stay's claim may take now: the screens offer only these. */
  can: { group: boolean; final: boolean; send: boolean; reedit: boolean; print: boolean };
  stage: BridgeState["stage"];
  duringStay: boolean;
  sent: BridgeState["sent"];
  idrg: BridgeState["idrg"];
  inacbg: BridgeState["inacbg"];
  coding: {
    idrg: Coding | null;
    imported: Coding | null;
    inacbg: Coding | null;
    sources: BridgeState["sources"];
    overrides: BridgeState["overrides"];
  };
  dropped: DroppedCode[];
  groupedAt: string | null;
  groupedBy: string;
  finalAt: string | null;
  finalBy: string;
  sentAt: string | null;
  /** The calls this request made, in order. */
  steps: Step[];
}

/** The codes of a coding E-Klaim dropped. */
export function droppedOf(c: Coding | null, grouper: DroppedCode["grouper"]): DroppedCode[] {
  if (!c) return [];
  return (["diagnosa", "procedure"] as const).flatMap((list) =>
    c[list].filter((v) => !v.valid).map((v) => ({ ...v, grouper, list }))
  );
}

/** The answer's `data` for stay `stay` from its bridge state, claim status and this run's steps. */
export function viewOf(
  stay: Visit,
  state: BridgeState,
  status: ClaimStatus,
  steps: Step[],
): EklaimView {
  const groupOk = !!state.inacbg && !state.inacbg.error && !!state.idrg && !state.idrg.ungroupable;
  return {
    ipdId: stay._id,
    sep: state.sep,
    status,
    statusText: status === "belum" && groupOk
      ? "Grouping E-Klaim (belum final)"
      : CLAIM_STATUSES[status],
    can: {
      group: mayStep(status, "group"),
      final: mayStep(status, "final") && stay.status === "pulang" && groupOk,
      send: mayStep(status, "send"),
      reedit: mayStep(status, "reedit"),
      print: status !== "belum",
    },
    stage: state.stage,
    duringStay: state.duringStay,
    sent: state.sent,
    idrg: state.idrg,
    inacbg: state.inacbg,
    coding: {
      idrg: state.idrgCoding,
      imported: state.imported,
      inacbg: state.inacbgCoding,
      sources: state.sources,
      overrides: state.overrides,
    },
    dropped: [
      ...droppedOf(state.idrgCoding, "idrg"),
      ...droppedOf(state.imported, "import"),
      ...droppedOf(state.inacbgCoding, "inacbg"),
    ],
    groupedAt: state.groupedAt,
    groupedBy: state.groupedBy,
    finalAt: state.finalAt,
    finalBy: state.finalBy,
    sentAt: state.sentAt,
    steps,
  };
}
