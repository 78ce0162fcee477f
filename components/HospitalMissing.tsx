/** The settings page section where the hospital profile is filled in. */
export const HOSPITAL_SETTINGS_URL = "/pengaturan#profil-rs";

/**
 * Tells that the hospital profile lacks what the INA-CBG tariffs need, with a link to the
 * settings section. Render it with `(await hospitalTariff(store, registry)).missing` (lib/settings/hospital_tariff.ts);
 * it renders nothing when that is empty. Plain markup: usable on a page or inside an island.
 */
export function HospitalMissing({ missing }: { missing: string[] }) {
  if (!missing.length) return null;
  return (
    <div class="alert alert-warning hospital-missing" role="alert">
      <strong>Profil rumah sakit belum lengkap.</strong>{" "}
      Tarif INA-CBG dipilih menurut regional, kelas dan kepemilikan rumah sakit; yang belum ada:
      {" "}
      {missing.join(", ")}. <a href={HOSPITAL_SETTINGS_URL}>Lengkapi di Pengaturan</a>
    </div>
  );
}
