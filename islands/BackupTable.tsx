import { useState } from "react";
import type { ColumnDef } from "../lib/resource.ts";
import { Blocker } from "../components/ui/Blocker.tsx";
import { alertDialog, confirmDialog } from "../components/ui/Dialog.tsx";
import { type FormField, FormFields, type FormValues, payload } from "../components/ui/Form.tsx";
import { formatDateTime, formatNumber } from "../components/ui/format.ts";
import { Modal } from "../components/ui/Modal.tsx";
import { Pagination } from "../components/ui/Pagination.tsx";
import { alignClass, TableHead } from "../components/ui/TableHead.tsx";
import { toast } from "../components/ui/Toast.tsx";
import { messageOf, type Row, useServerTable } from "../components/ui/use_server_table.ts";

export interface BackupTableProps {
  columns: ColumnDef[];
  pageSize: number;
  initial: { data: Row[]; recordsTotal: number; recordsFiltered: number };
}

const API = "/api/db-backup";
const FIELDS: FormField[] = [
  { name: "name", label: "Nama", required: true },
  { name: "desc", label: "Keterangan", type: "textarea" },
];

const size = (v: unknown) => `${formatNumber(Math.max(1, Math.round(Number(v) / 1024)))} KB`;
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

  /** Sends a request with the table blocked; on 200 reloads and reports, else shows the error. */
  const send = async (url: string, init: RequestInit, ok: () => Promise<void>) => {
    t.setLoading(true);
    try {
      const res = await fetch(url, init);
      if (res.status === 200) {
        t.reload();
        return await ok();
      }
      t.setLoading(false);
      alertDialog("Error!", `Status ${res.status}: ${await messageOf(res)}`, "error");
    } catch {
      t.setLoading(false);
      alertDialog("Error!", "Terjadi kesalahan", "error");
    }
  };

  const save = async (e: Event) => {
    e.preventDefault();
    if (!form || saving) return;
    setSaving(true);
    try {
      const res = await fetch(API, { method: "POST", body: payload(FIELDS, form) });
      const d = await res.json().catch(() => ({}));
      if (!res.ok || d.success === false) throw new Error(d.message || `Status ${res.status}`);
      setSaving(false);
      setForm(null);
      toast({ title: "Success", text: d.message || "Data Berhasil di Simpan" });
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
    await send(url, { method: "POST" }, async () => {
      await alertDialog("Restored!", "Your database has been replaced.", "success");
      location.reload();
    });
  };

  const remove = async (r: Row) => {
    const yes = await confirmDialog({
      title: "Are you sure?",
      text: "You won't be able to revert this!",
      confirmText: "Yes, delete it!",
      danger: true,
    });
    if (!yes) return;
    const url = `${API}/delete/${encodeURIComponent(String(r._id))}`;
    await send(url, { method: "DELETE" }, async () => {
      await alertDialog("Deleted!", "Your file has been deleted.", "success");
    });
  };

  const pages = Math.max(1, Math.ceil(t.filtered / t.length));
  return (
    <div class="dt">
      <div class="dt-toolbar">
        <div class="dt-search-box">
          <label for="bk-q">Cari</label>
          <input
            id="bk-q"
            class="dt-search"
            type="search"
            value={t.q}
            autoComplete="off"
            onInput={(e) => t.setQ(e.currentTarget.value)}
          />
        </div>
        <button
          type="button"
          class="btn btn-primary"
          onClick={() => setForm({ name: "", desc: "" })}
        >
          Tambah Backup
        </button>
      </div>
      <div class="dt-wrap blockable" aria-busy={t.loading ? "true" : undefined}>
        <table class="dt-table">
          <TableHead columns={props.columns} order={t.order} onSort={t.sortBy} extra="Aksi" />
          <tbody>
            {t.rows.length
              ? t.rows.map((r) => (
                <tr key={String(r._id)}>
                  {props.columns.map((c, i) => <td key={i} class={alignClass(c)}>{cell(c, r)}</td>)}
                  <td class="actions">
                    <button type="button" class="btn btn-sm btn-light" onClick={() => restore(r)}>
                      Restore
                    </button>
                    <button type="button" class="btn btn-sm btn-danger" onClick={() => remove(r)}>
                      Hapus
                    </button>
                  </td>
                </tr>
              ))
              : (
                <tr>
                  <td colSpan={props.columns.length + 1} class="dt-empty">Tidak ada data</td>
                </tr>
              )}
          </tbody>
        </table>
        <Blocker active={t.loading} />
      </div>
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
