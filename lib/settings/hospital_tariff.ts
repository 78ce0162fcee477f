import { getHospital, type HospitalProfile } from "./hospital.ts";
import type { Registry } from "../resource/refs.ts";
import type { Store } from "../db/store.ts";

/** The INA-CBG tariffs that apply: regional ("1".."5"), `kelas_rs` ("CS"), what is `missing`. */
export interface HospitalTariff {
  regional: string | null;
  kelasRs: string | null;
  missing: string[];
}

/** The tariff key of a profile (pure: descs as stored in it). */
export function tariffOf(p: HospitalProfile | null): HospitalTariff {
  const missing: string[] = [];
  const part = (
    label: string,
    desc: string | undefined,
    read: (d: string) => string | null,
    why: string,
  ) => {
    const v = desc ? read(desc) : null;
    if (v === null) missing.push(desc ? `${label} ("${desc}" ${why})` : label);
    return v;
  };
  const regional = part(
    "Regional",
    p?.regional?.desc,
    (d) => /(?:^|\D)([1-5])(?!\d)/.exec(d)?.[1] ?? null,
    "tidak memuat angka 1-5",
  );
  const letter = part(
    "Kelas Rumah Sakit",
    p?.hospitalClass?.desc,
    (d) => /(?:^|[^a-z])([a-d])(?![a-z])/i.exec(d)?.[1].toUpperCase() ?? null,
    "bukan kelas A, B, C atau D",
  );
  const owner = part(
    "Kepemilikan",
    p?.owner?.desc,
    (d) => /swasta/i.test(d) ? "S" : /pemerintah/i.test(d) ? "P" : null,
    "bukan Pemerintah atau Swasta",
  );
  return { regional, kelasRs: letter && owner ? letter + owner : null, missing };
}

/** The hospital's tariff key from the saved profile, its references as they are now. */
export async function hospitalTariff(
  store: Store,
  registry: Registry,
): Promise<HospitalTariff> {
  return tariffOf((await getHospital(store, registry)).value);
}

/** The national special hospitals' tariff codes, as staff name those hospitals. */
const SPECIAL: Record<string, string> = {
  RSCM: "RSUPN Cipto Mangunkusumo (RSCM)",
  RSJP: "RS Jantung Harapan Kita (RSJP)",
  RSD: "RS Kanker Dharmais (RSD)",
  RSAB: "RSAB Harapan Kita (RSAB)",
};

/** An E-Klaim `kelas_rs` code as staff say it: 'CP' → 'Kelas C, Pemerintah'; else as it is. */
export function kelasRsText(code: string | null | undefined): string {
  const c = String(code ?? "").trim().toUpperCase();
  const m = /^([A-D])([PS])$/.exec(c);
  if (m) return `Kelas ${m[1]}, ${m[2] === "P" ? "Pemerintah" : "Swasta"}`;
  return SPECIAL[c] ?? String(code ?? "");
}

/** A tariff set as staff say it: 'Regional 3, Kelas C, Swasta'. */
export const tariffSetText = (regional: string | null, kelasRs: string | null) =>
  `Regional ${regional}, ${kelasRsText(kelasRs)}`;

/** A tariff's unique key, 'Regional 3 · CS · A-4-10-I' (no `kode`: the start of its set's). */
export const tariffKeyOf = (regional: string, kelasRs: string, kode = "") =>
  `Regional ${regional} · ${kelasRs} · ${kode}`;

/** One line about the tariff key, for the settings page. */
export function tariffSummary(t: HospitalTariff): string {
  return t.missing.length
    ? `Tarif INA-CBG belum bisa dipilih; lengkapi: ${t.missing.join(", ")}.`
    : `Tarif INA-CBG yang berlaku: ${tariffSetText(t.regional, t.kelasRs)}.`;
}
