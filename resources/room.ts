import { z } from "zod";
import { defineResource } from "../lib/resource/resource.ts";
import { refId, text } from "../lib/resource/validate.ts";

/** Wards/rooms (Ruang), each in one treatment class. */
export default defineResource({
  name: "room",
  label: "Ruang",
  page: { path: "/ruang", group: "Data Master" },
  schema: z.object({
    name: text("Nama", { max: 100 }),
    desc: text("Deskripsi", { max: 500, required: false }),
    classroom: refId("Kelas"),
  }),
  columns: [
    { data: "name", title: "Nama" },
    { data: "desc", title: "Deskripsi" },
    { data: "classroom.name", title: "Kelas" },
  ],
  fields: [
    { name: "name", label: "Nama", required: true },
    { name: "desc", label: "Deskripsi" },
    {
      name: "classroom",
      label: "Kelas",
      type: "select",
      required: true,
      options: { url: "/api/class-room/select2" },
    },
  ],
  search: ["name", "desc", "classroom.name"],
  unique: ["name"],
  normalize: (_f, v) => String(v ?? "").trim().toLowerCase(),
  refs: [{
    field: "classroom",
    input: "classroom",
    resource: "class-room",
    label: "Kelas",
    display: "name",
    param: "classroomId",
    importBy: "name",
  }],
  optionText: (d) => String(d.name ?? ""),
  import: {
    format: "xlsx",
    key: "name",
    aliases: { name: ["nama", "ruang"], classroom: ["kelas"] },
  },
});
