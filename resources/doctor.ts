import { z } from "zod";
import { choicesOf, defineResource } from "../lib/resource/resource.ts";
import { flag, gender, GENDERS, text } from "../lib/resource/validate.ts";

const FLAGS = ["dpjp", "igd", "approval"];

/** 'dr.' + 'Budi' + 'Santoso' + 'Sp.PD' → 'dr. Budi Santoso, Sp.PD'. */
export function doctorName(d: Record<string, unknown>): string {
  const s = (k: string) => String(d[k] ?? "").trim();
  const name = [s("front_title"), s("first_name"), s("last_name")].filter(Boolean).join(" ");
  return s("last_title") ? `${name}, ${s("last_title")}` : name;
}

/** Doctors, with per-row switches for DPJP, IGD and approval that save at once. */
export default defineResource({
  name: "doctor",
  label: "Dokter",
  page: { path: "/dokter", group: "Pengguna" },
  schema: z.object({
    front_title: text("Gelar depan", { max: 30, required: false }),
    first_name: text("Nama depan", { max: 100 }),
    last_name: text("Nama belakang", { max: 100, required: false }),
    last_title: text("Gelar belakang", { max: 60, required: false }),
    phone: text("Telepon", { max: 30, required: false }),
    gender: gender(),
    dpjp: flag().optional(),
    igd: flag().optional(),
    approval: flag().optional(),
  }),
  columns: [
    { data: "fullname", title: "Nama Lengkap" },
    { data: "phone", title: "Telepon" },
    { data: "gender", title: "Jenis Kelamin", choices: GENDERS },
    { data: "dpjp", title: "DPJP", format: "switch", orderable: false },
    { data: "igd", title: "IGD", format: "switch", orderable: false },
    { data: "approval", title: "Approval", format: "switch", orderable: false },
  ],
  fields: [
    { name: "front_title", label: "Gelar Depan", placeholder: "mis. dr." },
    { name: "first_name", label: "Nama Depan", required: true },
    { name: "last_name", label: "Nama Belakang" },
    { name: "last_title", label: "Gelar Belakang", placeholder: "mis. Sp.PD" },
    { name: "phone", label: "Telepon" },
    { name: "gender", label: "Jenis Kelamin", choices: choicesOf(GENDERS) },
  ],
  search: ["fullname", "phone"],
  toggles: FLAGS,
  optionText: (d) => String(d.fullname ?? ""),
  selects: {
    dpjpselect2: { where: { dpjp: "true" } },
    igdpselect2: { where: { igd: "true" } },
  },
  import: {
    format: "xlsx",
    key: "fullname",
    aliases: { front_title: ["gelar_depan"], last_title: ["gelar_belakang"] },
    template: ["front_title", "first_name", "last_name", "last_title", "phone", "gender", ...FLAGS],
  },
  prepare(doc, { old }) {
    const out: Record<string, unknown> = { ...doc, fullname: doctorName(doc) };
    for (const f of FLAGS) out[f] = doc[f] ?? old?.[f] ?? false;
    return out;
  },
});
