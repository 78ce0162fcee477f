import { defineResource, type ResourceDef } from "../lib/resource/resource.ts";
import { caseless, model, optionOf } from "../lib/resource/fields.ts";

/**
 * A short reference list that staff edit but never delete (other records name its entries):
 * a `desc` column, or `title` and `desc`. `seed` entries are inserted on the first start.
 */
export function simple(o: {
  name: string;
  label: string;
  path: string;
  title?: boolean;
  seed: (string | [title: string, desc: string])[];
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
    }),
    search: o.title ? ["title", "desc"] : ["desc"],
    unique: [key],
    normalize: caseless,
    deletable: false,
    optionText: optionOf(key),
    seed: o.seed.map((s) => typeof s === "string" ? { desc: s } : { title: s[0], desc: s[1] }),
  });
}
