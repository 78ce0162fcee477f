import { useState } from "react";
import { alertDeleted, confirmDelete } from "../components/ui/Dialog.tsx";
import type { VisitRow } from "../lib/ipd/columns.ts";
import { VisitForm } from "../components/ipd/VisitForm.tsx";
import { stayRecord } from "../components/ipd/cells.tsx";
import { RowButton } from "../components/ui/ServerTable.tsx";
import { useVisitList, VisitList, type VisitListProps } from "../components/ipd/VisitList.tsx";

/** The inpatient visit list (`/ipd`): filters, add/edit, detail, examinations, delete. */
export default function IpdList(props: VisitListProps) {
  const v = useVisitList("dirawat", props);
  const [form, setForm] = useState<{ row?: VisitRow } | null>(null);

  const remove = async (r: VisitRow) => {
    const yes = await confirmDelete(undefined, stayRecord(r));
    if (!yes) return;
    v.t.send(`/api/ipd/${encodeURIComponent(r._id)}`, { method: "DELETE" }, alertDeleted);
  };

  return (
    <>
      <VisitList
        v={v}
        tools={props.canWrite && (
          <button
            type="button"
            class="btn btn-primary"
            onClick={() => setForm({})}
          >
            Tambah Kunjungan
          </button>
        )}
        actions={(r, detail) => (
          <div class="row-actions">
            <RowButton onClick={detail}>Detail</RowButton>
            {props.canWrite && <RowButton onClick={() => setForm({ row: r })}>Edit</RowButton>}
            <a class="btn btn-sm btn-light" href={`/ipd/${encodeURIComponent(r._id)}`}>
              Pemeriksaan
            </a>
            {props.canWrite && <RowButton danger onClick={() => remove(r)}>Hapus</RowButton>}
          </div>
        )}
      />
      {form && (
        <VisitForm
          row={form.row}
          onClose={() => setForm(null)}
          onSaved={() => {
            setForm(null);
            v.t.reload();
          }}
        />
      )}
    </>
  );
}
