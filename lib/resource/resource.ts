import type { Access } from "../auth/roles.ts";
import type { Context } from "hono";
import type { z } from "zod";
import type { CollectionSpec } from "../db/collection.ts";
import type { AppEnv } from "../http/env.ts";
import type { Doc, Row } from "../index/index.ts";
import type { Store } from "../db/store.ts";

/** A table column: a field path the server can search and order by. */
export interface ColumnDef {
  data: string;
  title: string;
  orderable?: boolean;
  searchable?: boolean;
  format?: "text" | "money" | "datetime" | "date" | "bool" | "switch";
  /** Labels for stored values, e.g. `{ first: "Kelas 1" }`. */
  choices?: Record<string, string>;
  align?: "left" | "right";
  /** Title of a grouped header cell spanning this and the following columns. */
  group?: { title: string; span: number };
}

/** A form field in the add/edit modal. */
export interface FieldDef {
  name: string;
  label: string;
  /** `switch`: sent "true"/"false"; `date`: typed `DD-MM-YYYY`, sent `YYYY-MM-DD`. */
  type?:
    | "text"
    | "number"
    | "money"
    | "email"
    | "password"
    | "textarea"
    | "select"
    | "switch"
    | "date";
  /** Row field an edit preloads this input from, when it differs from `name`. */
  source?: string;
  /** For money inputs: a second field sent with the plain number (e.g. `tarif_Kelas3`). */
  raw?: string;
  required?: boolean;
  /** Required, except on a stored record without a value (stored before the field existed). */
  requiredNew?: boolean;
  /** For selects: where options come from; `parent` names the field this one depends on. */
  options?: { url: string; parent?: string; param?: string };
  choices?: { id: string; text: string }[];
  /** A field that only narrows another (not saved, e.g. province above regency). */
  virtual?: boolean;
  placeholder?: string;
  /** Longest accepted text (refused in the browser before it is sent; the schema checks too). */
  maxLength?: number;
  /** A regular expression the whole text must match (browser check; the server checks too). */
  pattern?: string;
  /** The format, said under the field (e.g. 'Format A-4-10-I: huruf-angka-2 angka-tingkat'). */
  hint?: string;
}

/** A reference to a parent record, stored as `{_id, desc}` (or the parent's display field). */
export interface RefDef {
  /** Stored field, e.g. `provinceId`. */
  field: string;
  /** Form and update field carrying the parent id, e.g. `province`. */
  input: string;
  resource: string;
  label: string;
  /** Parent field copied beside `_id` (default `desc`). */
  display?: string;
  /** More parent fields copied with it (e.g. a patient's `erm`). */
  copy?: string[];
  /** select2 query parameter that filters this resource by the parent, e.g. `provinceId`. */
  param?: string;
  /** Parent field an import row names the parent by (default: the parent's import key). */
  importBy?: string;
}

/** How an import file (.xlsx or CSV, whichever the user has) maps onto the resource. */
export interface ImportDef {
  /** Field matching rows to stored records (upsert). */
  key: string;
  /** Extra accepted column headers per field (own field names always work). */
  aliases?: Record<string, string[]>;
  maxRows?: number;
  /** Headers of the template download (default: each field's own name). */
  template?: string[];
  /** `GET /api/{name}/export`: every record in the template's columns (it imports back). */
  export?: boolean;
  /** Fields whose column may be absent because `transform` fills them. */
  derived?: string[];
  /** Reshapes a row's raw cells (by field name) before validation, e.g. derives a kind. */
  transform?: (input: Record<string, unknown>) => Record<string, unknown>;
  /** A warning about a valid row that is imported anyway (shown after the import). */
  warn?: (doc: Record<string, unknown>) => string | undefined;
}

/** A named select2 lookup narrowed to some records, e.g. doctors with `dpjp` on. */
export interface SelectDef {
  /** Equality filters on stored fields (values as text: `"true"`). */
  where?: Record<string, string>;
  /** Query parameters whose values (ids, comma-separated or repeated) are left out. */
  exclude?: string[];
  /** Query parameters copied into `where` when present, e.g. `{ regional: "regional" }`. */
  params?: Record<string, string>;
  /** The field options go by instead of the first column (short lists: sorted in memory). */
  order?: string;
  /** Custom match on the lowercased search fields (in `search` order) for a lowercased query. */
  match?: (text: string[], q: string) => boolean;
  /** With `match`: texts of which every match's search fields hold one (the records tried). */
  prefilter?: (q: string) => string[];
  /** Why the lookup offers nothing whatever is typed (set-up missing), with the fix's link. */
  whyEmpty?: (ctx: Pick<HookContext, "store" | "registry">) => Promise<EmptyReason | null>;
  /** Why typed text found none of the records there (a list not loaded), else null. */
  whyNotFound?: SelectDef["whyEmpty"];
}

/** Why a picker has nothing to offer, said to the user, and the link to the fix. */
export interface EmptyReason {
  text: string;
  href: string;
  link: string;
}

/** What the hooks of a resource can reach. */
export interface HookContext {
  store: Store;
  registry: Map<string, ResourceDef>;
  /** The record being edited (absent on create). */
  old?: Doc;
  /** The request, when the hook runs for one (not during seeding). */
  c?: Context<AppEnv>;
}

/** One declaration per entity: it drives the API, the table page, the form and the import. */
export interface ResourceDef<T extends Doc = Doc> {
  /** API path segment and collection name: `/api/{name}`. */
  name: string;
  /** Indonesian name used in titles: 'Tambah {label}', 'Edit {label}'. */
  label: string;
  page?: { path: string; group: string; title?: string };
  /** Validates the update payload (refs arrive as parent ids under their `input` name). */
  schema: z.ZodObject<z.ZodRawShape>;
  columns: ColumnDef[];
  fields: FieldDef[];
  /** Field paths matched by table search. */
  search: string[];
  /** Search fields whose trigrams are kept (`MemIndexOptions.grams`). */
  grams?: string[];
  unique?: string[];
  refs?: RefDef[];
  pageSize?: number;
  deletable?: boolean;
  /** Text of a select2 option (default: `desc`). */
  optionText?: (doc: T) => string;
  /** A second line under a select2 option, never its value (empty: none). */
  optionNote?: (doc: T) => string;
  import?: ImportDef;
  /** Delete confirmation text (default "You won't be able to revert this!"). */
  deleteText?: string;
  /** Labels of stored fields that are not form fields or columns (for messages). */
  labels?: Record<string, string>;
  /** Normalises unique values before they become keys (default: trimmed text). */
  normalize?: CollectionSpec["normalize"];
  /** A count over the records checked in every commit (e.g. administrators, at least one). */
  tally?: CollectionSpec["tally"];
  /** Index options, as `CollectionSpec`'s. */
  subset?: CollectionSpec["subset"];
  keyed?: CollectionSpec["keyed"];
  derive?: (doc: T) => number[];
  slim?: (doc: T) => T;
  reshare?: (doc: T) => T;
  whole?: (doc: T) => boolean;
  /** Stored fields never sent to a client (e.g. a password hash). */
  hidden?: string[];
  /** Records inserted once, the first time the app starts on an empty collection. */
  seed?: Record<string, unknown>[];
  /** Fields added later, filled once from `seed` into the seeded records (lib/resource/seed.ts). */
  seedFill?: string[];
  /** A validated payload (form or import row) made the stored record; may throw an AppError. */
  prepare?: (
    doc: Record<string, unknown>,
    ctx: HookContext,
  ) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Runs before a delete; throws an AppError to refuse it. */
  beforeDelete?: (doc: Doc, ctx: HookContext) => void | Promise<void>;
  /** Boolean fields switched one at a time: `POST /api/{name}/update/{field}/{id}`. */
  toggles?: string[];
  /** Extra select2 lookups by path segment, e.g. `{ dpjpselect2: { where: { dpjp: "true" } } }`. */
  selects?: Record<string, SelectDef>;
  /** Filters for the default `/select2` (and table) from query parameters. */
  params?: Record<string, string>;
  /** Starting values of the add form (e.g. a new patient's address from the settings). */
  defaults?: (ctx: Pick<HookContext, "store" | "registry">) => Promise<Record<string, unknown>>;
  /** Quick-find selects above the table (a select2 path each); picking one opens its edit. */
  lookups?: { label: string; select: string }[];
  /** False when the entity has its own API and screens (the generic ones are not mounted). */
  api?: boolean;
  /** A patient's records: reading one, its list, selects and page are audited. */
  auditReads?: boolean;
  /** The answer of `GET /api/{name}/{id}` (default `{ data: record }`). */
  single?: (doc: Doc) => unknown;
  /** Row buttons of its table: `POST /api/{name}/{path}/{id}` (its route declares its access). */
  actions?: { label: string; path: string; confirm: string }[];
  /** Runs after a create or edit through the API committed (e.g. ending sessions). */
  afterSave?: (row: Row, ctx: HookContext) => void | Promise<void>;
  /** Who may read (GET) and write its API and page (default `read` / `work`; routes/_access.ts). */
  access?: { read?: Access; write?: Access };
}

/** Identity helper that keeps the declaration's types. */
export function defineResource<T extends Doc = Doc>(def: ResourceDef<T>): ResourceDef<T> {
  return def;
}

/** Field labels of a resource, for messages. */
export function labelsOf(def: ResourceDef): Record<string, string> {
  const labels: Record<string, string> = { ...def.labels };
  for (const f of def.fields) labels[f.name] = f.label;
  for (const r of def.refs ?? []) labels[r.field] = labels[r.input] = r.label;
  for (const c of def.columns) labels[c.data] ??= c.title;
  return labels;
}

/** The collection behind a resource. */
export function collectionOf<T extends Doc = Doc>(store: Store, def: ResourceDef) {
  return store.collection<T>({
    ...{ name: def.name, unique: def.unique, search: def.search, labels: labelsOf(def) },
    ...{ normalize: def.normalize, tally: def.tally, subset: def.subset, keyed: def.keyed },
    ...{ derive: def.derive, grams: def.grams, slim: def.slim, whole: def.whole },
    reshare: def.reshare,
    // embedded parents are kept once in memory, shared by the records holding them
    share: def.refs?.map((r) => r.field),
  });
}

/** Select choices from a value → label map, e.g. `{ L: "Laki-laki" }`. */
export function choicesOf(map: Record<string, string>): { id: string; text: string }[] {
  return Object.entries(map).map(([id, text]) => ({ id, text }));
}
