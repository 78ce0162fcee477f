import { useState } from "react";
import type { ColumnDef } from "../lib/resource/resource.ts";
import {
  alertDeleted,
  alertDialog,
  confirmDelete,
  confirmDialog,
} from "../components/ui/Dialog.tsx";
import { type FormField, FormFields, type FormValues, payload } from "../components/ui/Form.tsx";
import { formatBytes, formatDateTime, formatNumber } from "../lib/format.ts";
import { Modal } from "../components/ui/Modal.tsx";
import { Pagination } from "../components/ui/Pagination.tsx";
import { SearchBox, TableView } from "../components/ui/ServerTable.tsx";
import { toast } from "../components/ui/Toast.tsx";
import { messageOf, type Row, useServerTable } from "../components/ui/use_server_table.ts";
import { ProgressPanel, useProgress } from "../components/ui/Progress.tsx";

export interface BackupTableProps {
  columns: ColumnDef[];
  pageSize: number;
  initial: { data: Row[]; recordsTotal: number; recordsFiltered: number };
  /** Free space on the backups' disk (bytes, null when unknown); `low` below 2 GB. */
  disk: { free: number | null; low: boolean };
}

const API = "/api/db-backup";
const FIELDS: FormField[] = [
  { name: "name", label: "Nama", required: true },
  { name: "desc", label: "Keterangan", type: "textarea" },
];

const size = (v: unknown) => formatBytes(Number(v));
const cell = (c: ColumnDef, r: Row) =>
  c.data === "created"
    ? formatDateTime(r.created)
    : c.data === "size"
    ? size(r.size)
    : String(r[c.data] ?? "");

/** Database backup list: add (name, desc), restore and delete, each confirmed. */
export default function BackupTable(props: BackupTableProps) {
  const t = useServerTable({ api: API, ...props, order: [0, "desc"] });
  const [form, setForm] = useState<FormValues | null>(null);
  const [saving, setSaving] = useState(false);
  const job = useProgress();
  const [jobLabel, setJobLabel] = useState("");

  /** Runs a backup or restore with its progress shown; the answer's message, or throws. */
  const runJob = async (label: string, url: string, init: RequestInit) => {
    setJobLabel(label);
    const res = await job.run(url, init);
    const msg = await messageOf(res);
    if (res.status !== 200) throw new Error(`Status ${res.status}: ${msg}`);
    return msg;
  };

  const save = async (e: Event) => {
    e.preventDefault();
    if (!form || saving) return;
    setSaving(true);
    const body = payload(FIELDS, form);
    setForm(null);
    try {
      const msg = await runJob("Cadangan", API, { method: "POST", body });
      setSaving(false);
      toast({ title: "Success", text: msg });
      t.reload();
    } catch (err) {
      setSaving(false);
      alertDialog("Error!", `Terjadi kesalahan: ${(err as Error).message}`, "error");
    }
  };

  const restore = async (r: Row) => {
    const yes = await confirmDialog({
      title: "Are you sure?",
      text: `Seluruh basis data akan diganti dengan cadangan "${r.name}".\n` +
        "Keadaan sekarang dicadangkan otomatis lebih dulu.",
      confirmText: "Yes, restore it!",
      danger: true,
    });
    if (!yes) return;
    const url = `${API}/restore/${encodeURIComponent(String(r._id))}`;
    try {
      await runJob("Pemulihan", url, { method: "POST" });
      await alertDialog("Restored!", "Your database has been replaced.", "success");
      location.reload();
    } catch (err) {
      alertDialog("Error!", (err as Error).message, "error");
    }
  };

  const remove = async (r: Row) => {
    const yes = await confirmDelete();
    if (!yes) return;
    const url = `${API}/delete/${encodeURIComponent(String(r._id))}`;
    await t.send(url, { method: "DELETE" }, async () => {
      await alertDeleted();
    });
  };

  const pages = Math.max(1, Math.ceil(t.filtered / t.length));
  const free = props.disk.free;
  return (
    <div class="dt blockable">
      {job.active && <ProgressPanel progress={job.progress} label={jobLabel} />}
      <p
        class={`disk-info${props.disk.low ? " disk-low" : ""}`}
        role={props.disk.low ? "alert" : undefined}
      >
        {free === null
          ? "Ruang disk kosong tidak diketahui."
          : `Ruang disk kosong: ${formatNumber(Math.round(free / 1024 ** 3 * 10) / 10)} GB` +
            (props.disk.low
              ? ". Peringatan: kurang dari 2 GB; cadangan baru bisa gagal. Kosongkan ruang disk."
              : ".")}
      </p>
      <div class="dt-toolbar">
        <SearchBox id="bk-q" onSearch={t.setSearch} />
        <button
          type="button"
          class="btn btn-primary"
          onClick={() => setForm({ name: "", desc: "" })}
        >
          Tambah Backup
        </button>
      </div>
      <TableView
        columns={props.columns}
        rows={t.rows}
        order={t.order}
        onSort={t.sortBy}
        loading={t.loading}
        cell={cell}
        actions={(r) => (
          <>
            <button type="button" class="btn btn-sm btn-light" onClick={() => restore(r)}>
              Restore
            </button>
            <button type="button" class="btn btn-sm btn-danger" onClick={() => remove(r)}>
              Hapus
            </button>
          </>
        )}
      />
      <div class="dt-footer">
        <div class="dt-info">{`${formatNumber(t.filtered)} cadangan`}</div>
        <Pagination page={t.page} count={pages} onPage={t.setPage} />
      </div>
      <Modal
        open={!!form}
        title="Tambah Backup"
        onClose={() => setForm(null)}
        busy={saving}
        footer={
          <>
            <button type="button" class="btn btn-light" onClick={() => setForm(null)}>Batal</button>
            <button type="submit" form="bk-form" class="btn btn-primary">Simpan</button>
          </>
        }
      >
        <form id="bk-form" class="form" onSubmit={save}>
          <FormFields idPrefix="bk-f" fields={FIELDS} values={form ?? {}} onChange={setForm} />
        </form>
      </Modal>
    </div>
  );
}
