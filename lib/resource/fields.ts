import { z } from "zod";
import type { CollectionSpec } from "../db/collection.ts";
import { choicesOf } from "./resource.ts";
import type { ColumnDef, FieldDef, RefDef, ResourceDef } from "./resource.ts";
import { flag, refId, text } from "./validate.ts";

/** One field of a resource: its check, table column, form input and reference. */
export interface Field {
  /** Column title and form label; messages name the field in sentence case ('Nama depan'). */
  label: string;
  /** `text` options (default: required, 255 at most), a zod type or its maker; `false`: derived. */
  check?: Parameters<typeof text>[1] | z.ZodType | ((label: string) => z.ZodType) | false;
  /** Labels of stored values: the column shows them, the form offers them as choices. */
  choices?: Record<string, string>;
  /** The table column, as overrides of `{ data: name, title: label }`; `false`: none. */
  column?: Partial<ColumnDef> | false;
  /** The form input, as overrides of `{ name, label }`; `false`: none. */
  form?: FormOverride | false;
  /** A parent picked in a select (the entry's name its form field; check `refId` unless given). */
  ref?: Omit<RefDef, "field" | "input" | "label"> & { field?: string };
}

/** Overrides of a form input; `options` are merged into a reference's own. */
export type FormOverride =
  & Partial<Omit<FieldDef, "options">>
  & { options?: Partial<NonNullable<FieldDef["options"]>> };

/** 'Nama Depan' → 'Nama depan': later capitalised words lowered, acronyms ('No. ERM') kept. */
export const sentenceCase = (label: string): string =>
  label.replace(/(?<=\s)\p{Lu}(?=\p{Ll})/gu, (c) => c.toLowerCase());

function checkOf(f: Field): z.ZodType {
  const say = sentenceCase(f.label);
  if (typeof f.check === "function") return f.check(say);
  if (f.check instanceof z.ZodType) return f.check;
  return f.ref && !f.check ? refId(say) : text(say, f.check || {});
}

function inputOf(name: string, f: Field, schema?: z.ZodType): FieldDef {
  const o = f.form || {};
  const ref = f.ref
    ? { type: "select" as const, options: { url: `/api/${f.ref.resource}/select2` } }
    : {};
  const required = schema && !schema.safeParse(undefined).success ? { required: true } : {};
  const choices = f.choices ? { choices: choicesOf(f.choices) } : {};
  const options = ref.options || o.options
    ? { options: { ...ref.options, ...o.options } as FieldDef["options"] }
    : {};
  return { name, label: f.label, ...ref, ...required, ...choices, ...o, ...options } as FieldDef;
}

function columnOf(name: string, f: Field): ColumnDef {
  const data = f.ref ? `${f.ref.field ?? name}.${f.ref.display ?? "desc"}` : name;
  const choices = f.choices ? { choices: f.choices } : {};
  return { data, title: f.label, ...choices, ...(f.column || {}) };
}

/** Names listed in `first` in that order, then the others as declared. */
function ordered<T>(all: [string, T][], first: string[] = []): T[] {
  const rest = all.filter(([n]) => !first.includes(n)).map(([, v]) => v);
  const lead = first.map((n) => all.find(([m]) => m === n)).filter((e) => e !== undefined);
  return [...lead.map(([, v]) => v), ...rest];
}

/** A resource's schema, columns, form fields and refs, in order (`first`: those put first). */
export function model(
  entries: Record<string, Field>,
  first: { columns?: string[]; form?: string[] } = {},
): Required<Pick<ResourceDef, "schema" | "columns" | "fields" | "refs" | "labels">> {
  const shape: Record<string, z.ZodType> = {};
  const columns: [string, ColumnDef][] = [];
  const fields: [string, FieldDef][] = [];
  const refs: RefDef[] = [];
  const labels: Record<string, string> = {};
  for (const [name, f] of Object.entries(entries)) {
    labels[name] = f.label;
    const check = f.check === false ? undefined : checkOf(f);
    if (check) shape[name] = check;
    if (f.column !== false) columns.push([name, columnOf(name, f)]);
    if (f.form !== false) fields.push([name, inputOf(name, f, check)]);
    if (f.ref) {
      const { field, ...rest } = f.ref;
      refs.push({ field: field ?? name, input: name, label: f.label, ...rest });
    }
  }
  return {
    schema: z.object(shape),
    columns: ordered(columns, first.columns),
    fields: ordered(fields, first.form),
    refs,
    labels,
  };
}

/** Unique values compared trimmed and case-insensitively (names, keywords). */
export const caseless: NonNullable<CollectionSpec["normalize"]> = (_f, v) =>
  String(v ?? "").trim().toLowerCase();

/** Unique values compared trimmed and in capitals (codes such as A-4-10-I). */
export const capitals: NonNullable<CollectionSpec["normalize"]> = (_f, v) =>
  String(v ?? "").trim().toUpperCase();

/** A select option's text: one field of the record. */
export const optionOf = (field: string) => (d: Record<string, unknown>): string =>
  String(d[field] ?? "");

/** A yes/no flag switched in its table cell (`toggles`) and in the form. */
export const toggle = (label: string, hint?: string): Field => ({
  label,
  check: flag,
  column: { format: "switch", orderable: false },
  form: { type: "switch", ...(hint ? { hint } : {}) },
});
