import { type AppError, badRequest, conflict, unprocessable } from "../errors.ts";
import { formatMoney } from "../format.ts";
import { mayStep } from "../claim/bridge_claim.ts";
import {
  type FlowContext,
  type FlowOutcome,
  keepState,
  onStay,
  recordGroup,
  type StayClaim,
} from "./flow.ts";
import { mergeOverrides, payloadOf, type StayPayload } from "./payload.ts";
import { droppedText, idrgOf, importedOf, inacbgOf, verdictsOf } from "./results.ts";
import type { EklaimRun } from "./runner.ts";
import type { BridgeState, Coding } from "./state.ts";

/** Opens E-Klaim's iDRG (and so INA-CBG) or INA-CBG coding again, whichever was final. */
export async function reopen(run: EklaimRun, sep: string, which: "idrg" | "inacbg"): Promise<void> {
  if (which === "inacbg") {
    await run.ask("inacbg_grouper_reedit", {}, { nomor_sep: sep }, ["E2104"]);
    return;
  }
  const r = await run.ask("idrg_grouper_reedit", {}, { nomor_sep: sep }, ["E2103", "E2102"]);
  if (r.errorNo === "E2102") {
    await reopen(run, sep, "inacbg");
    await run.ask("idrg_grouper_reedit", {}, { nomor_sep: sep }, ["E2103"]);
  }
}

/** The `*_set` calls of `system`'s codes (reopened on E2102): the verdicts and those dropped. */
async function setCodes(run: EklaimRun, system: "idrg" | "inacbg", p: StayPayload) {
  const coding = {} as Coding;
  for (const list of ["diagnosa", "procedure"] as const) {
    const method = `${system}_${list}_set`;
    const data = { [list]: p.codes[`${system}_${list}`].join("#") || "#" };
    let r = await run.ask(method, { nomor_sep: p.sep }, data, ["E2102"]);
    if (r.errorNo === "E2102") {
      await reopen(run, p.sep, system);
      r = await run.ask(method, { nomor_sep: p.sep }, data);
    }
    coding[list] = verdictsOf((r.body as Record<string, unknown>)?.data);
  }
  return { coding, dropped: [...coding.diagnosa, ...coding.procedure].filter((c) => !c.valid) };
}

/** `new_claim`; E2007 for this patient means E-Klaim has it (go on), for another a 409. */
async function ensureClaim(run: EklaimRun, p: StayPayload): Promise<void> {
  const r = await run.ask("new_claim", {}, p.patient, ["E2007"]);
  if (r.errorNo !== "E2007") return;
  const dup = (r.body?.duplicate as Record<string, unknown>[] | undefined) ?? [];
  const other = dup.find((d) =>
    String(d.nomor_rm ?? "").trim().toUpperCase() !== String(p.patient.nomor_rm).toUpperCase()
  );
  if (other) {
    throw conflict(
      `No. SEP ${p.sep} sudah dipakai di E-Klaim untuk pasien lain: ${other.nama_pasien ?? "-"} ` +
        `(No. RM ${other.nomor_rm ?? "-"}). Periksa No. SEP kunjungan ini.`,
    );
  }
}

/** Steps 1 and 2: the claim made (unless E-Klaim has it) and its data set. */
async function claimData(run: EklaimRun, p: StayPayload, created: boolean): Promise<void> {
  const bySep = { nomor_sep: p.sep };
  if (!created) await ensureClaim(run, p);
  let r = await run.ask("set_claim_data", bySep, p.claim, ["E2004", "E2009"]);
  if (r.errorNo === "E2004") {
    await ensureClaim(run, p);
    r = await run.ask("set_claim_data", bySep, p.claim, ["E2009"]);
  }
  if (r.errorNo === "E2009") {
    throw conflict(
      `Klaim SEP ${p.sep} sudah final di E-Klaim: buka dulu dengan 'Edit ulang', lalu grouping lagi.`,
    );
  }
}

/** A stop of the grouping (`AppError`) once E-Klaim's state so far is kept. */
type Stop = (e: Error) => Promise<never>;

/** 400 at `field` when `chosen` holds codes not `offered` by `group` (null when all are). */
export function unoffered(
  what: string,
  chosen: string[],
  offered: string[],
  group: string,
  field: string,
): AppError | null {
  const unknown = chosen.filter((c) => !offered.includes(c));
  if (!unknown.length) return null;
  return badRequest(
    `${what} ${unknown.join(", ")} bukan pilihan grup ${group}` +
      (offered.length ? `; pilihannya: ${offered.join(", ")}.` : " (tanpa pilihan)."),
  ).at(field);
}

/** Steps 3 and 4: the iDRG codes, stage 1 (and 2 with `topup`), the iDRG final. */
async function idrgStage(
  run: EklaimRun,
  s: BridgeState,
  p: StayPayload,
  topup: string[],
  stop: Stop,
) {
  const bySep = { nomor_sep: p.sep };
  const { coding, dropped } = await setCodes(run, "idrg", p);
  s.idrgCoding = coding;
  if (dropped.length) {
    await stop(unprocessable(
      `E-Klaim menolak kode iDRG ${droppedText(dropped)}: ganti dengan kode ICD-10-IM / ` +
        "ICD-9-CM-IM yang berlaku (cari di kode E-Klaim), lalu grouping lagi.",
    ));
  }
  const g = s.idrg = idrgOf((await run.ask("grouper", { stage: 1, grouper: "idrg" }, bySep)).body);
  if (g.ungroupable) {
    await stop(unprocessable(
      `Hasil grouping iDRG tidak dapat dikelompokkan (MDC ${g.mdc_number} ${g.mdc_description}, ` +
        `DRG ${g.drg_code} ${g.drg_description}): periksa diagnosis utama dan prosedurnya, lalu ` +
        "grouping lagi.",
    ));
  }
  if (topup.length) {
    const options = g.topup_options;
    const codes = options.map((o) => o.code);
    const refused = unoffered("Top-up", topup, codes, `iDRG ${g.drg_code}`, "topup");
    if (refused) await stop(refused);
    const meta = { stage: 2, grouper: "idrg" };
    const g2 = idrgOf(
      (await run.ask("grouper", meta, { ...bySep, topup_codes: topup.join("#") })).body,
    );
    s.idrg = { ...g2, topup_options: g2.topup_options.length ? g2.topup_options : options };
  }
  await run.ask("idrg_grouper_final", {}, bySep, ["E2102"]);
  s.stage.idrgFinal = true;
}

/** Steps 5 to 7: the import, the INA-CBG codes, INA-CBG stage 1. */
async function inacbgStage(run: EklaimRun, s: BridgeState, p: StayPayload, stop: Stop) {
  const bySep = { nomor_sep: p.sep };
  s.imported = importedOf((await run.ask("idrg_to_inacbg_import", {}, bySep)).body);
  const { coding, dropped } = await setCodes(run, "inacbg", p);
  s.inacbgCoding = coding;
  if (dropped.length) {
    await stop(unprocessable(
      `E-Klaim menolak kode INA-CBG ${droppedText(dropped)}: ganti dengan kode ICD-10 2010 / ` +
        "ICD-9-CM yang berlaku (cari di kode E-Klaim), lalu grouping lagi.",
    ));
  }
  const g = s.inacbg = inacbgOf(
    (await run.ask("grouper", { stage: 1, grouper: "inacbg" }, bySep)).body,
  );
  if (g.error) {
    await stop(unprocessable(
      `Hasil grouping INA-CBG adalah grup error ${g.cbg.code} (${g.cbg.description}): perbaiki ` +
        "koding diagnosis dan prosedurnya, lalu grouping lagi.",
    ));
  }
}

/** Steps 1 to 7 of a grouping; 422 in E-Klaim's words (dropped codes, MDC 36, an X group). */
export async function groupCalls(
  run: EklaimRun,
  ctx: FlowContext,
  sc: StayClaim,
  p: StayPayload,
  overrides: BridgeState["overrides"],
  topup: string[] = [],
): Promise<BridgeState> {
  run.planned = 10 + (topup.length ? 1 : 0);
  const s: BridgeState = {
    ...sc.state,
    sep: p.sep,
    overrides,
    sources: p.sources,
    duringStay: p.duringStay,
    fingerprint: p.fingerprint,
    stage: { ...sc.state.stage, claimFinal: false, sent: false },
    groupedAt: ctx.now.toISOString(),
    groupedBy: ctx.who.username,
    sent: {
      tgl_masuk: String(p.claim.tgl_masuk),
      tgl_pulang: String(p.claim.tgl_pulang),
      kelas_rawat: String(p.claim.kelas_rawat),
      discharge_status: String(p.claim.discharge_status),
      kode_tarif: String(p.claim.kode_tarif),
      tarif_rs: p.tarifRs,
    },
  };
  await claimData(run, p, s.stage.created);
  s.stage.created = true;
  if (s.stage.inacbgFinal) await reopen(run, p.sep, "inacbg");
  if (s.stage.idrgFinal) await reopen(run, p.sep, "idrg");
  s.stage = { ...s.stage, idrgFinal: false, inacbgFinal: false };
  s.idrg =
    s.imported =
    s.inacbgCoding =
    s.inacbg =
      null;
  const stop: Stop = async (e) => {
    await keepState(ctx.store, sc, s);
    throw e;
  };
  await idrgStage(run, s, p, topup, stop);
  await inacbgStage(run, s, p, stop);
  return s;
}

/** `POST /api/eklaim/{ipdId}/group`: the stay sent and grouped (admitted: now as the discharge). */
export function groupStay(
  ctx: FlowContext,
  ipdId: string,
  fields: Record<string, string | string[]>,
): Promise<FlowOutcome> {
  return onStay(ctx, ipdId, "grouping", async (run, sc) => {
    if (!mayStep(sc.status, "group")) {
      throw conflict(
        `Klaim SEP ${sc.sep} sudah ${sc.status}: grouping lagi hanya setelah 'Edit ulang' ` +
          "(sebelum dikirim).",
      );
    }
    const overrides = mergeOverrides(sc.state.overrides, fields);
    const p = await payloadOf(ctx, sc, run.use, overrides);
    const s = await groupCalls(run, ctx, sc, p, overrides);
    await keepState(ctx.store, sc, s);
    await recordGroup(ctx, sc, s, false);
    return `Grouping E-Klaim selesai${
      p.duringStay ? " (selama dirawat, pulang = hari ini)" : ""
    }: ` +
      `iDRG ${s.idrg!.drg_code} ${s.idrg!.drg_description}, INA-CBG ${s.inacbg!.cbg.code} ` +
      `${formatMoney(s.inacbg!.tariff)}.`;
  });
}
