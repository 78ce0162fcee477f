import type { Store } from "../db/store.ts";

/** One code as E-Klaim checked it (`*_set` and the import's `expanded[]`). */
export interface CodeVerdict {
  code: string;
  /** E-Klaim's description of the code ('' when it does not know it). */
  display: string;
  /** `validcode` "1": kept by E-Klaim; false: dropped, with E-Klaim's reason. */
  valid: boolean;
  reason: string | null;
  errorNo: string | null;
  /** iDRG procedures: how many times (`+n`). */
  multiplicity?: number;
}

/** A coding as E-Klaim holds it: the diagnoses and procedures, primary first. */
export interface Coding {
  diagnosa: CodeVerdict[];
  procedure: CodeVerdict[];
}

/** A top-up of an iDRG group (stage 2, `topup_codes`). */
export interface TopupOption extends SpecialCmgOption {
  cost_weight: string;
}

/** The iDRG grouping (`response_idrg`); cost weights as E-Klaim writes them. */
export interface IdrgResult {
  mdc_number: string;
  mdc_description: string;
  drg_code: string;
  drg_description: string;
  cost_weight: string;
  total_cost_weight: string;
  /** Rupiah (the national base rate × the total cost weight); null when E-Klaim gave none. */
  total_tarif: number | null;
  topup_options: TopupOption[];
  /** The top-ups applied (stage 2); [] for none. */
  topup: TopupOption[];
  /** MDC 36: ungroupable, not to be finalised. */
  ungroupable: boolean;
}

/** A special CMG offered by an INA-CBG group (stage 2, `special_cmg`). */
export interface SpecialCmgOption {
  code: string;
  description: string;
  type: string;
}

/** A special CMG applied, with what it adds. */
export interface SpecialCmg extends SpecialCmgOption {
  tariff: number;
}

/** The INA-CBG grouping (`response_inacbg`, `special_cmg_option`). */
export interface InacbgResult {
  cbg: { code: string; description: string };
  /** Rupiah; null for an error group. */
  base_tariff: number | null;
  /** The package: the base tariff plus the special CMGs applied. */
  tariff: number | null;
  kelas: string;
  inacbg_version: string;
  special_cmg_options: SpecialCmgOption[];
  special_cmg: SpecialCmg[];
  /** A code beginning `X`: an error group, no stage 2 and no final. */
  error: boolean;
}

/** How far E-Klaim has the claim, as the app last saw it (a hint: each run checks again). */
export interface EklaimStage {
  created: boolean;
  idrgFinal: boolean;
  inacbgFinal: boolean;
  claimFinal: boolean;
  sent: boolean;
}

/** The lists of codes a clerk may give in place of the stay's (E-Klaim's own notation). */
export const CODE_FIELDS = [
  "idrg_diagnosa",
  "idrg_procedure",
  "inacbg_diagnosa",
  "inacbg_procedure",
] as const;
export type CodeField = (typeof CODE_FIELDS)[number];

/** Where a list of codes sent came from. */
export type CodeSource = "ringkasan" | "pemeriksaan" | "petugas";

/** What the bridge keeps of a stay's claim in E-Klaim (`["eklaim_stay", ipdId]`). */
export interface BridgeState {
  sep: string;
  stage: EklaimStage;
  /** The last grouping was made while the patient was still admitted (today as discharge). */
  duringStay: boolean;
  /** What the last grouping sent (dates as E-Klaim got them). */
  sent: {
    tgl_masuk: string;
    tgl_pulang: string;
    kelas_rawat: string;
    discharge_status: string;
    kode_tarif: string;
    tarif_rs: number;
  } | null;
  /** The claim data and codes of the last grouping, to tell a stay changed since. */
  fingerprint: string;
  /** The clerk's lists in place of the stay's, kept until cleared ('' sent). */
  overrides: Partial<Record<CodeField, string[]>>;
  sources: Record<CodeField, CodeSource>;
  idrgCoding: Coding | null;
  /** What `idrg_to_inacbg_import` made of the iDRG codes (IM codes dropped, E2101). */
  imported: Coding | null;
  inacbgCoding: Coding | null;
  idrg: IdrgResult | null;
  inacbg: InacbgResult | null;
  groupedAt: string | null;
  groupedBy: string;
  finalAt: string | null;
  finalBy: string;
  /** E-Klaim's `tgl_kirim` (its wall clock, `YYYY-MM-DD HH:mm:ss`). */
  sentAt: string | null;
}

const keyOf = (ipdId: string): Deno.KvKey => ["eklaim_stay", ipdId];

/** A stay's bridge state before its first run. */
export const emptyState = (sep: string): BridgeState => ({
  sep,
  stage: { created: false, idrgFinal: false, inacbgFinal: false, claimFinal: false, sent: false },
  duringStay: false,
  sent: null,
  fingerprint: "",
  overrides: {},
  sources: Object.fromEntries(CODE_FIELDS.map((f) => [f, "ringkasan"])) as BridgeState["sources"],
  idrgCoding: null,
  imported: null,
  inacbgCoding: null,
  idrg: null,
  inacbg: null,
  groupedAt: null,
  groupedBy: "",
  finalAt: null,
  finalBy: "",
  sentAt: null,
});

/** Stay `ipdId`'s bridge state (null before its first run). */
export async function readState(store: Store, ipdId: string): Promise<BridgeState | null> {
  return (await store.kv.get<BridgeState>(keyOf(ipdId))).value;
}

/** Stores stay `ipdId`'s bridge state (under the claim's lock: one writer at a time). */
export async function writeState(store: Store, ipdId: string, s: BridgeState): Promise<void> {
  await store.kv.set(keyOf(ipdId), s);
}
