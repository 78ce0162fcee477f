import { badRequest } from "../lib/errors.ts";
import { collectionOf, defineResource } from "../lib/resource/resource.ts";
import { type Field, model } from "../lib/resource/fields.ts";
import type { Store } from "../lib/db/store.ts";
import { money } from "../lib/resource/validate.ts";
import { kelasRsText, tariffKeyOf } from "../lib/settings/hospital_tariff.ts";
import { tariffGap } from "../lib/settings/setup_checks.ts";
import { formatMoney } from "../lib/format.ts";
import { KODE_TARIF } from "../lib/eklaim/settings.ts";
import { CLASS_TYPES } from "./class_room.ts";
import inacbg, { groupMatch, INACBG_CODE, INACBG_HINT } from "./inacbg.ts";

const CODE = new RegExp(`^${INACBG_CODE}$`);

/** Official class ratios against kelas 3 for inpatient groups. */
export const RATIOS = { 2: 1.165, 1: 1.33 };

const CLASSES = [3, 2, 1] as const;
/** Sent with a row (or an import) but neither shown nor edited. */
const hidden = { column: false, form: false } as const;

/** The description of a grouping code from the INA-CBG group list ('' when unknown). */
async function groupDesc(store: Store, kode: string): Promise<string> {
  const index = await collectionOf(store, inacbg).index();
  return String(index.where("kode", kode.trim().toUpperCase())[0]?.value.deskripsi ?? "");
}
const round100 = (n: number) => Math.round(n / 100) * 100;

/** 'A' + 'SWASTA' → 'AS'; a full code is kept; anything else is refused. */
export function tariffCode(kelas: string, owner: string): string {
  const k = kelas.trim().toUpperCase();
  if (KODE_TARIF.includes(k)) return k;
  const o = owner.trim().toUpperCase();
  const suffix = /^PEM|^P$/.test(o) ? "P" : /^SWA|^S$/.test(o) ? "S" : "";
  if (/^[A-D]$/.test(k) && suffix) return k + suffix;
  throw badRequest(
    /^[A-D]$/.test(k)
      ? `Kepemilikan wajib diisi (PEMERINTAH atau SWASTA) untuk kelas RS ${k}.`
      : `Kelas RS "${kelas}" tidak dikenal (pakai ${KODE_TARIF.join(", ")}).`,
  );
}

/** Inpatient groups: case types 1 (procedure), 4 (non-procedure) and 6 (obstetric). */
export const isInpatient = (code: string, jenis = "") =>
  jenis ? /^inap|^ri$/i.test(jenis.trim()) : /^[A-Z]-[146]-/.test(code.trim().toUpperCase());

/** Why a tariff breaks the official class pattern (published tariffs round to Rp 100). */
export function ratioWarning(t: Record<string, unknown>): string | undefined {
  if (!isInpatient(String(t.kode_inacbg), String(t.jenis_rawat ?? ""))) return undefined;
  const k3 = Number(t.tarif_kelas_3);
  const off = ([2, 1] as const).filter((k) =>
    Math.abs(Number(t[`tarif_kelas_${k}`]) - round100(RATIOS[k] * k3)) > 100
  );
  return off.length
    ? `${t.kode_inacbg}: tarif kelas ${off.join(" dan ")} tidak sesuai pola resmi ` +
      "(kelas 2 = 1,165 × kelas 3; kelas 1 = 1,33 × kelas 3)."
    : undefined;
}

/** Per class: the plain number sent with the money input, and the input shown as rupiah. */
const tariffs = Object.fromEntries(CLASSES.flatMap((k, i): [string, Field][] => {
  const label = `Tarif Kelas ${k}`, stored = `tarif_kelas_${k}`, check = money(label);
  const group = i === 0 ? { group: { title: "Tarif", span: 3 } } : {};
  return [[`tarif_Kelas${k}`, { label, check, ...hidden }], [`tarif_RS_Kelas${k}`, {
    label,
    check,
    column: { data: stored, title: `Kelas ${k}`, format: "money", ...group },
    form: { raw: `tarif_Kelas${k}`, source: stored, type: "money", required: true },
  }]];
}));

const tariffModel = model({
  regional: {
    label: "Regional",
    check: { max: 20 },
    form: { choices: ["1", "2", "3", "4", "5"].map((r) => ({ id: r, text: `Regional ${r}` })) },
  },
  kelas_rs: {
    label: "Kelas RS",
    check: { max: 10 },
    // shown and offered as staff say them ('Kelas C, Pemerintah'); stored as E-Klaim codes
    choices: Object.fromEntries(KODE_TARIF.map((c) => [c, kelasRsText(c)])),
  },
  kepemilikan: { label: "Kepemilikan", check: { max: 20, required: false }, ...hidden },
  jenis_rawat: { label: "Jenis Rawat", check: { max: 10, required: false }, ...hidden },
  kode: {
    label: "Kode INA-CBG",
    check: { max: 20 },
    column: { data: "kode_inacbg" },
    form: {
      source: "kode_inacbg",
      placeholder: "mis. A-4-10-I",
      pattern: INACBG_CODE,
      maxLength: 20,
      hint: INACBG_HINT,
    },
  },
  desc: {
    label: "Deskripsi",
    check: { max: 500, required: false, trim: false },
    column: { data: "desc_inacbg" },
    form: { source: "desc_inacbg", type: "textarea" },
  },
  ...tariffs,
});

/** INA-CBG tariffs per regional and tariff code; (regional, kelas_rs, kode) is unique. */
export default defineResource({
  name: "inatarif",
  label: "Tarif INA-CBG",
  page: { path: "/tarif-inacbg", group: "Data Master" },
  ...tariffModel,
  search: ["kode_inacbg", "desc_inacbg", "kelas_rs", "regional"],
  unique: ["_key"],
  labels: { ...tariffModel.labels, _key: "Regional, kelas RS dan kode" },
  params: { regional: "regional", kelas_rs: "kelas_rs" },
  selects: {
    select2: {
      match: ([kode, desc], q) => groupMatch(kode, [desc], q),
      // an empty grouping picker says why: the profile, or tariffs of another regional or class
      whyEmpty: ({ store, registry }) => tariffGap(store, registry),
    },
  },
  pageSize: 100,
  optionText: (d) => `${d.kode_inacbg} - ${String(d.desc_inacbg ?? "").trim()}`,
  single: (d) =>
    CLASSES.map((k) => ({
      id: Object.keys(CLASS_TYPES)[k - 1],
      text: `Kelas ${k} - ${formatMoney(d[`tarif_kelas_${k}`])}`,
      value: Number(d[`tarif_kelas_${k}`]),
    })),
  import: {
    key: "_key",
    maxRows: 100_000,
    warn: ratioWarning,
    template: [
      "regional",
      "kelas_rs",
      "kepemilikan",
      "jenis_rawat",
      "kode_inacbg",
      "desc_inacbg",
      ...CLASSES.map((k) => `tarif_kelas_${k}`),
    ],
    aliases: {
      kode: ["kode_inacbg", "kode_ina_cbg", "inacbg"],
      desc: ["desc_inacbg", "deskripsi", "description"],
      kelas_rs: ["kelas", "tarif_code"],
      ...Object.fromEntries(
        CLASSES.map((
          k,
        ) => [`tarif_Kelas${k}`, [`tarif_kelas_${k}`, `tarif_kelas${k}`, `kelas${k}`]]),
      ),
    },
  },
  async prepare(doc, { store }) {
    const regional = String(doc.regional).match(/[1-5]/)?.[0];
    if (!regional) throw badRequest(`Regional "${doc.regional}" tidak dikenal (pakai 1 sampai 5).`);
    const kelas_rs = tariffCode(String(doc.kelas_rs), String(doc.kepemilikan ?? ""));
    const kode = String(doc.kode).trim().toUpperCase();
    if (!CODE.test(kode)) {
      throw badRequest(`Kode INA-CBG "${doc.kode}" tidak sesuai format. ${INACBG_HINT}`);
    }
    const out: Record<string, unknown> = {
      regional,
      kelas_rs,
      jenis_rawat: String(doc.jenis_rawat ?? "").trim().toUpperCase() ||
        (isInpatient(String(doc.kode)) ? "INAP" : "JALAN"),
      kode_inacbg: kode,
      desc_inacbg: doc.desc || await groupDesc(store, String(doc.kode)),
    };
    for (const k of CLASSES) {
      const v = doc[`tarif_Kelas${k}`] ?? doc[`tarif_RS_Kelas${k}`];
      if (v == null) throw badRequest(`Tarif Kelas ${k} wajib diisi dengan angka.`);
      out[`tarif_kelas_${k}`] = v;
    }
    out._key = tariffKeyOf(regional, kelas_rs, kode);
    return out;
  },
});
