import { useRef, useState } from "react";
import type { ColumnDef } from "../lib/resource/resource.ts";
import type { TableProps } from "../lib/resource/table_props.ts";
import {
  alertDeleted,
  alertDialog,
  confirmDelete,
  confirmDialog,
} from "../components/ui/Dialog.tsx";
import {
  FormFields,
  type FormValues,
  payload,
  postForm,
  valuesFrom,
} from "../components/ui/Form.tsx";
import { formatDateTime, formatMoney } from "../lib/format.ts";
import { FormModal } from "../components/ui/Modal.tsx";
import { Select } from "../components/ui/Select.tsx";
import { SwitchCell } from "../components/ui/SwitchCell.tsx";
import { SearchBox, TableFooter, TableView } from "../components/ui/ServerTable.tsx";
import { toast } from "../components/ui/Toast.tsx";
import { ProgressPanel, useProgress } from "../components/ui/Progress.tsx";
import { messageOf, type Row, useServerTable } from "../components/ui/use_server_table.ts";

interface FormState {
  id: string;
  version: string;
  values: FormValues;
}

const SIZES = [10, 25, 50, 100];

const get = (row: Row, path: string): unknown =>
  path.split(".").reduce<unknown>((v, k) => (v == null ? v : (v as Row)[k]), row);

function cell(c: ColumnDef, row: Row, api: string, canWrite: boolean) {
  const v = get(row, c.data);
  if (c.format === "switch" && !canWrite) return v ? "Ya" : "Tidak";
  if (c.format === "switch") {
    return (
      <SwitchCell
        key={`${row._id}-${row._version}`}
        api={api}
        field={c.data}
        id={String(row._id)}
        value={!!v}
        label={c.title}
      />
    );
  }
  if (c.choices) return c.choices[String(v)] ?? (v == null ? "" : String(v));
  if (c.format === "money") return formatMoney(v);
  if (c.format === "datetime") return formatDateTime(v);
  if (c.format === "bool") return v ? "Ya" : "Tidak";
  if (v == null || v === "") return "";
  return typeof v === "object" ? String((v as Row).desc ?? (v as Row).name ?? "") : String(v);
}

/**
 * Server-side table page of one resource: search, sort, paging, add/edit modal, delete, import
 * and the declared row actions; a role that may not write sees the table only.
 */
export default function DataTable(props: TableProps) {
  const { columns, fields, api, label, canWrite } = props;
  const uid = `dt${api.replace(/\W/g, "-")}`;
  const t = useServerTable({ api, columns, initial: props.initial, pageSize: props.pageSize });
  const job = useProgress();
  const { rows, length, loading, setLoading, reload } = t;
  const [form, setForm] = useState<FormState | null>(null);
  const [saving, setSaving] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  const openForm = (row?: Row) =>
    setForm({
      id: row ? String(row._id ?? "") : "",
      version: row ? String(row._version ?? "") : "",
      values: valuesFrom(fields, row ?? props.defaults),
    });

  const save = async (e: Event) => {
    e.preventDefault();
    if (!form || saving) return;
    const body = payload(
      fields,
      form.values,
      new URLSearchParams({ id: form.id, _version: form.version }),
    );
    setSaving(true);
    try {
      const msg = await postForm(`${api}/update`, body);
      setSaving(false);
      setForm(null);
      toast({ title: "Success", text: msg });
      reload();
    } catch (err) {
      setSaving(false);
      alertDialog("Error!", `Terjadi kesalahan: ${(err as Error).message}`, "error");
    }
  };

  const remove = async (row: Row) => {
    const yes = await confirmDelete(props.deleteText);
    if (!yes) return;
    t.send(`${api}/delete/${encodeURIComponent(String(row._id))}`, { method: "DELETE" }, () => {
      alertDeleted();
    });
  };

  const act = async (row: Row, a: NonNullable<TableProps["actions"]>[number]) => {
    const yes = await confirmDialog({ title: a.label, text: a.confirm });
    if (!yes) return;
    const url = `${api}/${a.path}/${encodeURIComponent(String(row._id))}`;
    t.send(url, { method: "POST" }, (msg) => {
      toast({ title: "Success", text: msg });
    });
  };

  const doImport = async () => {
    const csv = props.import?.format !== "xlsx";
    const file = fileRef.current?.files?.[0];
    if (!file) {
      alertDialog(
        "Stop!",
        `Harap pilih file ${csv ? "CSV" : ".xlsx"} terlebih dahulu.`,
        "warning",
      );
      return;
    }
    const body = new FormData();
    body.append("file", file);
    try {
      const res = await job.run(`${api}/import`, { method: "POST", body });
      const msg = await messageOf(res);
      if (res.status !== 200) return alertDialog("Error!", `Status ${res.status}: ${msg}`, "error");
      if (fileRef.current) fileRef.current.value = "";
      t.reload();
      alertDialog("Success!", msg, "success");
    } catch {
      alertDialog("Error!", "Terjadi kesalahan", "error");
    }
  };

  const sizes = SIZES.includes(props.pageSize)
    ? SIZES
    : [...SIZES, props.pageSize].sort((a, b) => a - b);

  /** A record picked in a quick-find select: read it and open its edit form. */
  const pick = async (id: string) => {
    setLoading(true);
    try {
      const res = await fetch(`${api}/${encodeURIComponent(id)}`);
      if (!res.ok) throw new Error(await messageOf(res));
      openForm((await res.json()).data);
    } catch (e) {
      alertDialog("Error!", `Terjadi kesalahan: ${(e as Error).message}`, "error");
    }
    setLoading(false);
  };

  const imp = props.import;
  return (
    <div class="dt blockable">
      {job.active && <ProgressPanel progress={job.progress} label={`Impor ${label}`} />}
      <div class="dt-toolbar">
        <div class="dt-length">
          <label for={`${uid}-len`}>Tampilkan</label>
          <select
            id={`${uid}-len`}
            value={String(length)}
            onChange={(e) => t.setLength(Number(e.currentTarget.value))}
          >
            {sizes.map((n) => <option key={n} value={String(n)}>{n}</option>)}
          </select>
          <span>data</span>
        </div>
        <SearchBox id={`${uid}-q`} onSearch={t.setSearch} />
        {canWrite && (
          <button type="button" class="btn btn-primary" onClick={() => openForm()}>
            Tambah {label}
          </button>
        )}
      </div>
      {canWrite && props.lookups.length > 0 && (
        <div class="dt-lookups">
          {props.lookups.map((l, i) => (
            <div class="field" key={l.url}>
              <label for={`${uid}-lk${i}`}>{l.label}</label>
              <Select
                id={`${uid}-lk${i}`}
                url={l.url}
                value={null}
                placeholder="Ketik kode atau kata..."
                onChange={(o) => o && pick(o.id)}
              />
            </div>
          ))}
        </div>
      )}
      {canWrite && imp && (
        <div class="dt-import">
          <label for={`${uid}-file`}>
            File impor ({imp.format === "csv" ? "CSV" : "Excel .xlsx"})
          </label>
          <input
            id={`${uid}-file`}
            ref={fileRef}
            type="file"
            accept={imp.format === "csv"
              ? ".csv,text/csv"
              : ".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"}
          />
          <button type="button" class="btn" disabled={loading || job.active} onClick={doImport}>
            Impor
          </button>
          <a class="btn btn-light" href={imp.template} download>Unduh template</a>
          {imp.headers && <small class="muted dt-hint">Kolom: {imp.headers}</small>}
        </div>
      )}
      <TableView
        columns={columns}
        rows={rows}
        order={t.order}
        onSort={t.sortBy}
        loading={loading}
        cell={(c, r) => cell(c, r, api, canWrite)}
        actions={canWrite && ((r) => (
              <>
                <button type="button" class="btn btn-sm btn-light" onClick={() => openForm(r)}>
                  Edit
                </button>
                {props.deletable && (
                  <button
                    type="button"
                    class="btn btn-sm btn-danger"
                    onClick={() => remove(r)}
                  >
                    Hapus
                  </button>
                )}
                {(props.actions ?? []).map((a) => (
                  <button
                    key={a.path}
                    type="button"
                    class="btn btn-sm"
                    onClick={() => act(r, a)}
                  >
                    {a.label}
                  </button>
                ))}
              </>
            )) || undefined}
      />
      <TableFooter t={t} />
      <FormModal
        open={!!form}
        title={`${form?.id ? "Edit" : "Tambah"} ${label}`}
        onClose={() => setForm(null)}
        busy={saving}
        formId={`${uid}-form`}
        onSubmit={save}
      >
        <input type="hidden" name="id" value={form?.id ?? ""} />
        <input type="hidden" name="_version" value={form?.version ?? ""} />
        <FormFields
          idPrefix={`${uid}-f`}
          fields={fields}
          values={form?.values ?? {}}
          onChange={(values) => setForm((f) => f && { ...f, values })}
        />
      </FormModal>
    </div>
  );
}
