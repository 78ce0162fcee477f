import { defineResource, type FieldDef, type ResourceDef } from "../lib/resource/resource.ts";
import { type Field, model } from "../lib/resource/fields.ts";

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
  const last = o.ancestors?.at(-1)?.name;
  const virtual = (o.ancestors ?? []).map((f): [string, Field] => [f.name, {
    label: f.label,
    check: false,
    column: false,
    form: f,
  }]);
  const parent: [string, Field][] = p
    ? [[p.input, {
      label: p.label,
      ref: { resource: p.resource, field: p.field, param: p.field },
      form: last ? { options: { parent: last, param: `${last}Id` } } : {},
    }]]
    : [];
  return defineResource({
    name: o.name,
    label: o.label,
    page: { path: o.path, group: "Data Wilayah" },
    ...model({
      kode: { label: "Kode", check: { max: 20 }, form: { placeholder: "mis. 11.01" } },
      desc: { label: "Nama", check: { max: 200 } },
      ...Object.fromEntries([...virtual, ...parent]),
    }, { form: [...virtual, ...parent].map(([name]) => name) }),
    search: ["kode", "desc", ...(p ? [`${p.field}.desc`] : [])],
    unique: ["kode"],
    pageSize: 10,
    import: {
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
