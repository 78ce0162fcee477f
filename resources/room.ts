import { defineResource } from "../lib/resource/resource.ts";
import { caseless, model, optionOf } from "../lib/resource/fields.ts";

/** Wards/rooms (Ruang), each in one treatment class. */
export default defineResource({
  name: "room",
  label: "Ruang",
  page: { path: "/ruang", group: "Data Master" },
  ...model({
    name: { label: "Nama", check: { max: 100 } },
    desc: { label: "Deskripsi", check: { max: 500, required: false } },
    classroom: {
      label: "Kelas",
      ref: { resource: "class-room", display: "name", param: "classroomId", importBy: "name" },
    },
  }),
  search: ["name", "desc", "classroom.name"],
  unique: ["name"],
  normalize: caseless,
  optionText: optionOf("name"),
  import: {
    key: "name",
    aliases: { name: ["nama", "ruang"], classroom: ["kelas"] },
  },
});
