import { defineResource } from "../lib/resource/resource.ts";
import { caseless, model, optionOf } from "../lib/resource/fields.ts";

/** Keywords BPJS verifiers dispute (BA dispute klaim), with the coding recommendation. */
export default defineResource({
  name: "disputed-claim",
  label: "Dispute Klaim",
  page: { path: "/dispute-klaim", group: "Data Master", title: "BA Dispute Klaim" },
  ...model({
    kode_icd: {
      label: "Kode ICD",
      check: { max: 200, required: false },
      form: { placeholder: "mis. R56.8" },
    },
    keyword: { label: "Keyword", check: { max: 200 } },
    rekomendasi: {
      label: "Rekomendasi",
      check: { max: 4000, required: false },
      form: { type: "textarea" },
    },
    sumber: { label: "Sumber", check: { max: 1000, required: false }, form: { type: "textarea" } },
  }),
  search: ["keyword", "kode_icd", "rekomendasi", "sumber"],
  unique: ["keyword"],
  normalize: caseless,
  pageSize: 50,
  deleteText: "Data akan dihapus secara permanen!",
  optionText: optionOf("keyword"),
  selects: { select2: { exclude: ["keyword", "selected", "ids"] } },
  import: { key: "keyword", aliases: { kode_icd: ["kode_terkait", "kode"] } },
});
