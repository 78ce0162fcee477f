import { z } from "zod";
import { defineResource } from "../lib/resource/resource.ts";
import { text } from "../lib/resource/validate.ts";

/** Keywords BPJS verifiers dispute (BA dispute klaim), with the coding recommendation. */
export default defineResource({
  name: "disputed-claim",
  label: "Dispute Klaim",
  page: { path: "/dispute-klaim", group: "Data Master", title: "BA Dispute Klaim" },
  schema: z.object({
    kode_icd: text("Kode ICD", { max: 200, required: false }),
    keyword: text("Keyword", { max: 200 }),
    rekomendasi: text("Rekomendasi", { max: 4000, required: false }),
    sumber: text("Sumber", { max: 1000, required: false }),
  }),
  columns: [
    { data: "kode_icd", title: "Kode ICD" },
    { data: "keyword", title: "Keyword" },
    { data: "rekomendasi", title: "Rekomendasi" },
    { data: "sumber", title: "Sumber" },
  ],
  fields: [
    { name: "kode_icd", label: "Kode ICD", placeholder: "mis. R56.8" },
    { name: "keyword", label: "Keyword", required: true },
    { name: "rekomendasi", label: "Rekomendasi", type: "textarea" },
    { name: "sumber", label: "Sumber", type: "textarea" },
  ],
  search: ["keyword", "kode_icd", "rekomendasi", "sumber"],
  unique: ["keyword"],
  normalize: (_f, v) => String(v ?? "").trim().toLowerCase(),
  pageSize: 50,
  deleteText: "Data akan dihapus secara permanen!",
  optionText: (d) => String(d.keyword ?? ""),
  selects: { select2: { exclude: ["keyword", "selected", "ids"] } },
  import: { format: "xlsx", key: "keyword", aliases: { kode_icd: ["kode_terkait", "kode"] } },
});
