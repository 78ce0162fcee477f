import { z } from "zod";
import { choicesOf, defineResource } from "../lib/resource/resource.ts";
import { oneOf, text } from "../lib/resource/validate.ts";

/** Treatment classes as stored and as shown. */
export const CLASS_TYPES = { first: "Kelas 1", second: "Kelas 2", third: "Kelas 3" };

/** Treatment classes (Kelas): the INA-CBG tariff option an examination starts from. */
export default defineResource({
  name: "class-room",
  label: "Kelas",
  page: { path: "/kelas", group: "Data Master" },
  schema: z.object({
    name: text("Nama", { max: 100 }),
    desc: text("Deskripsi", { max: 500, required: false }),
    classtype: oneOf("Tipe kelas", Object.keys(CLASS_TYPES), {
      aliases: {
        "kelas 1": "first",
        "1": "first",
        "kelas 2": "second",
        "2": "second",
        "kelas 3": "third",
        "3": "third",
      },
    }),
  }),
  columns: [
    { data: "name", title: "Nama" },
    { data: "desc", title: "Deskripsi" },
    { data: "classtype", title: "Tipe Kelas", choices: CLASS_TYPES },
  ],
  fields: [
    { name: "name", label: "Nama", required: true },
    { name: "desc", label: "Deskripsi" },
    { name: "classtype", label: "Tipe Kelas", required: true, choices: choicesOf(CLASS_TYPES) },
  ],
  search: ["name", "desc"],
  unique: ["name"],
  normalize: (_f, v) => String(v ?? "").trim().toLowerCase(),
  optionText: (d) => String(d.name ?? ""),
});
