import type { ColumnDef, FieldDef, ResourceDef } from "./resource.ts";

/** Rows of a first page the server renders: a screenful at 1366x768 (the rest come when idle). */
export const FIRST_ROWS = 12;

/** How many rows the server renders of a first page (`screenful`: for taller rows). */
export const firstRows = (pageSize: number, screenful = FIRST_ROWS): number =>
  Math.min(pageSize, screenful);

/** A form field as the table island gets it (select fields know how to preload on edit). */
export interface TableField extends FieldDef {
  /** For a select bound to a reference: the stored field holding `{_id, ...}` in a row. */
  from?: string;
  /** The field of that embedded object shown as the option text. */
  display?: string;
}

/** JSON props of the generic table island, built from a resource declaration. */
export interface TableProps {
  label: string;
  /** API base, e.g. `/api/province`. */
  api: string;
  columns: ColumnDef[];
  fields: TableField[];
  pageSize: number;
  deletable: boolean;
  deleteText?: string;
  /** Starting values of the add form, shaped like a row. */
  defaults?: Record<string, unknown>;
  /** Quick-find selects: picking an option opens that record's edit form. */
  lookups: { label: string; url: string }[];
  import?: {
    template: string;
    headers: string;
    /** The records as a file that imports back (`import.export`). */
    export?: string;
  };
  /** False for a role that may only read: no add, edit, delete, import or row actions. */
  canWrite: boolean;
  /** Row buttons: `POST {api}/{path}/{id}` after confirming `confirm`. */
  actions?: { label: string; path: string; confirm: string }[];
  /** The first page's first `firstRows(pageSize)` rows, rendered on the server. */
  initial: { data: Record<string, unknown>[]; recordsTotal: number; recordsFiltered: number };
}

/** Builds the island props of a resource's table page. */
export function tableProps(
  def: ResourceDef,
  initial: TableProps["initial"],
  importHeaders: string,
  defaults: Record<string, unknown> | undefined,
  canWrite: boolean,
): TableProps {
  return {
    canWrite,
    actions: def.actions,
    label: def.label,
    api: `/api/${def.name}`,
    columns: def.columns,
    fields: def.fields.map((f) => {
      const ref = def.refs?.find((r) => r.input === f.name);
      return ref ? { ...f, from: ref.field, display: ref.display ?? "desc" } : f;
    }),
    pageSize: def.pageSize ?? 10,
    deletable: def.deletable !== false,
    deleteText: def.deleteText,
    defaults,
    lookups: (def.lookups ?? []).map((l) => ({
      label: l.label,
      url: `/api/${def.name}/${l.select}`,
    })),
    import: def.import
      ? {
        template: `/api/${def.name}/template`,
        headers: importHeaders,
        ...def.import.export ? { export: `/api/${def.name}/export` } : {},
      }
      : undefined,
    initial,
  };
}
