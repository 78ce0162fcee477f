import { useEffect, useRef, useState } from "react";
import type { TableProps } from "../lib/resource/table_props.ts";
import type { ColumnDef } from "../lib/resource/resource.ts";
import {
  alertDeleted,
  alertDialog,
  confirmDelete,
  confirmDialog,
} from "../components/ui/Dialog.tsx";
import {
  changed,
  fieldsFor,
  FormFields,
  type FormValues,
  payload,
  valuesFrom,
} from "../components/ui/Form.tsx";
import { useFieldErrors } from "../components/ui/use_field_errors.ts";
import { alertError, get, post, useSubmit } from "../components/ui/api.ts";
import { FormModal } from "../components/ui/Modal.tsx";
import { ProgressPanel, useFileImport } from "../components/ui/Progress.tsx";
import { SearchBox, TableFooter, TableView } from "../components/ui/ServerTable.tsx";
import {
  FILE_KIND,
  ImportBar,
  LengthPicker,
  Lookups,
  recordText,
  resourceCell,
  RowButtons,
} from "../components/ui/TableTools.tsx";
import { toast } from "../components/ui/Toast.tsx";
import { type Row, useServerTable } from "../components/ui/use_server_table.ts";

/** A switch cell has its handler; every other cell is text. */
const plainCell = (c: ColumnDef) => c.format !== "switch";

interface FormState {
  id: string;
  version: string;
  values: FormValues;
  /** The values it was opened with (changed ones ask before the form is closed). */
  initial: FormValues;
}

/** A resource's add/edit form: `open(row?)` and its save (`POST {api}/update`). */
function useRecordForm(props: TableProps, uid: string, reload: () => void) {
  const [form, setForm] = useState<FormState | null>(null);
  const errs = useFieldErrors((name) => `${uid}-f-${name}`);
  const sending = useSubmit(errs.fail);
  const saving = sending.busy;
  const open = (row?: Row) => {
    errs.reset();
    const values = valuesFrom(props.fields, row ?? props.defaults);
    setForm({
      id: row ? String(row._id ?? "") : "",
      version: row ? String(row._version ?? "") : "",
      values,
      initial: values,
    });
  };
  const save = async (e: Event) => {
    e.preventDefault();
    if (!form || saving) return;
    const body = payload(
      props.fields,
      form.values,
      new URLSearchParams({ id: form.id, _version: form.version }),
    );
    await sending.save(() => post(`${props.api}/update`, body), () => {
      setForm(null);
      reload();
    });
  };
  return { form, setForm, saving, open, save, errs };
}

/** The import of a file (`POST {api}/import`) with its progress shown. */
function useImport(props: TableProps, reload: () => void) {
  const { job, send } = useFileImport();
  const fileRef = useRef<HTMLInputElement>(null);
  const doImport = async () => {
    const kind = FILE_KIND.replace("Excel ", "");
    const missing = `Harap pilih file ${kind} terlebih dahulu.`;
    const a = await send(fileRef.current, `${props.api}/import`, missing);
    if (!a) return;
    reload();
    alertDialog("Success!", a.message, "success");
  };
  return { job, fileRef, doImport };
}

function RecordModal({ uid, label, fields, f }: {
  uid: string;
  label: string;
  fields: TableProps["fields"];
  f: ReturnType<typeof useRecordForm>;
}) {
  return (
    <FormModal
      open={!!f.form}
      title={`${f.form?.id ? "Edit" : "Tambah"} ${label}`}
      onClose={() => f.setForm(null)}
      dirty={!!f.form && changed(f.form.initial, f.form.values)}
      busy={f.saving}
      formId={`${uid}-form`}
      onSubmit={f.save}
    >
      <input type="hidden" name="id" value={f.form?.id ?? ""} />
      <input type="hidden" name="_version" value={f.form?.version ?? ""} />
      <FormFields
        idPrefix={`${uid}-f`}
        fields={f.form ? fieldsFor(fields, !f.form.id, f.form.initial) : fields}
        values={f.form?.values ?? {}}
        onChange={(values) => f.setForm((x) => x && { ...x, values })}
        errors={f.errs.errors}
        onEdit={f.errs.clear}
      />
    </FormModal>
  );
}

/** One resource's table page (search, add/edit, delete, import, actions); `?edit={id}`: a form. */
export default function DataTable(props: TableProps) {
  const { columns, fields, api, label, canWrite } = props;
  const uid = `dt${api.replace(/\W/g, "-")}`;
  const t = useServerTable({ api, columns, initial: props.initial, pageSize: props.pageSize });
  const f = useRecordForm(props, uid, t.reload);
  const { job, fileRef, doImport } = useImport(props, t.reload);

  const remove = async (row: Row) => {
    if (!await confirmDelete(props.deleteText, recordText(label, columns, row))) return;
    const url = `${api}/delete/${encodeURIComponent(String(row._id))}`;
    t.send(url, { method: "DELETE" }, alertDeleted);
  };

  const act = async (row: Row, a: NonNullable<TableProps["actions"]>[number]) => {
    const record = recordText(label, columns, row);
    if (!await confirmDialog({ title: a.label, text: a.confirm, record })) return;
    const url = `${api}/${a.path}/${encodeURIComponent(String(row._id))}`;
    t.send(url, { method: "POST" }, (msg) => toast({ title: "Success", text: msg }));
  };

  /** A record picked in a quick-find select: read it and open its edit form. */
  const pick = async (id: string) => {
    t.setLoading(true);
    try {
      f.open((await get<{ data: Row }>(`${api}/${encodeURIComponent(id)}`)).data);
    } catch (e) {
      alertError(e);
    }
    t.setLoading(false);
  };

  // `?edit={id}` (where a readiness finding links): that record's form opens on arrival
  useEffect(() => {
    const id = new URL(location.href).searchParams.get("edit");
    if (id && canWrite) pick(id);
  }, []);

  return (
    <div class="dt blockable">
      {job.active && <ProgressPanel progress={job.progress} label={`Impor ${label}`} />}
      <div class="dt-toolbar">
        <LengthPicker
          id={`${uid}-len`}
          pageSize={props.pageSize}
          value={t.length}
          onChange={t.setLength}
        />
        <SearchBox id={`${uid}-q`} onSearch={t.setSearch} onTyping={t.typing} />
        {canWrite && (
          <button type="button" class="btn btn-primary" onClick={() => f.open()}>
            Tambah {label}
          </button>
        )}
      </div>
      {canWrite && props.lookups.length > 0 && (
        <Lookups uid={uid} lookups={props.lookups} onPick={pick} />
      )}
      {canWrite && props.import && (
        <ImportBar
          uid={uid}
          imp={props.import}
          fileRef={fileRef}
          busy={t.loading || job.active}
          onImport={doImport}
        />
      )}
      <TableView
        columns={columns}
        table={t}
        cell={(c, r) => resourceCell(c, r, api, canWrite)}
        plain={plainCell}
        actions={canWrite
          ? (r) => (
            <RowButtons
              row={r}
              deletable={props.deletable}
              actions={props.actions ?? []}
              onEdit={f.open}
              onDelete={remove}
              onAction={act}
            />
          )
          : undefined}
      />
      <TableFooter t={t} />
      <RecordModal uid={uid} label={label} fields={fields} f={f} />
    </div>
  );
}
