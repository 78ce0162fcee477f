import { type Context, Hono } from "hono";
import type { AppEnv } from "../lib/http/env.ts";
import { AppError } from "../lib/errors.ts";
import { readFields, readForm } from "../lib/http/http.ts";
import { audit, auditStayView } from "../lib/http/request.ts";
import type { AuditEvent } from "../lib/audit/log.ts";
import { trackJob } from "../lib/http/progress.ts";
import type { Registry } from "../lib/resource/refs.ts";
import type { FlowContext, FlowOutcome } from "../lib/eklaim/flow.ts";
import { groupStay } from "../lib/eklaim/flow_group.ts";
import { finalStay, printStay, reeditStay, sendStay } from "../lib/eklaim/flow_steps.ts";
import { readStay, searchCodes } from "../lib/eklaim/flow_read.ts";
import { sendMonth } from "../lib/eklaim/flow_month.ts";
import { READ_METHODS, type Step } from "../lib/eklaim/runner.ts";

type Api = Hono<AppEnv>;

const LABELS: Record<string, string> = {
  group: "Grouping E-Klaim",
  final: "Final E-Klaim",
  send: "Kirim E-Klaim",
  reedit: "Edit ulang E-Klaim",
  month: "Kirim klaim sebulan",
};

/** The flow's context: the store, the signed-in user, the clock, the request's progress. */
function ctxOf(c: Context<AppEnv>, registry: Registry, job?: string): FlowContext {
  const s = c.get("session")!;
  return {
    store: c.get("store"),
    registry,
    who: { userId: s.userId, username: s.username },
    now: c.get("now")(),
    progress: job ? trackJob(c, LABELS[job]) : undefined,
  };
}

/** The calls that may have changed E-Klaim, as the audit lists them (method and outcome). */
const changing = (steps: Step[]) =>
  steps.filter((s) => !READ_METHODS.has(s.method))
    .map(({ method, ok, code, errorNo }) => ({ method, ok, code, error_no: errorNo }));

type Outcome = Pick<FlowOutcome, "message" | "changed" | "error"> & { data: unknown };

/** Runs a flow with its progress and answers it, audited by `event` when it called E-Klaim. */
async function run<O extends Outcome>(
  c: Context<AppEnv>,
  ctx: FlowContext,
  fn: () => Promise<O>,
  event: (out: O, outcome: string) => AuditEvent,
) {
  let out: O;
  try {
    out = await fn();
  } catch (e) {
    ctx.progress?.fail(e instanceof AppError ? e.message : "Gagal.");
    throw e;
  }
  if (out.changed) {
    await audit(c, event(out, out.error ? `${out.error.status} ${out.message}` : out.message));
  }
  if (out.error) {
    ctx.progress?.fail(out.message);
    throw out.error;
  }
  ctx.progress?.finish(out.message);
  return c.json({ success: true, message: out.message, data: out.data });
}

/** Runs a stay's flow, audited as `eklaim_<step>`: the SEP, the changing calls, the status. */
function flow(
  c: Context<AppEnv>,
  registry: Registry,
  step: string,
  fn: (ctx: FlowContext, ipdId: string) => Promise<FlowOutcome>,
) {
  const ctx = ctxOf(c, registry, step);
  const ipdId = c.req.param("ipdId")!;
  return run(c, ctx, () => fn(ctx, ipdId), (out, outcome) => ({
    action: `eklaim_${step}`,
    entity: "klaim",
    entityId: ipdId,
    after: {
      sep: out.sep,
      outcome,
      ...(out.status.from !== out.status.to ? { status: out.status } : {}),
      calls: changing(out.steps),
    },
  }));
}

/** A stay's claim through E-Klaim: group, final, send, re-edit, print, read. */
function stayRoutes(api: Api, registry: Registry): void {
  api.post("/:ipdId/group", async (c) => {
    const form = await readForm(c);
    return await flow(c, registry, "group", (ctx, id) => groupStay(ctx, id, form));
  });
  api.post("/:ipdId/final", async (c) => {
    const form = await readForm(c);
    return await flow(c, registry, "final", (ctx, id) => finalStay(ctx, id, form));
  });
  api.post("/:ipdId/send", (c) => flow(c, registry, "send", sendStay));
  api.post("/:ipdId/reedit", (c) => flow(c, registry, "reedit", reeditStay));
  api.get("/:ipdId/print", async (c) => {
    const ipdId = c.req.param("ipdId");
    const { outcome, pdf } = await printStay(ctxOf(c, registry), ipdId);
    if (outcome.error || !pdf) throw outcome.error;
    const after = { sep: outcome.sep, lbk: true };
    await audit(c, { action: "print", entity: "klaim", entityId: ipdId, after });
    c.header("content-type", "application/pdf");
    c.header("content-disposition", `inline; filename="LBK-${outcome.sep}.pdf"`);
    return c.body(pdf as Uint8Array<ArrayBuffer>);
  });
  api.get("/:ipdId", async (c) => {
    const ipdId = c.req.param("ipdId");
    const data = await readStay(ctxOf(c, registry), ipdId, c.req.query("live") !== "0");
    await auditStayView(c, ipdId, "eklaim");
    return c.json({ success: true, message: "Ok", data });
  });
}

/** E-Klaim 5.10's web service under `/api/eklaim`: a stay's claim, code search, a month sent. */
export function eklaimApi(registry: Registry): Api {
  const api = new Hono<AppEnv>();
  api.post("/send-month", async (c) => {
    const month = (await readFields(c)).month ?? "";
    const ctx = ctxOf(c, registry, "month");
    return await run(c, ctx, () => sendMonth(ctx, month), (out, outcome) => ({
      action: "eklaim_send_month",
      entity: "klaim",
      after: {
        month: out.data.month,
        outcome,
        sent: out.data.sent.map((s) => s.sep),
        calls: changing(out.data.steps),
      },
    }));
  });
  api.get("/codes", async (c) => {
    const q = c.req.query();
    const data = await searchCodes(ctxOf(c, registry), q);
    return c.json({ success: true, message: "Ok", data });
  });
  // the same search as a select's options (components/ui Select): nothing below 2 characters
  api.get("/code-options", async (c) => {
    const q = c.req.query();
    if ((q.q ?? "").trim().length < 2) return c.json({ results: [], pagination: { more: false } });
    const found = await searchCodes(ctxOf(c, registry), q);
    const results = found.filter((f) => f.valid).map((f) => ({
      id: f.code,
      text: `${f.code} ${f.description}`,
      ...(f.im ? { note: "kode IM (Indonesian Modification)" } : {}),
    }));
    return c.json({ results, pagination: { more: false } });
  });
  stayRoutes(api, registry);
  return api;
}
