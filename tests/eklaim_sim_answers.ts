import type { CodeSystem } from "./eklaim_sim_grouper.ts";

/** A JSON object as the simulator reads and answers it. */
export type Json = Record<string, unknown>;

/** One coding stage (iDRG or INA-CBG) of a claim. */
export interface SimStage {
  diagnosa: string[];
  procedure: string[];
  /** The last grouper answer for the current coding (`response_idrg`, or INA-CBG's parts). */
  result: Json | null;
  /** The result cannot be finalised: MDC 36 (iDRG) or an X group (INA-CBG). */
  bad: boolean;
  final: boolean;
}

/** One claim (SEP) as the simulator holds it. */
export interface SimClaim {
  sep: string;
  patient: Json;
  ids: { patient_id: number; admission_id: number; hospital_admission_id: number };
  /** What `set_claim_data` stored, merged. */
  data: Json;
  idrg: SimStage;
  inacbg: SimStage;
  final: boolean;
  groupedAt: string | null;
  sent: { status: "0" | "1"; at: string | null };
}

/** What the answers depend on (the simulator's live options). */
export interface SimRules {
  ungroupableDx: string[];
  xGroupDx: string[];
  /** Registered coder NIKs; null accepts any. */
  coders: string[] | null;
  send: "ok" | "2029";
  now: () => Date;
}

/** A success answer (with `metadata.method` when given, as the `*_set` methods answer). */
export const OK = (extra: Json = {}, method?: string): Json => ({
  metadata: { code: 200, message: "Ok", ...(method ? { method } : {}) },
  ...extra,
});
/** An error answer: code 400, E-Klaim's message and, when known, its number. */
export const ERR = (no: string | null, message: string, extra: Json = {}): Json => ({
  metadata: { code: 400, message, ...(no ? { error_no: no } : {}) },
  ...extra,
});
/** The errors the manual and PROTOCOL.md number, and two stand-ins. */
export const E = {
  params: () => ERR("E2030", "Parameter tidak lengkap"),
  notFound: () => ERR("E2004", "Nomor SEP tidak ditemukan"),
  final: () => ERR("E2009", "Klaim sudah final"),
  notGrouped: () => ERR("E2017", "Klaim belum digrouping"),
  invalid: () => ERR("E2063", "Hasil grouper tidak valid"),
  stageFinal: (s: CodeSystem) =>
    ERR("E2102", `${s === "idrg" ? "iDRG" : "INA-CBG"} coding sudah final`),
  idrgOpen: () => ERR("E2103", "iDRG coding belum final"),
  inacbgOpen: () => ERR("E2104", "INA-CBG coding belum final"),
  ungroupable: () => ERR("E2105", "Hasil grouping iDRG ungroupable"),
  // Stand-ins: the manual names no number for these.
  coder: () => ERR(null, "NIK Coder tidak terdaftar"),
  notFinal: () => ERR(null, "Klaim belum final"),
};

/** An empty coding stage. */
export const stage = (): SimStage => ({
  diagnosa: [],
  procedure: [],
  result: null,
  bad: false,
  final: false,
});
/** `YYYY-MM-DD hh:mm:ss` (UTC) as E-Klaim writes dates. */
export const stamp = (d: Date) => d.toISOString().slice(0, 19).replace("T", " ");
/** A value as text ("" for null and undefined). */
export const str = (v: unknown) => (v == null ? "" : String(v));

/** E2030 without a coder NIK; refused when coders are registered and this one is not. */
export function coderRefused(rules: SimRules, nik: unknown): Json | null {
  if (str(nik) === "") return E.params();
  return rules.coders && !rules.coders.includes(str(nik)) ? E.coder() : null;
}
