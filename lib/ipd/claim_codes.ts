import type { StayClaimFields } from "./model.ts";

// The claim data's codes as E-Klaim 5.10 `set_claim_data` takes them, with the manual's labels.

/** The entitled class (hak kelas, `kelas_rawat`). */
export const KELAS_RAWAT: Record<string, string> = {
  "1": "Kelas 1",
  "2": "Kelas 2",
  "3": "Kelas 3",
};

/** How the patient came in (`cara_masuk`). */
export const CARA_MASUK: Record<string, string> = {
  gp: "Rujukan FKTP",
  "hosp-trans": "Rujukan FKRTL",
  mp: "Rujukan Spesialis",
  outp: "Dari Rawat Jalan",
  inp: "Dari Rawat Inap",
  emd: "Dari Rawat Darurat",
  born: "Lahir di RS",
  nursing: "Rujukan Panti Jompo",
  psych: "Rujukan dari RS Jiwa",
  rehab: "Rujukan Fasilitas Rehab",
  other: "Lain-lain",
};

/** The class upgraded to (`upgrade_class_class`; `vvip` is void since 24-01-2024). */
export const UPGRADE_CLASSES: Record<string, string> = {
  kelas_1: "Kelas 1",
  kelas_2: "Kelas 2",
  vip: "VIP (di atas Kelas 1)",
};

/** Who pays the upgrade (`upgrade_class_payor`). */
export const UPGRADE_PAYORS: Record<string, string> = {
  peserta: "Peserta",
  pemberi_kerja: "Pemberi kerja",
  asuransi_tambahan: "Asuransi kesehatan tambahan",
};

/** The upgrades Permenkes 3/2023 Pasal 48 allows from each entitled class (none from class 3). */
export const UPGRADES_FROM: Record<string, string[]> = {
  "1": ["vip"],
  "2": ["kelas_1", "vip"],
  "3": [],
};

/** Most of the VIP surcharge (`add_payment_pct`): 75 % of the class 1 tariff (Pasal 48). */
export const ADD_PAYMENT_MAX = 75;

/** A room's treatment class (first|second|third) as the entitled class it suggests. */
export const HAK_OF_ROOM: Record<string, string> = { first: "1", second: "2", third: "3" };

/** A SEP as E-Klaim keys it: white space dropped, letters in capitals. */
export const normalSep = (v: string): string => v.replace(/\s+/g, "").toUpperCase();

/** A stay's claim data with the defaults of a stay written before they were recorded. */
export function claimFieldsOf(v: Partial<StayClaimFields>): StayClaimFields {
  return {
    nomor_sep: v.nomor_sep ?? "",
    kelas_rawat: v.kelas_rawat ?? "",
    cara_masuk: v.cara_masuk ?? "",
    upgrade_class_class: v.upgrade_class_class ?? "",
    upgrade_class_los: v.upgrade_class_los ?? null,
    upgrade_class_payor: v.upgrade_class_payor ?? "",
    add_payment_pct: v.add_payment_pct ?? null,
    icu_los: v.icu_los ?? 0,
  };
}

/** Words of the origin text (`asal`) that say how the patient came in, first match wins. */
const ORIGIN_HINTS: [RegExp, string][] = [
  [/\b(igd|ugd|gawat|darurat|emergen)/i, "emd"],
  [/\b(lahir|persalinan|partus)/i, "born"],
  [/\b(poli|rawat jalan|rajal)/i, "outp"],
  [/\b(panti)/i, "nursing"],
  [/\b(rsj|rs jiwa|jiwa)/i, "psych"],
  [/\b(rehab)/i, "rehab"],
  [/\b(puskesmas|fktp|klinik|dokter keluarga|praktik|pkm)\b/i, "gp"],
  [/\b(spesialis|sp\.)/i, "mp"],
  [/\b(rs|rsu|rsud|rumah sakit|fkrtl)\b/i, "hosp-trans"],
];

/** The way in the visit form suggests: `emd` for an IGD doctor or ER criterion, else by `asal`. */
export function guessCaraMasuk(f: { igd: boolean; criteria: boolean; asal: string }): string {
  if (f.igd || f.criteria) return "emd";
  return ORIGIN_HINTS.find(([re]) => re.test(f.asal))?.[1] ?? "";
}

/** The upgrade of a stay in words ('VIP (di atas Kelas 1), 3 hari, Peserta, +35 %'), '' none. */
export function upgradeText(c: StayClaimFields): string {
  if (!c.upgrade_class_class) return "";
  const pct = c.add_payment_pct !== null && c.upgrade_class_class === "vip"
    ? `, tambahan ${String(c.add_payment_pct).replace(".", ",")} %`
    : "";
  return `${UPGRADE_CLASSES[c.upgrade_class_class] ?? c.upgrade_class_class}, ` +
    `${c.upgrade_class_los ?? "-"} hari, ${
      UPGRADE_PAYORS[c.upgrade_class_payor] ?? c.upgrade_class_payor
    }${pct}`;
}
