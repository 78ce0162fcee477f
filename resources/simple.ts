import { defineResource, type ResourceDef } from "../lib/resource/resource.ts";
import { caseless, type Field, model, optionOf } from "../lib/resource/fields.ts";

/** A short reference list staff edit but never delete: `desc` (or `title` and `desc`), `fields`. */
export function simple(o: {
  name: string;
  label: string;
  path: string;
  title?: boolean;
  fields?: Record<string, Field>;
  seed: (string | [title: string, desc: string] | Record<string, string>)[];
  seedFill?: string[];
  /** The field its options are ordered by (`SelectDef.order`); default the description. */
  orderBy?: string;
}): ResourceDef {
  const key = o.title ? "title" : "desc";
  return defineResource({
    name: o.name,
    label: o.label,
    page: { path: o.path, group: "Referensi" },
    ...model({
      ...(o.title ? { title: { label: "Judul", check: { max: 200 } } } : {}),
      desc: {
        label: "Deskripsi",
        check: { max: 1000, required: !o.title },
        form: { type: o.title ? "textarea" : "text" },
      },
      ...o.fields,
    }),
    search: o.title ? ["title", "desc"] : ["desc"],
    unique: [key],
    normalize: caseless,
    deletable: false,
    optionText: optionOf(key),
    seed: o.seed.map((s) =>
      typeof s === "string" ? { desc: s } : Array.isArray(s) ? { title: s[0], desc: s[1] } : s
    ),
    seedFill: o.seedFill,
    ...(o.orderBy ? { selects: { select2: { order: o.orderBy } } } : {}),
  });
}
