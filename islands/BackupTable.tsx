import { useRef, useState } from "react";
import type { ColumnDef } from "../lib/resource/resource.ts";
import { alertDeleted, alertDialog } from "../components/ui/Dialog.tsx";
import {
  confirmBackupDelete,
  confirmRestore,
  confirmUpload,
} from "../components/backup/confirm.ts";
import { type FormField, FormFields, type FormValues, payload } from "../components/ui/Form.tsx";
import { formatBytes, formatDateTime, formatNumber } from "../lib/format.ts";
import { FormModal } from "../components/ui/Modal.tsx";
import { Pagination } from "../components/ui/Pagination.tsx";
import { RowButton, SearchBox, TableView } from "../components/ui/ServerTable.tsx";
import { accepted, alertError, ApiError, useSubmit } from "../components/ui/api.ts";
import { type Row, useServerTable } from "../components/ui/use_server_table.ts";
import { ProgressPanel, useProgress } from "../components/ui/Progress.tsx";

export interface BackupTableProps {
  columns: ColumnDef[];
  pageSize: number;
  initial: { data: Row[]; recordsTotal: number; recordsFiltered: number };
  /** Free space on the backups' disk (bytes, null when unknown); `low` below 2 GB. */
  disk: { free: number | null; low: boolean };
  /** The largest backup file accepted to restore from (bytes, `BACKUP_UPLOAD_MAX_MB`). */
  uploadMax: number;
}

const API = "/api/db-backup";
const UPLOAD = `${API}/upload`;
const FIELDS: FormField[] = [
  { name: "name", label: "Nama", required: true },
  { name: "desc", label: "Keterangan", type: "textarea" },
];

const cell = (c: ColumnDef, r: Row) =>
  c.data === "created"
    ? formatDateTime(r.created)
    : c.data === "size"
    ? formatBytes(Number(r.size))
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

/** A backup or restore run with its progress (`start` until a phase): its message, or throws. */
function useJob() {
  const job = useProgress();
  const [jobLabel, setJobLabel] = useState({ label: "", start: "" });
  const runJob = async (label: string, start: string, url: string, init: RequestInit) => {
    setJobLabel({ label, start });
    const res = await job.run(url, init);
    if (!res.ok) throw new ApiError(res.status, `Status ${res.status}: ${res.message}`);
    return accepted(res).message;
  };
  return { job, jobLabel, runJob };
}

/** A backup's row buttons: restore, download (a plain link: the browser saves the file), delete. */
function RowButtons({ r, restore, remove }: {
  r: Row;
  restore: (r: Row) => void;
  remove: (r: Row) => void;
}) {
  return (
    <>
      <RowButton onClick={() => restore(r)}>Restore</RowButton>
      <a class="btn btn-sm btn-light" href={`${API}/download/${r._id}`} download>Unduh</a>
      <RowButton danger onClick={() => remove(r)}>Hapus</RowButton>
    </>
  );
}

/** Restoring a listed backup, or a picked backup file (`fileRef`'s input, `restoreFile`). */
function useRestores(runJob: ReturnType<typeof useJob>["runJob"], uploadMax: number) {
  const run = async (...job: Parameters<typeof runJob>) => {
    try {
      await runJob(...job);
      // the spec's message, then the page again: the data under it has changed
      await alertDialog("Restored!", "Your database has been replaced.", "success");
      location.reload();
    } catch (err) {
      alertError(err, "message");
    }
  };
  const restore = async (r: Row) => {
    if (!await confirmRestore(r)) return;
    const url = `${API}/restore/${encodeURIComponent(String(r._id))}`;
    await run("Pemulihan", "Memulai pemulihan", url, { method: "POST" });
  };

  // a backup file from elsewhere (one downloaded here before): sent as the body, streamed
  const fileRef = useRef<HTMLInputElement>(null);
  const restoreFile = async () => {
    const file = fileRef.current?.files?.[0];
    if (fileRef.current) fileRef.current.value = "";
    if (!file || !await confirmUpload(file, uploadMax)) return;
    const headers = {
      "content-type": "application/octet-stream",
      "x-file-name": encodeURIComponent(file.name),
    };
    const label = "Pemulihan dari berkas";
    await run(label, "Mengunggah berkas", UPLOAD, { method: "POST", body: file, headers });
  };

  return { restore, fileRef, restoreFile };
}

/** Database backups: add, restore, download, delete, and a restore from a file, each confirmed. */
export default function BackupTable(props: BackupTableProps) {
  const t = useServerTable({ api: API, ...props, order: [0, "desc"] });
  const [form, setForm] = useState<FormValues | null>(null);
  const sending = useSubmit(alertError);
  const saving = sending.busy;
  const { job, jobLabel, runJob } = useJob();

  const save = async (e: Event) => {
    e.preventDefault();
    if (!form || saving) return;
    const body = payload(FIELDS, form);
    setForm(null);
    await sending.save(async () => ({
      message: await runJob("Cadangan", "Mencadangkan", API, { method: "POST", body }),
    }), t.reload);
  };

  const { restore, fileRef, restoreFile } = useRestores(runJob, props.uploadMax);

  const remove = async (r: Row) => {
    const yes = await confirmBackupDelete(r);
    if (!yes) return;
    const url = `${API}/delete/${encodeURIComponent(String(r._id))}`;
    await t.send(url, { method: "DELETE" }, alertDeleted);
  };

  const pages = Math.max(1, Math.ceil(t.filtered / t.length));
  return (
    <div class="dt blockable">
      {job.active && (
        <ProgressPanel progress={job.progress} label={jobLabel.label} start={jobLabel.start} />
      )}
      <DiskInfo disk={props.disk} />
      <div class="dt-toolbar">
        <SearchBox id="bk-q" onSearch={t.setSearch} onTyping={t.typing} />
        <button
          type="button"
          class="btn btn-primary"
          onClick={() => setForm({ name: "", desc: "" })}
        >
          Tambah Backup
        </button>
        <button
          type="button"
          class="btn btn-light bk-upload"
          onClick={() => fileRef.current?.click()}
        >
          Pulihkan dari Berkas
        </button>
        <input ref={fileRef} type="file" accept=".kvbak" hidden onChange={restoreFile} />
      </div>
      <TableView
        columns={props.columns}
        table={t}
        cell={cell}
        actions={(r) => <RowButtons r={r} restore={restore} remove={remove} />}
      />
      <div class="dt-footer">
        <div class="dt-info">{`${formatNumber(t.filtered)} cadangan`}</div>
        <Pagination page={t.page} count={pages} onPage={t.setPage} />
      </div>
      <FormModal
        open={!!form}
        title="Tambah Backup"
        onClose={() => setForm(null)}
        busy={saving}
        formId="bk-form"
        onSubmit={save}
      >
        <FormFields idPrefix="bk-f" fields={FIELDS} values={form ?? {}} onChange={setForm} />
      </FormModal>
    </div>
  );
}
