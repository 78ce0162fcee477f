/** What the app needs before staff can record stays: a gap says what is missing and the fix. */
import type { Store } from "../db/store.ts";
import type { Registry } from "../resource/refs.ts";
import { collectionOf, type EmptyReason } from "../resource/resource.ts";
import { screenLink } from "../resource/select2.ts";
import { REGION_LEVELS } from "./address.ts";
import { getHospital, type HospitalProfile, zoneChosen } from "./hospital.ts";
import { tariffKeyOf, tariffOf, tariffSetText } from "./hospital_tariff.ts";
import { readSetting } from "./settings.ts";

/** Where the hospital profile is filled in (the settings page's section). */
export const PROFILE_URL = "/pengaturan#profil-rs";
const PROFILE_LINK = "Lengkapi di Pengaturan › Profil Rumah Sakit";

/** A resource's screen as the fix: 'Impor di Data Master › Tarif INA-CBG' (verb 'Impor'). */
const fixAt = (registry: Registry, name: string, verb: string) =>
  screenLink(registry.get(name), verb) ?? { href: "/", link: verb };

/** Whether a collection holds at least one record (one key read, no index built). */
export async function hasAny(store: Store, collection: string): Promise<boolean> {
  for await (const _ of store.kv.list({ prefix: [collection] }, { limit: 1 })) return true;
  return false;
}

/** The hospital profile: saved, with the regional, class and ownership the tariffs need. */
export async function profileGap(store: Store, registry: Registry): Promise<EmptyReason | null> {
  const p = (await getHospital(store, registry)).value;
  const missing = tariffOf(p).missing;
  if (p && !missing.length) return null;
  return {
    text: p
      ? `Profil rumah sakit belum lengkap: ${missing.join(", ")}.`
      : "Profil rumah sakit belum diisi.",
    href: PROFILE_URL,
    link: PROFILE_LINK,
  };
}

/** The time zone: picked by someone (a fresh install uses WIB until then). */
export async function zoneGap(store: Store): Promise<EmptyReason | null> {
  const p = (await readSetting<HospitalProfile>(store, "hospital")).value;
  if (zoneChosen(p)) return null;
  return {
    text: "Zona waktu rumah sakit belum dipilih; sampai dipilih, semua jam dicatat dalam WIB.",
    href: PROFILE_URL,
    link: "Pilih di Pengaturan › Profil Rumah Sakit",
  };
}

/** The (regional, kelas_rs) sets of the tariffs' unique keys under `key`: one read per set. */
export async function tariffSets(
  store: Store,
  key: Deno.KvKeyPart,
): Promise<{ regional: string; kelasRs: string }[]> {
  const prefix = [key];
  const out: { regional: string; kelasRs: string }[] = [];
  for (let start: Deno.KvKey | null = null; out.length < 100;) {
    let key = "";
    const sel = start ? { prefix, start } : { prefix };
    for await (const e of store.kv.list(sel, { limit: 1 })) key = String(e.key[1]);
    const m = /^Regional (.+?) · (.+?) · /.exec(key);
    if (!m) break;
    out.push({ regional: m[1], kelasRs: m[2] });
    start = [...prefix, tariffKeyOf(m[1], m[2], "\uffff")];
  }
  return out;
}

/** The INA-CBG tariffs: rows for the hospital's regional, class and ownership. */
export async function tariffGap(store: Store, registry: Registry): Promise<EmptyReason | null> {
  const t = tariffOf((await getHospital(store, registry)).value);
  if (t.missing.length) {
    return {
      text: "Tarif INA-CBG dipilih menurut regional, kelas dan kepemilikan rumah sakit; " +
        `profil rumah sakit belum lengkap: ${t.missing.join(", ")}.`,
      href: PROFILE_URL,
      link: PROFILE_LINK,
    };
  }
  // the hospital's own set: one key read; the others are listed only to say what is there
  const col = collectionOf(store, registry.get("inatarif")!);
  const [prefix] = col.uniqueKey("_key", "");
  const range = {
    start: [prefix, tariffKeyOf(t.regional!, t.kelasRs!)],
    end: [prefix, tariffKeyOf(t.regional!, t.kelasRs!, "\uffff")],
  };
  for await (const _ of store.kv.list(range, { limit: 1 })) return null;
  const sets = await tariffSets(store, prefix);
  const mine = tariffSetText(t.regional, t.kelasRs);
  const fix = fixAt(registry, "inatarif", "Impor");
  if (!sets.length) return { text: `Belum ada tarif INA-CBG (perlu ${mine}).`, ...fix };
  const shown = sets.slice(0, 3).map((s) => tariffSetText(s.regional, s.kelasRs));
  if (sets.length > 3) shown.push(`${sets.length - 3} lainnya`);
  return {
    text: `Belum ada tarif INA-CBG untuk rumah sakit ini (${mine}); ` +
      `yang sudah diimpor: ${shown.join("; ")}.`,
    ...fix,
  };
}

/** Doctors: at least one marked `flag` (DPJP, or IGD for the IGD doctor's picker). */
export async function doctorGap(
  store: Store,
  registry: Registry,
  flag: "dpjp" | "igd" = "dpjp",
): Promise<EmptyReason | null> {
  const index = await collectionOf(store, registry.get("doctor")!).index();
  if (index.countWhere(flag, "true") > 0) return null;
  const label = flag.toUpperCase();
  return index.size
    ? {
      text: `Belum ada dokter yang ditandai ${label}.`,
      ...fixAt(registry, "doctor", "Tandai"),
    }
    : { text: "Belum ada dokter.", ...fixAt(registry, "doctor", "Tambahkan") };
}

/** The region lists (province down to village) the addresses are picked from. */
export async function regionGap(store: Store, registry: Registry): Promise<EmptyReason | null> {
  const empty = [];
  for (const l of REGION_LEVELS) if (!await hasAny(store, l.resource)) empty.push(l);
  if (!empty.length) return null;
  return {
    text: `Data wilayah belum diimpor: ${empty.map((l) => l.label).join(", ")} ` +
      "(alamat pasien dipilih dari daftar ini).",
    ...fixAt(registry, empty[0].resource, "Impor"),
  };
}

/** The bilingual ICD-10 list that gives the codes their Indonesian names. */
export const BILINGUAL_ICD_FILE = "icd10_who_en_id_fendis0709.csv";

/** ICD-10 codes stored but none with its Indonesian name (a search for 'demam' finds none). */
export async function icdNamesGap(store: Store, registry: Registry): Promise<EmptyReason | null> {
  const index = await collectionOf(store, registry.get("icd")!).index();
  const named = index.query({
    where: { kind: "icd10" },
    filter: (d) => String(d.desc_indo ?? "").trim() !== "",
    start: 0,
    length: 0,
    countUpTo: 1,
  }).filtered;
  if (named || !index.where("kind", "icd10").length) return null;
  return {
    text: `Nama Indonesia kode ICD-10 belum dimuat: cari dengan nama Inggris atau kode ` +
      `(mis. 'fever', 'A01'), atau impor ${BILINGUAL_ICD_FILE} (kolom kode,nama_en,nama_id).`,
    ...fixAt(registry, "icd", "Impor"),
  };
}
