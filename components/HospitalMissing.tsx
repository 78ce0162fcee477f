/** What the hospital profile lacks for the INA-CBG tariffs (`hospitalTariff().missing`), if any. */
export function HospitalMissing({ missing }: { missing: string[] }) {
  if (!missing.length) return null;
  return (
    <div class="alert alert-warning hospital-missing" role="alert">
      <strong>Profil rumah sakit belum lengkap.</strong>{" "}
      Tarif INA-CBG dipilih menurut regional, kelas dan kepemilikan rumah sakit; yang belum ada:
      {" "}
      {missing.join(", ")}. <a href="/pengaturan#profil-rs">Lengkapi di Pengaturan</a>
    </div>
  );
}
