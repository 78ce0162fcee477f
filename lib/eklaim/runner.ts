import { AppError, badGateway, conflict, gatewayTimeout, unprocessable } from "../errors.ts";
import type { Store } from "../db/store.ts";
import { steppedOut } from "../http/request_queue.ts";
import type { Tracker } from "../progress/progress.ts";
import { appendCall, type CallLogEntry } from "./call_log.ts";
import { call, type EklaimResult } from "./client.ts";
import type { EklaimUse } from "./settings.ts";

/** One call of a run, as the answer and the audit list it (never the request or the key). */
export type Step = Pick<CallLogEntry, "method" | "ok" | "code" | "errorNo" | "message" | "ms"> & {
  /** What it does, in Indonesian ('Grouping iDRG tahap 1'). */
  label: string;
};

/** The methods that change nothing in E-Klaim (the rest are audited). */
export const READ_METHODS = new Set([
  "get_claim_data",
  "get_claim_status",
  "claim_print",
  "search_diagnosis",
  "search_procedures",
  "search_diagnosis_inagrouper",
  "search_procedures_inagrouper",
]);

const LABELS: Record<string, string> = {
  new_claim: "Membuat klaim baru",
  set_claim_data: "Mengisi data klaim",
  idrg_diagnosa_set: "Diagnosis iDRG",
  idrg_procedure_set: "Prosedur iDRG",
  idrg_grouper_final: "Final iDRG",
  idrg_grouper_reedit: "Edit ulang iDRG",
  idrg_to_inacbg_import: "Impor koding iDRG ke INA-CBG",
  inacbg_diagnosa_set: "Diagnosis INA-CBG",
  inacbg_procedure_set: "Prosedur INA-CBG",
  inacbg_grouper_final: "Final INA-CBG",
  inacbg_grouper_reedit: "Edit ulang INA-CBG",
  claim_final: "Final klaim",
  reedit_claim: "Edit ulang klaim",
  send_claim_individual: "Kirim klaim",
  send_claim: "Kirim klaim satu bulan",
  get_claim_status: "Status kirim",
  get_claim_data: "Data klaim di E-Klaim",
  claim_print: "Cetak berkas klaim",
};

/** A step's words: the grouper by its system and stage. */
function labelOf(method: string, meta: Record<string, string | number>): string {
  if (method === "grouper") {
    return `Grouping ${meta.grouper === "idrg" ? "iDRG" : "INA-CBG"} tahap ${meta.stage}`;
  }
  return LABELS[method] ?? method;
}

/** The error a result that did not succeed answers with: its status says where it failed. */
export function failureError(r: EklaimResult): AppError {
  switch (r.failure) {
    case "settings":
      return conflict(`${r.message} Administrator mengisinya di Pengaturan → E-Klaim.`);
    case "timeout":
      return gatewayTimeout(r.message);
    case "eklaim":
      return r.code === 2029 ? badGateway(r.message) : unprocessable(r.message);
    default:
      return badGateway(r.message);
  }
}

/** One request's calls to E-Klaim, each made `steppedOut`, logged, and kept as a step. */
export class EklaimRun {
  readonly steps: Step[] = [];
  /** How many calls the run expects, for its progress (0: unknown). */
  planned = 0;

  constructor(
    private readonly store: Store,
    readonly use: EklaimUse,
    /** Whose log the calls go to (a stay's id; a month's send moves it claim by claim). */
    public logId: string | null,
    readonly by: string,
    readonly progress?: Tracker,
  ) {}

  /** Calls `method`, never throwing: the result as the client gives it. */
  async raw(
    method: string,
    meta: Record<string, string | number> = {},
    data: Record<string, unknown> = {},
  ): Promise<EklaimResult> {
    const label = labelOf(method, meta);
    this.progress?.phase(label, Math.max(this.planned, this.steps.length + 1), "langkah");
    this.progress?.step(this.steps.length);
    const at = new Date().toISOString();
    const r = await steppedOut(() => call(this.use.connection, method, meta, data));
    const message = r.ok ? "Ok" : r.message;
    this.steps.push({
      method,
      label,
      ok: r.ok,
      code: r.code,
      errorNo: r.errorNo,
      message,
      ms: r.ms,
    });
    if (this.logId) {
      await appendCall(this.store, this.logId, {
        at,
        method,
        sep: String(meta.nomor_sep ?? data.nomor_sep ?? ""),
        by: this.by,
        ms: r.ms,
        ok: r.ok,
        code: r.code,
        errorNo: r.errorNo,
        message,
        failure: r.failure ?? null,
      });
    }
    return r;
  }

  /**
   * Calls `method` and throws its error (`failureError`) unless it succeeded or E-Klaim answered
   * one of the error numbers in `accept` (which the caller handles).
   */
  async ask(
    method: string,
    meta: Record<string, string | number> = {},
    data: Record<string, unknown> = {},
    accept: string[] = [],
  ): Promise<EklaimResult> {
    const r = await this.raw(method, meta, data);
    if (r.ok || (r.errorNo && accept.includes(r.errorNo))) return r;
    throw failureError(r);
  }

  /** Whether any call of the run may have changed E-Klaim (what the audit records). */
  get changed(): boolean {
    return this.steps.some((s) => !READ_METHODS.has(s.method));
  }
}
