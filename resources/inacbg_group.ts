import { z } from "zod";
import { defineResource } from "../lib/resource/resource.ts";
import { text } from "../lib/resource/validate.ts";

/** The INA-CBG grouping codes (v5) with their descriptions: a code set, like ICD. */
export default defineResource({
  name: "inacbg",
  label: "Grup INA-CBG",
  page: { path: "/grup-inacbg", group: "Data Master" },
  schema: z.object({
    kode: text("Kode", { max: 20 }),
    deskripsi: text("Deskripsi", { max: 500, trim: false }),
    cmg: text("CMG", { max: 5, required: false }),
    case_type: text("Tipe kasus", { max: 5, required: false }),
    severity: text("Severity", { max: 5, required: false }),
  }),
  columns: [
    { data: "kode", title: "Kode" },
    { data: "deskripsi", title: "Deskripsi" },
    { data: "cmg", title: "CMG" },
    { data: "case_type", title: "Tipe Kasus" },
    { data: "severity", title: "Severity" },
  ],
  fields: [
    { name: "kode", label: "Kode", required: true, placeholder: "mis. A-4-10-I" },
    { name: "deskripsi", label: "Deskripsi", required: true },
    { name: "cmg", label: "CMG" },
    { name: "case_type", label: "Tipe Kasus" },
    { name: "severity", label: "Severity" },
  ],
  search: ["kode", "deskripsi"],
  unique: ["kode"],
  normalize: (_f, v) => String(v ?? "").trim().toUpperCase(),
  pageSize: 100,
  optionText: (d) => `${d.kode} - ${String(d.deskripsi).trim()}`,
  import: {
    format: "xlsx",
    key: "kode",
    template: ["kode", "deskripsi", "cmg", "case_type", "severity"],
    aliases: { kode: ["kode_inacbg", "code"], deskripsi: ["desc", "description"] },
  },
});
