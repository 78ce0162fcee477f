import { AppError, conflict } from "../errors.ts";
import type { Row } from "../index/index.ts";
import type { Store } from "../db/store.ts";
import type { Registry } from "../resource/refs.ts";
import type { Tracker } from "../progress/progress.ts";
import { type Claim, claimsOf, type ClaimStatus } from "../claim/claim_store.ts";
import { recordEklaimGroup } from "../claim/eklaim_group.ts";
import { claimFieldsOf } from "../ipd/claim_codes.ts";
import type { Visit } from "../ipd/model.ts";
import { getVisit } from "../ipd/stay.ts";
import { trimCallLog } from "./call_log.ts";
import { withClaimLock } from "./lock.ts";
import { EklaimRun, type Step } from "./runner.ts";
import { eklaimUse } from "./settings.ts";
import { type BridgeState, emptyState, readState, writeState } from "./state.ts";
import { type EklaimView, viewOf } from "./view.ts";

/** Who runs a flow: the signed-in user's id (for the coder NIK) and username. */
export interface Who {
  userId: string;
  username: string;
}

/** What a flow works with. */
export interface FlowContext {
  store: Store;
  registry: Registry;
  who: Who;
  now: Date;
  progress?: Tracker;
}

/** How a flow ended: the answer's message and `data`, its calls, and the error it answers with. */
export interface FlowOutcome {
  sep: string;
  message: string;
  data: EklaimView;
  steps: Step[];
  /** Whether a call may have changed E-Klaim (what the audit records). */
  changed: boolean;
  status: { from: ClaimStatus; to: ClaimStatus };
  /** Set when the flow stopped: E-Klaim's refusal or result, a failed call, a check. */
  error?: AppError;
}

/** A stay's claim while a flow works on it: the body updates `state` and `status` as it goes. */
export interface StayClaim {
  stay: Visit;
  stayRow: Row<Visit>;
  claim: Claim | null;
  /** The claim's versionstamp as read under the lock (null: none). */
  claimVersion: string | null;
  state: BridgeState;
  status: ClaimStatus;
  sep: string;
}

/** Stores `state` as the stay's bridge state and keeps it as the flow's. */
export async function keepState(store: Store, sc: StayClaim, state: BridgeState): Promise<void> {
  await writeState(store, sc.stay._id, state);
  sc.state = state;
}

/** Records the INA-CBG group of `s` as the stay's claim and package (409 when either changed). */
export async function recordGroup(
  ctx: FlowContext,
  sc: StayClaim,
  s: BridgeState,
  final: boolean,
): Promise<void> {
  const g = s.inacbg!;
  const valid = (list: "diagnosa" | "procedure") =>
    (s.inacbgCoding?.[list] ?? []).filter((x) => x.valid).map((x) => x.code);
  const { cbg, tariff, kelas, inacbg_version, special_cmg } = g;
  await recordEklaimGroup(ctx.store, sc.stay._id, {
    response_inacbg: { cbg, tariff, kelas, inacbg_version, special_cmg },
    stage: special_cmg.length ? 2 : 1,
    final,
    diagnoses: valid("diagnosa"),
    procedures: valid("procedure"),
  }, {
    by: ctx.who.username,
    now: ctx.now,
    stayVersion: sc.stayRow.versionstamp,
    claimVersion: sc.claimVersion,
  });
}

/** Runs `body` on stay `ipdId`'s claim under `withClaimLock`; its `AppError` ends it as `error`. */
export async function onStay(
  ctx: FlowContext,
  ipdId: string,
  what: string,
  body: (run: EklaimRun, sc: StayClaim) => Promise<string>,
): Promise<FlowOutcome> {
  const stayRow = await getVisit(ctx.store, ipdId);
  const stay = stayRow.value;
  const early = await claimsOf(ctx.store).find(ipdId);
  const sep = claimFieldsOf(stay).nomor_sep || early?.value.sep || "";
  if (!sep) {
    throw conflict(
      "Kunjungan ini belum punya No. SEP: isi di Data Klaim halaman kunjungan, lalu ulangi.",
    ).at("nomor_sep");
  }
  const use = await eklaimUse(ctx.store, ctx.registry);
  return await withClaimLock(ctx.store, [ipdId, sep], { what, by: ctx.who.username }, async () => {
    const claimRow = await claimsOf(ctx.store).find(ipdId);
    const claim = claimRow?.value ?? null;
    const from = claim?.status ?? "belum";
    const sc: StayClaim = {
      stay,
      stayRow,
      claim,
      claimVersion: claimRow?.versionstamp ?? null,
      state: await readState(ctx.store, ipdId) ?? emptyState(sep),
      status: from,
      sep,
    };
    const run = new EklaimRun(ctx.store, use, ipdId, ctx.who.username, ctx.progress);
    let message = "";
    let error: AppError | undefined;
    try {
      message = await body(run, sc);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      error = e;
      message = e.message;
    } finally {
      if (run.steps.length) await trimCallLog(ctx.store, ipdId);
    }
    const data = viewOf(stay, sc.state, sc.status, run.steps);
    return {
      sep,
      message,
      data,
      steps: run.steps,
      changed: run.changed,
      status: { from, to: sc.status },
      // the view, with what the error adds (missing data, findings)
      error: error?.with({ ...data, ...(error.data as object | undefined) }),
    };
  });
}
