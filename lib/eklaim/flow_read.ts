import { AppError, badRequest } from "../errors.ts";
import { claimsOf } from "../claim/claim_store.ts";
import { claimFieldsOf } from "../ipd/claim_codes.ts";
import { getVisit } from "../ipd/stay.ts";
import { callLog, type CallLogEntry } from "./call_log.ts";
import type { FlowContext } from "./flow.ts";
import { withClaimLock } from "./lock.ts";
import { EklaimRun, failureError } from "./runner.ts";
import { eklaimUse } from "./settings.ts";
import { emptyState, readState } from "./state.ts";
import { type EklaimView, viewOf } from "./view.ts";

/** `GET /api/eklaim/{ipdId}`'s `data`: the bridge's view, E-Klaim's own claim and the call log. */
export interface EklaimRead extends EklaimView {
  /** `get_claim_data`'s `response` as E-Klaim answered it; null when not asked or it failed. */
  eklaim: Record<string, unknown> | null;
  /** Why `eklaim` is null although asked (E-Klaim off, settings, another call running). */
  eklaimError: string | null;
  /** The stay's calls to E-Klaim, newest first (method, time, duration, code, error, message). */
  log: CallLogEntry[];
}

/** A stay's claim as the bridge and (with `live`) E-Klaim hold it. */
export async function readStay(
  ctx: FlowContext,
  ipdId: string,
  live: boolean,
): Promise<EklaimRead> {
  const stay = (await getVisit(ctx.store, ipdId)).value;
  const claim = (await claimsOf(ctx.store).find(ipdId))?.value ?? null;
  const sep = claimFieldsOf(stay).nomor_sep || claim?.sep || "";
  const state = await readState(ctx.store, ipdId) ?? emptyState(sep);
  let eklaim: Record<string, unknown> | null = null;
  let eklaimError: string | null = null;
  const steps: EklaimView["steps"] = [];
  if (live && sep && (state.stage.created || claim)) {
    try {
      const use = await eklaimUse(ctx.store, ctx.registry);
      const what = { what: "baca data", by: ctx.who.username };
      await withClaimLock(ctx.store, [ipdId, sep], what, async () => {
        const run = new EklaimRun(ctx.store, use, ipdId, ctx.who.username);
        const r = await run.raw("get_claim_data", {}, { nomor_sep: sep });
        steps.push(...run.steps);
        if (r.ok) eklaim = (r.body?.response ?? null) as Record<string, unknown> | null;
        else eklaimError = failureError(r).message;
      });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      eklaimError = e.message;
    }
  }
  return {
    ...viewOf(stay, state, claim?.status ?? "belum", steps),
    eklaim,
    eklaimError,
    log: await callLog(ctx.store, ipdId),
  };
}

/** One code of E-Klaim's code search. */
export interface FoundCode {
  code: string;
  description: string;
  /** iDRG: `validcode` "1" (codable; "0" a header); INA-CBG: always true. */
  valid: boolean;
  /** iDRG: an Indonesian Modification code (not in ICD-10 2010 / ICD-9-CM). */
  im: boolean;
}

const METHODS = {
  idrg: { diagnosa: "search_diagnosis_inagrouper", procedure: "search_procedures_inagrouper" },
  inacbg: { diagnosa: "search_diagnosis", procedure: "search_procedures" },
} as const;

/** E-Klaim's own code search (`grouper` idrg/inacbg, `list` diagnosa/procedure, `q` 2 to 50). */
export async function searchCodes(
  ctx: FlowContext,
  query: { grouper?: string; list?: string; q?: string },
): Promise<FoundCode[]> {
  const grouper = query.grouper === "inacbg" || query.grouper === "idrg" ? query.grouper : null;
  const list = query.list === "procedure" || query.list === "diagnosa" ? query.list : null;
  if (!grouper) throw badRequest("grouper harus idrg atau inacbg.").at("grouper");
  if (!list) throw badRequest("list harus diagnosa atau procedure.").at("list");
  const q = (query.q ?? "").trim();
  if (q.length < 2 || q.length > 50) {
    throw badRequest("Kata kunci pencarian 2 sampai 50 karakter.").at("q");
  }
  const use = await eklaimUse(ctx.store, ctx.registry);
  const run = new EklaimRun(ctx.store, use, null, ctx.who.username);
  const r = await run.raw(METHODS[grouper][list], {}, { keyword: q });
  if (!r.ok) throw failureError(r);
  const data = ((r.body?.response as Record<string, unknown> | undefined)?.data ?? []) as unknown[];
  return data.slice(0, 100).map((d): FoundCode => {
    if (Array.isArray(d)) {
      return { code: String(d[1] ?? ""), description: String(d[0] ?? ""), valid: true, im: false };
    }
    const o = (d ?? {}) as Record<string, unknown>;
    return {
      code: String(o.code ?? ""),
      description: String(o.description ?? ""),
      valid: String(o.validcode ?? "1") === "1",
      im: String(o.im ?? "0") === "1",
    };
  });
}
