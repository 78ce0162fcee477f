import type { z } from "zod";
import type { CollectionSpec } from "./collection.ts";
import type { Doc } from "./mem_index.ts";
import type { Store } from "./store.ts";

/** A table column: a field path the server can search and order by. */
export interface ColumnDef {
  data: string;
  title: string;
  orderable?: boolean;
  searchable?: boolean;
  /** How the table shows the value. */
  format?: "text" | "money" | "datetime" | "bool";
  align?: "left" | "right";
  /** Title of a grouped header cell spanning this and the following columns. */
  group?: { title: string; span: number };
}

/** A form field in the add/edit modal. */
export interface FieldDef {
  name: string;
  label: string;
  type?: "text" | "number" | "email" | "password" | "textarea" | "select";
  required?: boolean;
  /** For selects: where options come from; `parent` names the field this one depends on. */
  options?: { url: string; parent?: string; param?: string };
  /** Static options for a select. */
  choices?: { id: string; text: string }[];
  /** A field that only narrows another (not saved, e.g. province above regency). */
  virtual?: boolean;
  placeholder?: string;
}

/** A reference to a parent record, stored as `{_id, desc}` (or the parent's display field). */
export interface RefDef {
  /** Stored field, e.g. `provinceId`. */
  field: string;
  /** Form and update field carrying the parent id, e.g. `province`. */
  input: string;
  /** Parent resource name. */
  resource: string;
  label: string;
  /** Parent field copied beside `_id` (default `desc`). */
  display?: string;
  /** select2 query parameter that filters this resource by the parent, e.g. `provinceId`. */
  param?: string;
  /** Parent field an import row names the parent by (default: the parent's import key). */
  importBy?: string;
}

/** How an import file maps onto the resource. */
export interface ImportDef {
  format: "csv" | "xlsx";
  /** Field used to match rows to stored records (upsert). */
  key: string;
  /** Extra accepted column headers per field (own field names always work). */
  aliases?: Record<string, string[]>;
  maxRows?: number;
}

/** One declaration per entity: it drives the API, the table page, the form and the import. */
export interface ResourceDef<T extends Doc = Doc> {
  /** API path segment and collection name: `/api/{name}`. */
  name: string;
  /** Indonesian name used in titles: 'Tambah {label}', 'Edit {label}'. */
  label: string;
  /** The screen: its path and sidebar group. */
  page?: { path: string; group: string; title?: string };
  /** Validates the update payload (refs arrive as parent ids under their `input` name). */
  schema: z.ZodObject<z.ZodRawShape>;
  columns: ColumnDef[];
  fields: FieldDef[];
  /** Field paths matched by table search. */
  search: string[];
  unique?: string[];
  refs?: RefDef[];
  pageSize?: number;
  deletable?: boolean;
  /** Text of a select2 option (default: `desc`). */
  optionText?: (doc: T) => string;
  import?: ImportDef;
  /** Delete confirmation text (default "You won't be able to revert this!"). */
  deleteText?: string;
}

/** Identity helper that keeps the declaration's types. */
export function defineResource<T extends Doc = Doc>(def: ResourceDef<T>): ResourceDef<T> {
  return def;
}

/** Field labels of a resource, for messages. */
export function labelsOf(def: ResourceDef): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const f of def.fields) labels[f.name] = f.label;
  for (const r of def.refs ?? []) labels[r.field] = labels[r.input] = r.label;
  return labels;
}

/** The collection behind a resource. */
export function collectionOf<T extends Doc = Doc>(store: Store, def: ResourceDef) {
  const spec: CollectionSpec = {
    name: def.name,
    unique: def.unique,
    search: [...new Set([...def.search, ...def.columns.map((c) => c.data)])],
    labels: labelsOf(def),
  };
  return store.collection<T>(spec);
}
