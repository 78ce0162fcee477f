import type { Ref } from "preact";
import type { ColumnDef } from "../../lib/resource/resource.ts";
import type { TableProps } from "../../lib/resource/table_props.ts";
import { formatDateTime, formatDay, formatMoney } from "../../lib/format.ts";
import { Select } from "./Select.tsx";
import { RowButton } from "./ServerTable.tsx";
import { SwitchCell } from "./SwitchCell.tsx";
import type { Row } from "./use_server_table.ts";

const SIZES = [10, 25, 50, 100];

const get = (row: Row, path: string): unknown =>
  path.split(".").reduce<unknown>((v, k) => (v == null ? v : (v as Row)[k]), row);

/** A resource table's cell, as its column's format says (a switch saves at once). */
export function resourceCell(c: ColumnDef, row: Row, api: string, canWrite: boolean) {
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
  if (c.format === "date") return v ? formatDay(v) : "";
  if (c.format === "bool") return v ? "Ya" : "Tidak";
  if (v == null || v === "") return "";
  return typeof v === "object" ? String((v as Row).desc ?? (v as Row).name ?? "") : String(v);
}

/** What a row's confirmation names: the label, then two non-switch cells ('Pasien: 000123'). */
export function recordText(label: string, columns: ColumnDef[], row: Row): string {
  const texts = columns
    .filter((c) => c.format !== "switch" && c.format !== "bool")
    .slice(0, 2)
    .map((c) => String(resourceCell(c, row, "", false)).trim())
    .filter(Boolean)
    .map((t) => t.length > 80 ? `${t.slice(0, 79)}…` : t);
  return `${label}: ${texts.join(" – ") || "-"}`;
}

/** 'Tampilkan {n} data': the page sizes, the resource's own among them. */
export function LengthPicker({ id, pageSize, value, onChange }: {
  id: string;
  pageSize: number;
  value: number;
  onChange: (n: number) => void;
}) {
  const sizes = SIZES.includes(pageSize) ? SIZES : [...SIZES, pageSize].sort((a, b) => a - b);
  return (
    <div class="dt-length">
      <label for={id}>Tampilkan</label>
      <select
        id={id}
        value={String(value)}
        onChange={(e) => onChange(Number(e.currentTarget.value))}
      >
        {sizes.map((n) => <option key={n} value={String(n)}>{n}</option>)}
      </select>
      <span>data</span>
    </div>
  );
}

/** Quick-find selects: picking an option hands its id on (to open that record's form). */
export function Lookups({ uid, lookups, onPick }: {
  uid: string;
  lookups: TableProps["lookups"];
  onPick: (id: string) => void;
}) {
  return (
    <div class="dt-lookups">
      {lookups.map((l, i) => (
        <div class="field" key={l.url}>
          <label for={`${uid}-lk${i}`}>{l.label}</label>
          <Select
            id={`${uid}-lk${i}`}
            url={l.url}
            value={null}
            placeholder="Ketik kode atau kata..."
            onChange={(o) => o && onPick(o.id)}
          />
        </div>
      ))}
    </div>
  );
}

export const FILE_KIND = "Excel .xlsx atau CSV";

export function ImportBar({ uid, imp, fileRef, busy, onImport }: {
  uid: string;
  imp: NonNullable<TableProps["import"]>;
  fileRef: Ref<HTMLInputElement>;
  busy: boolean;
  onImport: () => void;
}) {
  return (
    <div class="dt-import">
      <label for={`${uid}-file`}>
        File impor ({FILE_KIND})
      </label>
      <input
        id={`${uid}-file`}
        ref={fileRef}
        type="file"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,.csv,text/csv"
      />
      <button type="button" class="btn" disabled={busy} onClick={onImport}>
        Impor
      </button>
      <a class="btn btn-light" href={imp.template} download>Unduh template</a>
      {imp.export && <a class="btn btn-light" href={imp.export} download>Ekspor .xlsx</a>}
      {imp.headers && <small class="muted dt-hint">Kolom: {imp.headers}</small>}
    </div>
  );
}

/** A row's buttons: edit, delete (when the resource allows it) and the declared actions. */
export function RowButtons({ row, deletable, actions, onEdit, onDelete, onAction }: {
  row: Row;
  deletable: boolean;
  actions: NonNullable<TableProps["actions"]>;
  onEdit: (r: Row) => void;
  onDelete: (r: Row) => void;
  onAction: (r: Row, a: NonNullable<TableProps["actions"]>[number]) => void;
}) {
  return (
    <>
      <RowButton onClick={() => onEdit(row)}>Edit</RowButton>
      {deletable && <RowButton danger onClick={() => onDelete(row)}>Hapus</RowButton>}
      {actions.map((a) => (
        <button
          key={a.path}
          type="button"
          class="btn btn-sm"
          onClick={() => onAction(row, a)}
        >
          {a.label}
        </button>
      ))}
    </>
  );
}
