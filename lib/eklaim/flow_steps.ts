import { Buffer } from "node:buffer";
import { badGateway, badRequest, conflict } from "../errors.ts";
import { formatMoney } from "../format.ts";
import { mayStep, moveBridgeClaim } from "../claim/bridge_claim.ts";
import {
  type FlowContext,
  type FlowOutcome,
  keepState,
  onStay,
  recordGroup,
  type StayClaim,
} from "./flow.ts";
import { groupCalls, reopen, unoffered } from "./flow_group.ts";
import { payloadOf } from "./payload.ts";
import { inacbgOf } from "./results.ts";
import type { EklaimRun } from "./runner.ts";
import { readinessWith, refuseUnready } from "./readiness.ts";
import { claimContext } from "../claim/readiness.ts";
import type { BridgeState } from "./state.ts";

/** A `#`-joined or listed field of codes (`#` or '' for none). */
function codesOf(v: string | string[] | undefined): string[] {
  const text = Array.isArray(v) ? v.join("#") : v ?? "";
  return [...new Set(text.split(/[#,;\s]+/).map((s) => s.trim()).filter(Boolean))];
}

const same = (a: string[], b: string[]) => [...a].sort().join("#") === [...b].sort().join("#");

/** The package the readiness rules read: E-Klaim's group, else the claim's (a TXT import's). */
function cbgOf(sc: StayClaim): { code: string; kelas: string } | null {
  if (sc.state.inacbg && !sc.state.inacbg.error) {
    return { code: sc.state.inacbg.cbg.code, kelas: sc.state.inacbg.kelas };
  }
  const e = sc.claim?.eklaim;
  return e ? { code: e.inacbg, kelas: `kelas_${e.kelasRawat}` } : null;
}

/** 409 unless the stay has no `blok` finding with E-Klaim's package. */
async function mustBeReady(ctx: FlowContext, sc: StayClaim, what: string) {
  const rules = await claimContext(ctx.store, ctx.registry);
  refuseUnready(readinessWith(sc.stay, rules, cbgOf(sc)), what);
}

/** The special CMGs chosen, checked against the group's options (400 naming the field). */
function specialOf(sc: StayClaim, raw: string | string[] | undefined): string[] {
  const chosen = codesOf(raw);
  const options = sc.state.inacbg?.special_cmg_options ?? [];
  const group = sc.state.inacbg?.cbg.code ?? "-";
  const refused = unoffered(
    "Special CMG",
    chosen,
    options.map((o) => o.code),
    group,
    "special_cmg",
  );
  if (refused) throw refused;
  const types = chosen.map((c) => options.find((o) => o.code === c)!.type);
  const twice = types.find((t, i) => types.indexOf(t) !== i);
  if (twice) throw badRequest(`Special CMG jenis ${twice} hanya boleh satu.`).at("special_cmg");
  return chosen;
}

/** Stage 2 with the special CMGs when they differ from those applied, the coding reopened first. */
async function applySpecial(
  run: EklaimRun,
  sc: StayClaim,
  s: BridgeState,
  chosen: string[],
): Promise<BridgeState> {
  const applied = (s.inacbg?.special_cmg ?? []).map((x) => x.code);
  const sepData = { nomor_sep: sc.sep };
  if (same(chosen, applied)) return s;
  if (s.stage.inacbgFinal) {
    await reopen(run, sc.sep, "inacbg");
    s.stage.inacbgFinal = false;
  }
  const r = await run.ask("grouper", { stage: 2, grouper: "inacbg" }, {
    ...sepData,
    special_cmg: chosen.join("#") || "#",
  });
  const g = inacbgOf(r.body);
  return { ...s, inacbg: { ...g, special_cmg_options: s.inacbg!.special_cmg_options } };
}

/** `POST /api/eklaim/{ipdId}/final`: `topup` and `special_cmg` applied, then both finals. */
export function finalStay(
  ctx: FlowContext,
  ipdId: string,
  fields: Record<string, string | string[]>,
): Promise<FlowOutcome> {
  return onStay(ctx, ipdId, "final", async (run, sc) => {
    if (!mayStep(sc.status, "final")) throw conflict(`Klaim SEP ${sc.sep} sudah ${sc.status}.`);
    if (sc.stay.status !== "pulang") {
      throw conflict(
        "Pasien masih dirawat: final klaim setelah pasien pulang dan digrouping lagi.",
      );
    }
    const st = sc.state;
    if (!st.groupedAt) {
      throw conflict("Klaim ini belum digrouping di E-Klaim: klik Grouping E-Klaim dulu.");
    }
    if (!st.inacbg || st.inacbg.error || !st.idrg || st.idrg.ungroupable) {
      throw conflict("Grouping terakhir tidak menghasilkan grup yang valid: grouping lagi dulu.");
    }
    const p = await payloadOf(ctx, sc, run.use, st.overrides);
    if (p.fingerprint !== st.fingerprint) {
      throw conflict(
        "Data kunjungan berubah sejak grouping terakhir (tanggal, kode, tarif, kelas atau data " +
          "pasien): klik Grouping E-Klaim lagi, periksa hasilnya, lalu final.",
      );
    }
    await mustBeReady(ctx, sc, "difinalkan");
    const topup = codesOf(fields.topup);
    const offered = st.idrg.topup_options.map((o) => o.code);
    const refused = unoffered("Top-up", topup, offered, `iDRG ${st.idrg.drg_code}`, "topup");
    if (refused) throw refused;
    let special = specialOf(sc, fields.special_cmg);
    let s: BridgeState = { ...st, stage: { ...st.stage } };
    if (!same(topup, st.idrg.topup.map((t) => t.code))) {
      s = await groupCalls(run, ctx, sc, p, st.overrides, topup);
      await keepState(ctx.store, sc, s);
      // the group may have changed with the top-ups: its options with it
      special = specialOf(sc, fields.special_cmg);
    }
    s = await applySpecial(run, sc, s, special);
    await run.ask("inacbg_grouper_final", {}, { nomor_sep: sc.sep }, ["E2102"]);
    s.stage.inacbgFinal = true;
    await keepState(ctx.store, sc, s);
    await run.ask("claim_final", {}, { nomor_sep: sc.sep, coder_nik: p.claim.coder_nik }, [
      "E2009",
    ]);
    s = {
      ...s,
      stage: { ...s.stage, claimFinal: true },
      finalAt: ctx.now.toISOString(),
      finalBy: ctx.who.username,
    };
    await keepState(ctx.store, sc, s);
    await recordGroup(ctx, sc, s, true);
    sc.status = "final";
    return `Klaim SEP ${sc.sep} final di E-Klaim: INA-CBG ${s.inacbg!.cbg.code} ` +
      `${formatMoney(s.inacbg!.tariff)}.`;
  });
}

/** `POST /api/eklaim/{ipdId}/send`: a final, ready claim sent, then its status read. */
export function sendStay(ctx: FlowContext, ipdId: string): Promise<FlowOutcome> {
  return onStay(ctx, ipdId, "kirim", async (run, sc) => {
    if (!mayStep(sc.status, "send")) {
      throw conflict(`Klaim SEP ${sc.sep} berstatus ${sc.status}: yang dikirim hanya klaim final.`);
    }
    await mustBeReady(ctx, sc, "dikirim");
    await run.ask("send_claim_individual", {}, { nomor_sep: sc.sep });
    const r = await run.raw("get_claim_status", {}, { nomor_sep: sc.sep });
    const resp = (r.body?.response ?? {}) as { status_kirim?: unknown; tgl_kirim?: unknown };
    if (r.ok && String(resp.status_kirim) !== "1") {
      throw badGateway(
        `E-Klaim menerima pengiriman SEP ${sc.sep}, tetapi status kirimnya belum terkirim: ` +
          "periksa koneksi E-Klaim ke pusat data, lalu kirim lagi.",
      );
    }
    const sentAt = r.ok && resp.tgl_kirim ? String(resp.tgl_kirim) : null;
    const s = { ...sc.state, stage: { ...sc.state.stage, claimFinal: true, sent: true }, sentAt };
    await keepState(ctx.store, sc, s);
    await moveBridgeClaim(ctx.store, ipdId, "send", ctx.who.username, ctx.now, sentAt);
    sc.status = "terkirim";
    return `Klaim SEP ${sc.sep} terkirim${sentAt ? ` (E-Klaim: ${sentAt})` : ""}.` +
      (r.ok ? "" : ` Tanggal kirim belum terbaca: ${r.message}`);
  });
}

/** `POST /api/eklaim/{ipdId}/reedit`: a final claim not yet sent reopened in E-Klaim (`belum`). */
export function reeditStay(ctx: FlowContext, ipdId: string): Promise<FlowOutcome> {
  return onStay(ctx, ipdId, "edit ulang", async (run, sc) => {
    if (!mayStep(sc.status, "reedit")) {
      throw conflict(
        `Klaim SEP ${sc.sep} berstatus ${sc.status}: Edit ulang hanya untuk klaim final yang ` +
          "belum dikirim.",
      );
    }
    await run.ask("reedit_claim", {}, { nomor_sep: sc.sep });
    // E-Klaim keeps both codings final after reedit_claim: a new grouping reopens them
    const stage = {
      created: true,
      idrgFinal: true,
      inacbgFinal: true,
      claimFinal: false,
      sent: false,
    };
    await keepState(ctx.store, sc, { ...sc.state, stage });
    await moveBridgeClaim(ctx.store, ipdId, "reedit", ctx.who.username, ctx.now);
    sc.status = "belum";
    return `Klaim SEP ${sc.sep} dibuka lagi di E-Klaim: ubah data atau kode, lalu grouping lagi.`;
  });
}

/** `GET /api/eklaim/{ipdId}/print`: a final claim's Lembar Berkas Klaim as PDF (502: not a PDF). */
export async function printStay(
  ctx: FlowContext,
  ipdId: string,
): Promise<{ outcome: FlowOutcome; pdf: Uint8Array | null }> {
  let pdf: Uint8Array | null = null;
  const outcome = await onStay(ctx, ipdId, "cetak", async (run, sc) => {
    if (sc.status === "belum") {
      throw conflict("Lembar Berkas Klaim dicetak setelah klaim final.");
    }
    const r = await run.ask("claim_print", {}, { nomor_sep: sc.sep });
    const bytes = Buffer.from(String(r.body?.data ?? ""), "base64");
    if (bytes.subarray(0, 5).toString("latin1") !== "%PDF-") {
      throw badGateway(
        "Jawaban cetak E-Klaim bukan berkas PDF: coba lagi, atau cetak dari E-Klaim.",
      );
    }
    pdf = new Uint8Array(bytes);
    return `Lembar Berkas Klaim SEP ${sc.sep}.`;
  });
  return { outcome, pdf };
}
