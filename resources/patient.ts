import { z } from "zod";
import { choicesOf, defineResource } from "../lib/resource.ts";
import { gender, GENDERS, text } from "../lib/validate.ts";

/** Patients, keyed by their medical record number (ERM, text: leading zeros stay). */
export default defineResource({
  name: "pasien",
  label: "Pasien",
  page: { path: "/pasien", group: "Data Master" },
  schema: z.object({
    erm: text("No. ERM", { max: 30 }),
    first_name: text("Nama depan", { max: 100 }),
    last_name: text("Nama belakang", { max: 100, required: false }),
    gender: gender(),
    phone: text("Telepon", { max: 30, required: false }),
  }),
  columns: [
    { data: "erm", title: "No. ERM" },
    { data: "fullname", title: "Nama Lengkap" },
    { data: "gender", title: "Jenis Kelamin", choices: GENDERS },
    { data: "phone", title: "Telepon" },
  ],
  fields: [
    { name: "erm", label: "No. ERM", required: true, placeholder: "mis. 000123" },
    { name: "first_name", label: "Nama Depan", required: true },
    { name: "last_name", label: "Nama Belakang" },
    { name: "gender", label: "Jenis Kelamin", choices: choicesOf(GENDERS) },
    { name: "phone", label: "Telepon" },
  ],
  search: ["erm", "fullname", "phone"],
  unique: ["erm"],
  optionText: (d) => `${d.erm} - ${d.fullname}`,
  import: {
    format: "xlsx",
    key: "erm",
    aliases: {
      erm: ["no_rm", "no_erm", "norm", "rm"],
      first_name: ["nama_depan"],
      last_name: ["nama_belakang"],
    },
  },
  prepare: (doc) => ({
    ...doc,
    fullname: [doc.first_name, doc.last_name].map((s) => String(s ?? "").trim()).filter(Boolean)
      .join(" "),
  }),
});
