import { alertDialog, confirmDialog } from "../components/ui/Dialog.tsx";
import { messageOf } from "../components/ui/use_server_table.ts";
import type { VisitRow } from "../lib/ipd/columns.ts";
import { useVisitList, VisitList, type VisitListProps } from "../components/ipd/VisitList.tsx";

/** Cancels a discharge after confirmation; on success the browser goes to `/ipd`. */
async function cancelDischarge(r: VisitRow, busy: (on: boolean) => void) {
  const yes = await confirmDialog({
    title: "Konfirmasi?",
    text: "Apakah kamu yakin ingin membatalkan status pasien ini?",
    confirmText: "Ya, Batalkan!",
    danger: true,
  });
  if (!yes) return;
  busy(true);
  try {
    const res = await fetch(`/api/ipd/${encodeURIComponent(r._id)}/cancel-discharge`, {
      method: "POST",
    });
    if (res.status === 200) {
      await alertDialog("Berhasil!", "Status Kepulangan pasien sudah dibatalkan.", "success");
      location.href = "/ipd";
      return;
    }
    const msg = await messageOf(res);
    busy(false);
    alertDialog("Error!", msg, "error");
  } catch (e) {
    busy(false);
    alertDialog("Error!", `Terjadi kesalahan: ${(e as Error).message}`, "error");
  }
}

/** The discharged list (`/discharge-patient`): filters, detail, cancel discharge, export. */
export default function DischargeList(props: VisitListProps) {
  const v = useVisitList("pulang", props);
  return (
    <VisitList
      v={v}
      actions={(r, detail) => (
        <>
          <button type="button" class="btn btn-sm btn-light" onClick={detail}>Detail</button>
          {props.canWrite && (
            <button
              type="button"
              class="btn btn-sm btn-danger"
              onClick={() => cancelDischarge(r, v.t.setLoading)}
            >
              Batal Pulang
            </button>
          )}
        </>
      )}
    />
  );
}
