import { z } from "zod";
import { defineResource, type ResourceDef } from "../lib/resource/resource.ts";
import { text } from "../lib/resource/validate.ts";

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
    schema: z.object({
      ...(o.title ? { title: text("Judul", { max: 200 }) } : {}),
      desc: text("Deskripsi", { max: 1000, required: !o.title }),
    }),
    columns: [
      ...(o.title ? [{ data: "title", title: "Judul" }] : []),
      { data: "desc", title: "Deskripsi" },
    ],
    fields: [
      ...(o.title ? [{ name: "title", label: "Judul", required: true }] : []),
      { name: "desc", label: "Deskripsi", type: o.title ? "textarea" : "text", required: !o.title },
    ],
    search: o.title ? ["title", "desc"] : ["desc"],
    unique: [key],
    normalize: (_f, v) => String(v ?? "").trim().toLowerCase(),
    deletable: false,
    optionText: (d) => String(d[key] ?? ""),
    seed: o.seed.map((s) => typeof s === "string" ? { desc: s } : { title: s[0], desc: s[1] }),
  });
}
