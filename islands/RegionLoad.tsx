import { ProgressPanel, useProgress } from "../components/ui/Progress.tsx";
import { accepted, alertError } from "../components/ui/api.ts";
import { alertDialog } from "../components/ui/Dialog.tsx";

/** The checklist's 'Muat data wilayah resmi': loads `list` with its progress, then reloads. */
export default function RegionLoad({ list }: { list: string }) {
  const job = useProgress();
  const load = async () => {
    try {
      const res = await job.run("/api/setup/official-regions", {
        method: "POST",
        body: new URLSearchParams({ list }),
      });
      await alertDialog("Berhasil", accepted(res).message, "success");
      location.reload();
    } catch (e) {
      await alertError(e, "status");
    }
  };
  return (
    <div class={`region-load${job.active ? " busy" : ""}`}>
      <button type="button" class="btn btn-primary btn-sm" disabled={job.active} onClick={load}>
        Muat data wilayah resmi
      </button>
      <small>
        Kepmendagri No 300.2.2-2138 Tahun 2025, disertakan dengan aplikasi (data cahyadsn/wilayah,
        lisensi MIT): 38 provinsi, 514 kabupaten/kota, 7.285 kecamatan, 83.762 kelurahan/desa.
        Dimuat sekali; semua atau tidak sama sekali per tingkat.
      </small>
      {job.active && (
        <ProgressPanel progress={job.progress} label="Muat data wilayah resmi" start="Memulai" />
      )}
    </div>
  );
}
