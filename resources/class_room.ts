import { defineResource } from "../lib/resource/resource.ts";
import { caseless, model, optionOf } from "../lib/resource/fields.ts";
import { oneOf } from "../lib/resource/validate.ts";

/** Treatment classes as stored and as shown. */
export const CLASS_TYPES = { first: "Kelas 1", second: "Kelas 2", third: "Kelas 3" };

/** Treatment classes (Kelas): the INA-CBG tariff option an examination starts from. */
export default defineResource({
  name: "class-room",
  label: "Kelas",
  page: { path: "/kelas", group: "Data Master" },
  ...model({
    name: { label: "Nama", check: { max: 100 } },
    desc: { label: "Deskripsi", check: { max: 500, required: false } },
    classtype: {
      label: "Tipe Kelas",
      choices: CLASS_TYPES,
      check: (l) =>
        oneOf(l, Object.keys(CLASS_TYPES), {
          aliases: { first: ["kelas 1", "1"], second: ["kelas 2", "2"], third: ["kelas 3", "3"] },
        }),
    },
  }),
  search: ["name", "desc"],
  unique: ["name"],
  normalize: caseless,
  optionText: optionOf("name"),
});
