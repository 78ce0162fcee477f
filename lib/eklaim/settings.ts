import { z } from "zod";
import { conflict } from "../errors.ts";
import type { Registry } from "../resource/refs.ts";
import type { TableField } from "../resource/table_props.ts";
import { parseOr400, text } from "../resource/validate.ts";
import type { Store } from "../db/store.ts";
import { getHospital } from "../settings/hospital.ts";
import { kelasRsText, tariffOf } from "../settings/hospital_tariff.ts";
import { readForUpdate, readSettingKept, writeSetting } from "../settings/settings.ts";
import type { EklaimSettings } from "./client.ts";
import { keyProblem } from "./crypto.ts";

/** E-Klaim's web service as set up (`["setting", "eklaim"]`); the audit scrub drops `secretKey`. */
export interface EklaimSetting {
  /** `http://<server>/E-Klaim/ws.php`; '' while not set up. */
  url: string;
  /** The hospital's key (64 hex characters); '' while not set. Never answered or logged. */
  secretKey: string;
  /** E-Klaim's Setup → Jaminan: Payplan ID and Code (JKN: 3 / JKN). */
  payor_id: string;
  payor_cd: string;
  /** The tariff code sent (`kode_tarif`); '' follows the hospital profile. */
  kode_tarif: string;
  /** How long one call may take, in seconds. */
  timeout: number;
}

/** The tariff codes of `set_claim_data` (manual 04-katalog-method/04). */
export const KODE_TARIF = [
  "AP",
  "AS",
  "BP",
  "BS",
  "CP",
  "CS",
  "DP",
  "DS",
  "RSCM",
  "RSJP",
  "RSD",
  "RSAB",
];

/** The defaults: JKN's payor, 20 seconds a call. */
export const EKLAIM_DEFAULTS = { payor_id: "3", payor_cd: "JKN", timeout: 20 };

/** The section as the API and page answer it: never the key, only whether one is set. */
export interface EklaimSettingView extends Omit<EklaimSetting, "secretKey"> {
  keySet: boolean;
  /** What the hospital profile gives (class and ownership), null while it cannot. */
  kode_tarif_profil: string | null;
  /** What is sent: the override, else the profile's; null when neither. */
  kode_tarif_berlaku: string | null;
  _version: string;
}

const schema = z.object({
  url: text("Alamat E-Klaim", { required: false, max: 300 }).refine(
    (v) => !v || /^https?:\/\/[^\s/?#]+\/\S*$/i.test(v),
    { error: "Alamat E-Klaim harus http://<alamat komputer E-Klaim>/E-Klaim/ws.php." },
  ),
  key: z.string().trim().optional().refine((v) => !v || !keyProblem(v), {
    error: (i) => keyProblem(String(i.input).trim()) ?? "",
  }),
  payor_id: z.string().trim().optional().refine((v) => !v || /^\d{1,5}$/.test(v), {
    error: "Payor ID harus angka (Payplan ID di E-Klaim: Setup → Jaminan; JKN: 3).",
  }),
  payor_cd: z.string().trim().optional().refine((v) => !v || /^[A-Za-z0-9_-]{1,20}$/.test(v), {
    error: "Kode payor hanya huruf dan angka, paling banyak 20 (Code di Setup → Jaminan; JKN).",
  }),
  kode_tarif: z.string().trim().toUpperCase().optional().refine(
    (v) => !v || KODE_TARIF.includes(v),
    {
      error: `Kode tarif harus kosong (ikut profil RS) atau salah satu: ${KODE_TARIF.join(", ")}.`,
    },
  ),
  timeout: z.string().trim().optional().refine(
    (v) => !v || (/^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= 120),
    { error: "Batas waktu harus 1 sampai 120 detik." },
  ),
});

/** The settings form's fields (the key is write-only: the form starts it empty). */
export const EKLAIM_FIELDS: TableField[] = [
  { name: "url", label: "Alamat web service E-Klaim", hint: "http://192.168.1.20/E-Klaim/ws.php" },
  {
    name: "key",
    label: "Kunci enkripsi (64 karakter)",
    type: "password",
    hint: "E-Klaim: Setup → Integrasi → SIMRS. Kosongkan untuk tetap memakai kunci tersimpan.",
  },
  { name: "payor_id", label: "Payor ID", hint: "JKN: 3" },
  { name: "payor_cd", label: "Kode payor", hint: "JKN" },
  {
    name: "kode_tarif",
    label: "Kode tarif",
    type: "select",
    choices: [
      { id: "", text: "Ikuti profil rumah sakit" },
      ...KODE_TARIF.map((k) => ({ id: k, text: `${k} (${kelasRsText(k)})` })),
    ],
  },
  { name: "timeout", label: "Batas waktu per panggilan (detik)", type: "number", hint: "20" },
];

const read = (row: { value: EklaimSetting | null }): EklaimSetting => ({
  url: "",
  secretKey: "",
  kode_tarif: "",
  ...EKLAIM_DEFAULTS,
  ...row.value,
});

/** The section without its key, for the audit (whether a key is set stands in for it). */
const audited = ({ secretKey, ...rest }: EklaimSetting) => ({ ...rest, keySet: !!secretKey });

/** The section as answered (see `EklaimSettingView`), with the profile's tariff code. */
export async function getEklaimSetting(
  store: Store,
  registry: Registry,
): Promise<EklaimSettingView> {
  const row = await readSettingKept<EklaimSetting>(store, "eklaim");
  const s = read(row);
  const profil = tariffOf((await getHospital(store, registry)).value).kelasRs;
  return {
    ...audited(s),
    kode_tarif_profil: profil,
    kode_tarif_berlaku: s.kode_tarif || profil,
    _version: row.versionstamp ?? "",
  };
}

/** Validates and saves the section (`key` empty: kept): the audit's before and after. */
export async function saveEklaimSetting(
  store: Store,
  fields: Record<string, string>,
): Promise<{ before: object; after: object; keyReplaced: boolean }> {
  const input = parseOr400(schema, fields);
  const cur = await readForUpdate<EklaimSetting>(store, "eklaim", fields._version);
  const was = read(cur);
  const value: EklaimSetting = {
    url: input.url,
    secretKey: input.key || was.secretKey,
    payor_id: input.payor_id || EKLAIM_DEFAULTS.payor_id,
    payor_cd: input.payor_cd || EKLAIM_DEFAULTS.payor_cd,
    kode_tarif: input.kode_tarif ?? "",
    timeout: input.timeout ? Number(input.timeout) : EKLAIM_DEFAULTS.timeout,
  };
  await writeSetting(store, "eklaim", cur, value, [], audited);
  return {
    before: audited(was),
    after: audited(value),
    keyReplaced: !!input.key && input.key !== was.secretKey,
  };
}

/** What the flow needs of the settings: the connection and the claim's payor and tariff. */
export interface EklaimUse {
  connection: EklaimSettings;
  payor_id: string;
  payor_cd: string;
  kode_tarif: string;
}

/** The settings the flow calls E-Klaim with, or 409 naming what the administrator must fill in. */
export async function eklaimUse(store: Store, registry: Registry): Promise<EklaimUse> {
  const s = read(await readSettingKept<EklaimSetting>(store, "eklaim"));
  const missing: string[] = [];
  if (!s.url) missing.push("alamat web service");
  if (!s.secretKey) missing.push("kunci enkripsi");
  const kode = s.kode_tarif ||
    tariffOf((await getHospital(store, registry)).value).kelasRs;
  if (!kode) missing.push("kode tarif (lengkapi kelas dan kepemilikan di Profil Rumah Sakit)");
  if (missing.length) {
    throw conflict(
      `Pengaturan E-Klaim belum lengkap: ${missing.join(", ")}. Administrator mengisinya di ` +
        "Pengaturan → E-Klaim.",
    );
  }
  return {
    connection: { url: s.url, keyHex: s.secretKey, timeoutMs: s.timeout * 1000 },
    payor_id: s.payor_id,
    payor_cd: s.payor_cd,
    kode_tarif: kode!,
  };
}

/** What the settings page says under the section: the key set or not, the tariff code sent. */
export function eklaimSummary(v: EklaimSettingView): string {
  const key = v.keySet ? "Kunci tersimpan (tidak ditampilkan)." : "Kunci belum diisi.";
  const kode = v.kode_tarif_berlaku
    ? `Kode tarif yang dikirim: ${v.kode_tarif_berlaku} (${kelasRsText(v.kode_tarif_berlaku)}), ${
      v.kode_tarif ? "dipilih di sini" : "dari Profil Rumah Sakit"
    }.`
    : "Kode tarif belum diketahui: lengkapi kelas dan kepemilikan di Profil Rumah Sakit, atau pilih di sini.";
  return `${key} ${kode}`;
}
