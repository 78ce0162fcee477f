import { defineResource, type SelectDef } from "../lib/resource/resource.ts";
import { type Field, model, optionOf, toggle } from "../lib/resource/fields.ts";
import { doctorGap } from "../lib/settings/setup_checks.ts";
import { first_name, fullname, gender, last_name, phone } from "./person.ts";

const FLAGS = ["dpjp", "igd", "approval"];
/** An academic title: optional, in the form only. */
const title = (max: number, placeholder: string): Omit<Field, "label"> => ({
  check: { max, required: false },
  column: false,
  form: { placeholder },
});

/** The doctors with `flag` on; none at all is said with the fix's link. */
const flagged = (flag: "dpjp" | "igd"): SelectDef => ({
  where: { [flag]: "true" },
  whyEmpty: ({ store, registry }) => doctorGap(store, registry, flag),
});

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
  ...model({
    fullname,
    front_title: { label: "Gelar Depan", ...title(30, "mis. dr.") },
    first_name,
    last_name,
    last_title: { label: "Gelar Belakang", ...title(60, "mis. Sp.PD") },
    phone,
    gender,
    dpjp: toggle("DPJP", "Dapat dipilih sebagai DPJP kunjungan rawat inap."),
    igd: toggle("IGD", "Dapat dipilih sebagai dokter IGD."),
    approval: toggle("Approval"),
  }),
  search: ["fullname", "phone"],
  toggles: FLAGS,
  optionText: optionOf("fullname"),
  selects: { dpjpselect2: flagged("dpjp"), igdpselect2: flagged("igd") },
  import: {
    key: "fullname",
    aliases: { front_title: ["gelar_depan"], last_title: ["gelar_belakang"] },
  },
  prepare(doc, { old }) {
    const out: Record<string, unknown> = { ...doc, fullname: doctorName(doc) };
    for (const f of FLAGS) out[f] = doc[f] ?? old?.[f] ?? false;
    return out;
  },
});
