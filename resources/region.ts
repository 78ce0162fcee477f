import { z } from "zod";
import { defineResource, type FieldDef, type ResourceDef } from "../lib/resource/resource.ts";
import { refId, text } from "../lib/resource/validate.ts";

interface Parent {
  resource: string;
  label: string;
  /** Stored field (`provinceId`), form field (`province`) and filter parameter. */
  field: string;
  input: string;
  /** Header names the import accepts for the parent's code. */
  aliases: string[];
}

/**
 * A level of the Kepmendagri region tree (kode, desc and, below province, a parent picked by a
 * cascading select). Import headers: `kode`, `desc`/`nama`, and `parent_kode` for the parent.
 */
export function region(o: {
  name: string;
  label: string;
  path: string;
  parent?: Parent;
  /** Virtual selects above the parent, narrowing it (e.g. province above regency). */
  ancestors?: FieldDef[];
}): ResourceDef {
  const p = o.parent;
  const shape: z.ZodRawShape = {
    kode: text("Kode", { max: 20 }),
    desc: text("Nama", { max: 200 }),
    ...(p ? { [p.input]: refId(p.label) } : {}),
  };
  const last = o.ancestors?.at(-1)?.name;
  return defineResource({
    name: o.name,
    label: o.label,
    page: { path: o.path, group: "Data Wilayah" },
    schema: z.object(shape),
    columns: [
      { data: "kode", title: "Kode" },
      { data: "desc", title: "Nama" },
      ...(p ? [{ data: `${p.field}.desc`, title: p.label }] : []),
    ],
    fields: [
      ...(o.ancestors ?? []),
      ...(p
        ? [{
          name: p.input,
          label: p.label,
          type: "select" as const,
          required: true,
          options: {
            url: `/api/${p.resource}/select2`,
            ...(last ? { parent: last, param: `${last}Id` } : {}),
          },
        }]
        : []),
      { name: "kode", label: "Kode", required: true, placeholder: "mis. 11.01" },
      { name: "desc", label: "Nama", required: true },
    ],
    search: ["kode", "desc", ...(p ? [`${p.field}.desc`] : [])],
    unique: ["kode"],
    refs: p
      ? [{ field: p.field, input: p.input, resource: p.resource, label: p.label, param: p.field }]
      : [],
    pageSize: 10,
    import: {
      format: "csv",
      key: "kode",
      aliases: {
        kode: ["code", "kode_wilayah", "id"],
        desc: ["nama", "name", "deskripsi", "description"],
        ...(p ? { [p.input]: ["parent_kode", "kode_induk", ...p.aliases] } : {}),
      },
    },
  });
}

/** A virtual select that only narrows the next one in a cascade. */
export const cascade = (name: string, label: string, parent?: string): FieldDef => ({
  name,
  label,
  type: "select",
  virtual: true,
  options: { url: `/api/${name}/select2`, ...(parent ? { parent, param: `${parent}Id` } : {}) },
});
