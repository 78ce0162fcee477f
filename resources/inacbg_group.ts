import { z } from "zod";
import { defineResource } from "../lib/resource/resource.ts";
import { text } from "../lib/resource/validate.ts";

/** An INA-CBG code: CMG letter, case type, number, severity (A-4-10-I, Q-5-44-0, X-0-00-X). */
export const INACBG_CODE = "[A-Z]-[0-9]-[0-9]{2}-(0|I|II|III|X)";
/** How the code's format is said in the forms. */
export const INACBG_HINT = "Format huruf-angka-2 angka-tingkat, mis. A-4-10-I atau J-4-16-II.";

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
    {
      name: "kode",
      label: "Kode",
      required: true,
      placeholder: "mis. A-4-10-I",
      maxLength: 20,
      hint: `Paling banyak 20 karakter. ${INACBG_HINT}`,
    },
    {
      name: "deskripsi",
      label: "Deskripsi",
      required: true,
      maxLength: 500,
      hint: "Paling banyak 500 karakter.",
    },
    { name: "cmg", label: "CMG", maxLength: 5, hint: "Paling banyak 5 karakter, mis. A." },
    {
      name: "case_type",
      label: "Tipe Kasus",
      maxLength: 5,
      hint: "Paling banyak 5 karakter, mis. 4.",
    },
    {
      name: "severity",
      label: "Severity",
      maxLength: 5,
      hint: "Paling banyak 5 karakter: 0, I, II atau III.",
    },
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
