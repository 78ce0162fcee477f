import { getHospital, type HospitalProfile } from "./hospital.ts";
import type { Registry } from "../resource/refs.ts";
import type { Store } from "../db/store.ts";

/**
 * Which INA-CBG tariffs apply to this hospital: the regional number ("1".."5") and the E-Klaim
 * `kelas_rs` code (class letter + P for Pemerintah or S for Swasta, e.g. "AP", "CS"). `missing`
 * names the profile parts still needed (empty when both are known).
 */
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
    if (!desc) {
      missing.push(label);
      return null;
    }
    const v = read(desc);
    if (v === null) missing.push(`${label} ("${desc}" ${why})`);
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

/**
 * The hospital's tariff key, from the saved profile with its reference lists as they are now
 * (a renamed or deleted entry shows up in `missing`). Inpatient screens call this to offer only
 * the tariffs that apply, and render `components/HospitalMissing.tsx` while `missing` is not empty.
 */
export async function hospitalTariff(
  store: Store,
  registry: Registry,
): Promise<HospitalTariff> {
  return tariffOf((await getHospital(store, registry)).value);
}

/** One line about the tariff key, for the settings page. */
export function tariffSummary(t: HospitalTariff): string {
  return t.missing.length
    ? `Tarif INA-CBG belum bisa dipilih; lengkapi: ${t.missing.join(", ")}.`
    : `Tarif INA-CBG yang berlaku: Regional ${t.regional}, kelas_rs ${t.kelasRs}.`;
}
