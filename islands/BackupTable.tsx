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
import { type Row, useServerTable } from "../components/ui/use_server_table.ts";
import { accepted, alertError, ApiError } from "../components/ui/api.ts";
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

/** Free space on the backups' disk, and a warning when it is low. */
function DiskInfo({ disk }: { disk: BackupTableProps["disk"] }) {
  const free = disk.free;
  return (
    <p
      class={`disk-info${disk.low ? " disk-low" : ""}`}
      role={disk.low ? "alert" : undefined}
    >
      {free === null
        ? "Ruang disk kosong tidak diketahui."
        : `Ruang disk kosong: ${formatNumber(Math.round(free / 1024 ** 3 * 10) / 10)} GB` +
          (disk.low
            ? ". Peringatan: kurang dari 2 GB; cadangan baru bisa gagal. Kosongkan ruang disk."
            : ".")}
    </p>
  );
}

/** A backup or restore run with its progress shown: `runJob` gives the message, or throws. */
function useJob() {
  const job = useProgress();
  const [jobLabel, setJobLabel] = useState("");
  const runJob = async (label: string, url: string, init: RequestInit) => {
    setJobLabel(label);
    const res = await job.run(url, init);
    if (!res.ok) throw new ApiError(res.status, `Status ${res.status}: ${res.message}`);
    return accepted(res).message;
  };
  return { job, jobLabel, runJob };
}

const confirmRestore = (name: string) =>
  confirmDialog({
    title: "Are you sure?",
    text: `Seluruh basis data akan diganti dengan cadangan "${name}".\n` +
      "Keadaan sekarang dicadangkan otomatis lebih dulu.",
    confirmText: "Yes, restore it!",
    danger: true,
  });

/** Database backup list: add (name, desc), restore and delete, each confirmed. */
export default function BackupTable(props: BackupTableProps) {
  const t = useServerTable({ api: API, ...props, order: [0, "desc"] });
  const [form, setForm] = useState<FormValues | null>(null);
  const [saving, setSaving] = useState(false);
  const { job, jobLabel, runJob } = useJob();

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
      alertError(err);
    }
  };

  const restore = async (r: Row) => {
    if (!await confirmRestore(String(r.name))) return;
    const url = `${API}/restore/${encodeURIComponent(String(r._id))}`;
    try {
      await runJob("Pemulihan", url, { method: "POST" });
      await alertDialog("Restored!", "Your database has been replaced.", "success");
      location.reload();
    } catch (err) {
      alertError(err, "message");
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
  return (
    <div class="dt blockable">
      {job.active && <ProgressPanel progress={job.progress} label={jobLabel} />}
      <DiskInfo disk={props.disk} />
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
