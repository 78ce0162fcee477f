import { AppError, badRequest, conflict } from "../errors.ts";
import { formatNumber } from "../format.ts";
import { type Claim, claimsOf } from "../claim/claim_store.ts";
import { moveBridgeClaim } from "../claim/bridge_claim.ts";
import { visitsOf } from "../ipd/stay.ts";
import { appendCall, trimCallLog } from "./call_log.ts";
import type { FlowContext, FlowOutcome } from "./flow.ts";
import { withClaimLock } from "./lock.ts";
import { readinessWith } from "./readiness.ts";
import { claimContext } from "../claim/readiness.ts";
import { EklaimRun, type Step } from "./runner.ts";
import { eklaimUse } from "./settings.ts";
import { emptyState, readState, writeState } from "./state.ts";

/** `POST /api/eklaim/send-month`'s `data`: what E-Klaim was asked to send and what it did. */
export interface MonthSend {
  month: string;
  /** The app's final claims discharged in the month: what the app asked E-Klaim to send. */
  asked: number;
  /** Sent (status `terkirim`), with E-Klaim's date. */
  sent: { ipdId: string; sep: string; sentAt: string | null }[];
  /** Asked but not sent (E-Klaim did not list it, or its status is not sent): still `final`. */
  notSent: { ipdId: string; sep: string; reason: string }[];
  /** SEPs E-Klaim sent with no final claim in the app (finalised in E-Klaim itself). */
  unknown: { sep: string; tgl_pulang: string }[];
  steps: Step[];
}

/** How a month's send ended (see `FlowOutcome`). */
export type MonthOutcome = Pick<FlowOutcome, "message" | "changed" | "error"> & { data: MonthSend };

const lastDay = (month: string) => {
  const [y, m] = month.split("-").map(Number);
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, "0")}`;
};

/** 409 naming the claims of `finals` with `blok` findings (E-Klaim's package), at most 20. */
async function mustAllBeReady(ctx: FlowContext, finals: Claim[]): Promise<void> {
  const rules = await claimContext(ctx.store, ctx.registry);
  const stays = await visitsOf(ctx.store).findMany(finals.map((c) => c._id));
  const unready = [];
  for (const { value: v } of stays) {
    const c = finals.find((x) => x._id === v._id)!;
    const check = readinessWith(v, rules, {
      code: c.eklaim.inacbg,
      kelas: `kelas_${c.eklaim.kelasRawat}`,
    });
    const blocks = check.findings.filter((f) => f.level === "blok");
    if (blocks.length) unready.push({ ipdId: v._id, sep: c.sep, rules: blocks.map((f) => f.rule) });
  }
  if (!unready.length) return;
  throw conflict(
    `${formatNumber(unready.length)} klaim final bulan ini belum siap dikirim (E-Klaim mengirim ` +
      "semua klaim final sebulan sekaligus): " +
      unready.slice(0, 20).map((u) => `${u.sep} ${u.rules.join(", ")}`).join("; ") +
      ". Edit ulang dan perbaiki dulu.",
  ).with({ unready });
}

/** Sends `month`'s final claims (`send_claim`), then reads each one's status (`terkirim`). */
export async function sendMonth(ctx: FlowContext, month: string): Promise<MonthOutcome> {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw badRequest("Bulan harus YYYY-MM.").at("month");
  const use = await eklaimUse(ctx.store, ctx.registry);
  const index = await claimsOf(ctx.store).index();
  const finals = index.rows().map((r) => r.value)
    .filter((c) => c.status === "final" && c.eklaim.discharge.startsWith(month));
  if (!finals.length) throw conflict(`Tidak ada klaim final yang pulang pada bulan ${month}.`);
  await mustAllBeReady(ctx, finals);
  const keys = finals.flatMap((c) => [c._id, c.sep]);
  const run = new EklaimRun(ctx.store, use, null, ctx.who.username, ctx.progress);
  const data: MonthSend = {
    month,
    asked: finals.length,
    sent: [],
    notSent: [],
    unknown: [],
    steps: run.steps,
  };
  return await withClaimLock(ctx.store, keys, {
    what: `kirim bulan ${month}`,
    by: ctx.who.username,
  }, async () => {
    try {
      const r = await run.ask("send_claim", {}, {
        start_dt: `${month}-01`,
        stop_dt: lastDay(month),
        jenis_rawat: "1",
        date_type: "1",
      });
      const listed = ((r.body?.response as { data?: unknown[] } | undefined)?.data ?? []) as {
        nomor_sep?: string;
        tgl_pulang?: string;
      }[];
      const bySep = new Map(finals.map((c) => [c.sep, c]));
      const seps = new Set(listed.map((l) => String(l.nomor_sep ?? "")));
      data.unknown = listed.filter((l) => !bySep.has(String(l.nomor_sep)))
        .map((l) => ({ sep: String(l.nomor_sep ?? ""), tgl_pulang: String(l.tgl_pulang ?? "") }));
      const mine = finals.filter((c) => seps.has(c.sep));
      const reason = "tidak dikirim E-Klaim (belum final di E-Klaim?)";
      data.notSent = finals.filter((c) => !seps.has(c.sep))
        .map((c) => ({ ipdId: c._id, sep: c.sep, reason }));
      ctx.progress?.phase("Memeriksa status kirim", mine.length, "klaim");
      for (const [i, c] of mine.entries()) {
        await appendCall(ctx.store, c._id, logOf(run.steps[0], c.sep, ctx.who.username));
        run.logId = c._id;
        const st = await run.raw("get_claim_status", {}, { nomor_sep: c.sep });
        run.logId = null;
        const resp = (st.body?.response ?? {}) as { status_kirim?: unknown; tgl_kirim?: unknown };
        if (!st.ok || String(resp.status_kirim) !== "1") {
          data.notSent.push({
            ipdId: c._id,
            sep: c.sep,
            reason: st.ok ? "status kirim di E-Klaim belum terkirim" : st.message,
          });
        } else {
          const sentAt = resp.tgl_kirim ? String(resp.tgl_kirim) : null;
          await markSent(ctx, c, sentAt);
          data.sent.push({ ipdId: c._id, sep: c.sep, sentAt });
        }
        await trimCallLog(ctx.store, c._id);
        ctx.progress?.phase("Memeriksa status kirim", mine.length, "klaim");
        ctx.progress?.step(i + 1);
      }
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      return { message: e.message, data, changed: run.changed, error: e.with(data) };
    }
    return {
      message: `Pengiriman bulan ${month}: ${formatNumber(data.sent.length)} dari ` +
        `${formatNumber(finals.length)} klaim final terkirim` +
        (data.notSent.length ? `, ${formatNumber(data.notSent.length)} belum` : "") +
        (data.unknown.length
          ? `; ${formatNumber(data.unknown.length)} SEP lain ikut dikirim E-Klaim`
          : "") +
        ".",
      data,
      changed: run.changed,
    };
  });
}

/** The month's `send_claim` as an entry of each claim's own log. */
const logOf = (s: Step, sep: string, by: string) => ({
  at: new Date().toISOString(),
  method: s.method,
  sep,
  by,
  ms: s.ms,
  ok: s.ok,
  code: s.code,
  errorNo: s.errorNo,
  message: s.message,
  failure: null,
});

/** Claim `c` sent (`terkirim`, E-Klaim's date), in its claim record and bridge state. */
async function markSent(ctx: FlowContext, c: Claim, sentAt: string | null): Promise<void> {
  const s = await readState(ctx.store, c._id) ?? emptyState(c.sep);
  const stage = { ...s.stage, created: true, claimFinal: true, sent: true };
  await writeState(ctx.store, c._id, { ...s, stage, sentAt });
  await moveBridgeClaim(ctx.store, c._id, "send", ctx.who.username, ctx.now, sentAt);
}
