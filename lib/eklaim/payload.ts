import { createHash } from "node:crypto";
import { badRequest, conflict } from "../errors.ts";
import { wallStamp } from "../hospital_time.ts";
import type { Store } from "../db/store.ts";
import { PASSWORD_PAGE } from "../auth/account.ts";
import { users } from "../auth/auth.ts";
import { billCategory } from "../ipd/bill_setting.ts";
import { breakdownSum, fullBreakdown, stayBreakdown } from "../ipd/bill.ts";
import { claimFieldsOf } from "../ipd/claim_codes.ts";
import { dischargeCode } from "../ipd/discharge_code.ts";
import type { Examination, Visit } from "../ipd/model.ts";
import { summaryIcd } from "../ipd/rules.ts";
import type { EklaimUse } from "./settings.ts";
import type { FlowContext, StayClaim } from "./flow.ts";
import { visitExams } from "../ipd/stay.ts";
import type { BridgeState } from "./state.ts";
import { CODE_FIELDS, type CodeField, type CodeSource } from "./state.ts";

/** What E-Klaim needs of a stay that it lacks, and where it is entered. */
export interface MissingData {
  field: string;
  label: string;
  link: string;
}

/** The codes sent to each grouper, primary first (E-Klaim's notation: `+n` on iDRG procedures). */
export type Codes = Record<CodeField, string[]>;

/** What one grouping sends of a stay. */
export interface StayPayload {
  sep: string;
  patient: Record<string, string | number>;
  /** `set_claim_data`'s data, `coder_nik` included. */
  claim: Record<string, unknown>;
  codes: Codes;
  sources: Record<CodeField, CodeSource>;
  duringStay: boolean;
  tarifRs: number;
  /** The claim data and codes, without the coder: equal payloads, equal fingerprints. */
  fingerprint: string;
}

/** The E-Klaim NIK of the signed-in user, or 409 saying where to set it (before any call). */
export async function coderNik(store: Store, userId: string): Promise<string> {
  const nik = (await users(store).find(userId))?.value.nik ?? "";
  if (!nik) {
    throw conflict(
      "NIK Anda untuk E-Klaim belum diisi: isi NIK yang terdaftar di E-Klaim (Personnel " +
        `Registration) di Akun Saya (${PASSWORD_PAGE}), lalu ulangi.`,
    );
  }
  return nik;
}

/** What of the stay E-Klaim requires and the stay (or its patient) lacks, in order. */
export function missingData(v: Visit): MissingData[] {
  const stay = `/ipd/${encodeURIComponent(v._id)}`;
  const c = claimFieldsOf(v);
  const out: MissingData[] = [];
  const need = (ok: unknown, field: string, label: string, link: string) => {
    if (!ok) out.push({ field, label, link });
  };
  need(c.nomor_sep, "nomor_sep", "No. SEP", `${stay}#data-klaim`);
  need(c.kelas_rawat, "kelas_rawat", "Hak kelas", `${stay}#data-klaim`);
  need(v.pasien.nomor_kartu, "nomor_kartu", "No. kartu BPJS pasien", "/pasien");
  need(v.pasien.tgl_lahir, "tgl_lahir", "Tanggal lahir pasien", "/pasien");
  need(["L", "P"].includes(v.pasien.gender), "gender", "Jenis kelamin pasien", "/pasien");
  need(v.dpjp, "dpjp", "DPJP", stay);
  if (v.status === "pulang") {
    const desc = v.dischargepatient?.desc ?? "-";
    const label = `Kode E-Klaim cara pulang "${desc}" (Data Master → Cara Pulang)`;
    need(dischargeCode(v.dischargepatient), "dischargepatient", label, "/discharge-patient");
  }
  return out;
}

const DIAGNOSIS = /^[A-Z]\d{2}(\.\d{1,4})?$/;
const PROCEDURE = /^\d{2}(\.\d{1,4})?(\+\d{1,2})?$/;
const FIELD_LABELS: Record<CodeField, string> = {
  idrg_diagnosa: "Diagnosis iDRG",
  idrg_procedure: "Prosedur iDRG",
  inacbg_diagnosa: "Diagnosis INA-CBG",
  inacbg_procedure: "Prosedur INA-CBG",
};

/** The clerk's code lists of a request: unsent, `null` ('': the stay's) or the codes (else 400). */
export function readOverrides(
  fields: Record<string, string | string[]>,
): Partial<Record<CodeField, string[] | null>> {
  const out: Partial<Record<CodeField, string[] | null>> = {};
  for (const f of CODE_FIELDS) {
    const raw = fields[f];
    if (raw === undefined) continue;
    const text = (Array.isArray(raw) ? raw.join("#") : raw).trim();
    if (text === "") {
      out[f] = null;
      continue;
    }
    const codes = text.split(/[#,;\s]+/).map((s) => s.trim().toUpperCase()).filter(Boolean);
    const form = f.endsWith("diagnosa") ? DIAGNOSIS : PROCEDURE;
    const bad = codes.find((c) => !form.test(c) || (f !== "idrg_procedure" && c.includes("+")));
    if (bad) {
      throw badRequest(`${FIELD_LABELS[f]}: "${bad}" bukan kode yang dikenal bentuknya.`).at(f);
    }
    if (codes.length > 30) throw badRequest(`${FIELD_LABELS[f]}: paling banyak 30 kode.`).at(f);
    out[f] = codes;
  }
  return out;
}

/** The stay's own codes: a discharged stay's summary, else its examinations' so far. */
function stayCodes(
  v: Visit,
  exams: Examination[],
): { dx: string[]; px: string[]; from: CodeSource } {
  if (v.status === "pulang" && v.summary_diagnosis?.length) {
    return {
      dx: v.summary_diagnosis.map((i) => i.code),
      px: (v.summary_tindakan ?? []).map((i) => i.code),
      from: "ringkasan",
    };
  }
  const s = summaryIcd(exams);
  return {
    dx: s.summary_diagnosis.map((i) => i.code),
    px: s.summary_tindakan.map((i) => i.code),
    from: "pemeriksaan",
  };
}

/** Rupiah and days as E-Klaim's examples write them: text. */
const t = (n: number | null | undefined) => String(n ?? 0);

/** What a grouping sends of stay `v` (`missingData` empty), with its fingerprint. */
export async function stayPayload(
  store: Store,
  v: Visit,
  exams: Examination[],
  use: EklaimUse,
  overrides: Partial<Record<CodeField, string[]>>,
  nik: string,
  now: Date,
): Promise<StayPayload> {
  const c = claimFieldsOf(v);
  const sep = c.nomor_sep;
  const duringStay = v.status !== "pulang";
  const bill = fullBreakdown(stayBreakdown(v, await billCategory(store)));
  const upgraded = c.upgrade_class_class !== "";
  const claim: Record<string, unknown> = {
    nomor_sep: sep,
    nomor_kartu: v.pasien.nomor_kartu,
    tgl_masuk: wallStamp(v.visitDate),
    tgl_pulang: wallStamp(v.tanggal_pulang ?? now),
    ...(c.cara_masuk ? { cara_masuk: c.cara_masuk } : {}),
    jenis_rawat: "1",
    kelas_rawat: c.kelas_rawat,
    icu_indikator: c.icu_los > 0 ? "1" : "0",
    icu_los: t(c.icu_los),
    upgrade_class_ind: upgraded ? "1" : "0",
    ...(upgraded
      ? {
        upgrade_class_class: c.upgrade_class_class,
        upgrade_class_los: t(c.upgrade_class_los),
        upgrade_class_payor: c.upgrade_class_payor,
        add_payment_pct: t(c.add_payment_pct),
      }
      : {}),
    discharge_status: duringStay ? "1" : dischargeCode(v.dischargepatient)!,
    tarif_rs: Object.fromEntries(Object.entries(bill).map(([k, n]) => [k, t(n)])),
    nama_dokter: v.dpjp?.fullname ?? "",
    kode_tarif: use.kode_tarif,
    payor_id: use.payor_id,
    payor_cd: use.payor_cd,
  };
  const own = stayCodes(v, exams);
  const codes = Object.fromEntries(
    CODE_FIELDS.map((f) => [f, overrides[f] ?? (f.endsWith("diagnosa") ? own.dx : own.px)]),
  ) as Codes;
  const sources = Object.fromEntries(
    CODE_FIELDS.map((f) => [f, overrides[f] ? "petugas" : own.from]),
  ) as Record<CodeField, CodeSource>;
  const patient = {
    nomor_kartu: v.pasien.nomor_kartu!,
    nomor_sep: sep,
    nomor_rm: v.pasien.erm,
    nama_pasien: v.pasien.fullname,
    tgl_lahir: `${v.pasien.tgl_lahir} 00:00:00`,
    gender: v.pasien.gender === "L" ? 1 : 2,
  };
  const fingerprint = createHash("sha256").update(JSON.stringify({ patient, claim, codes }))
    .digest("hex");
  return {
    sep,
    patient,
    claim: { ...claim, coder_nik: nik },
    codes,
    sources,
    duringStay,
    tarifRs: breakdownSum(bill),
    fingerprint,
  };
}

/** What a stay's grouping is sent with: its data, codes and the coder (409s before any call). */
export async function payloadOf(
  ctx: FlowContext,
  sc: StayClaim,
  use: EklaimUse,
  overrides: BridgeState["overrides"],
): Promise<StayPayload> {
  const missing = missingData(sc.stay);
  if (missing.length) {
    throw conflict(
      `Data untuk E-Klaim belum lengkap: ${missing.map((m) => m.label).join(", ")}. Lengkapi ` +
        "dulu, lalu ulangi.",
    ).with({ missing });
  }
  const nik = await coderNik(ctx.store, ctx.who.userId);
  const needExams = sc.stay.status !== "pulang" || !sc.stay.summary_diagnosis?.length;
  const exams = needExams ? (await visitExams(ctx.store, sc.stay)).map((r) => r.value) : [];
  return await stayPayload(ctx.store, sc.stay, exams, use, overrides, nik, ctx.now);
}

/** The overrides after a request: its lists over the kept ones ('' sent: back to the stay's). */
export function mergeOverrides(
  kept: BridgeState["overrides"],
  fields: Record<string, string | string[]>,
): BridgeState["overrides"] {
  const out = { ...kept };
  for (const [f, v] of Object.entries(readOverrides(fields)) as [CodeField, string[] | null][]) {
    if (v === null) delete out[f];
    else out[f] = v;
  }
  return out;
}
