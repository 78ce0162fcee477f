/** The 'Mode demo' badge, shown while the server runs its own demo licence service. */
export function DemoBadge({ code }: { code?: string }) {
  if (!code) return null;
  return (
    <span
      class="demo-badge"
      title={`Layanan lisensi demo berjalan di server ini (Kode Rumah Sakit ${code}). ` +
        "Atur LICENCE_URL untuk pemakaian nyata."}
    >
      Mode demo
    </span>
  );
}
