import { z } from "zod";
import {
  ADDRESS_FIELDS,
  assertNested,
  getDefaultAddress,
  REGION_LEVELS,
} from "../lib/settings/address.ts";
import type { Doc } from "../lib/index/index.ts";
import type { Registry } from "../lib/resource/refs.ts";
import { choicesOf, collectionOf, defineResource } from "../lib/resource/resource.ts";
import type { Store } from "../lib/db/store.ts";
import { gender, GENDERS, text } from "../lib/resource/validate.ts";

const optionalId = z.string().trim().optional().default("");

/** The chosen regions must nest (Kelurahan in Kecamatan in ...), as in the default address. */
async function checkNested(store: Store, registry: Registry, doc: Record<string, unknown>) {
  const docs: Record<string, Doc | undefined> = {};
  for (const l of REGION_LEVELS) {
    const id = (doc[l.field] as Doc | null)?._id;
    const col = collectionOf(store, registry.get(l.resource)!);
    if (id) docs[l.field] = (await col.index()).get(id)?.value;
  }
  assertNested(docs);
}

/**
 * Patients, keyed by their medical record number (ERM, text: leading zeros stay). The address
 * form of a new patient starts from the default address in the settings.
 */
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
    ...Object.fromEntries(REGION_LEVELS.map((l) => [l.field, optionalId])),
    address: text("Alamat", { max: 500, required: false }),
    postalCode: z.string().trim().optional().default("").refine((v) => !v || /^\d{5}$/.test(v), {
      error: "Kode Pos harus 5 angka.",
    }),
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
    ...ADDRESS_FIELDS.filter((f) => f.type === "select").map((f) => ({ ...f, required: false })),
    { name: "address", label: "Alamat", type: "textarea", placeholder: "Jalan, RT/RW" },
    { name: "postalCode", label: "Kode Pos", placeholder: "5 angka" },
  ],
  search: ["erm", "fullname", "phone"],
  grams: ["erm", "fullname", "phone"],
  unique: ["erm"],
  refs: REGION_LEVELS.map((l) => ({
    field: l.field,
    input: l.field,
    resource: l.resource,
    label: l.label,
  })),
  optionText: (d) => `${d.erm} - ${d.fullname}`,
  import: {
    format: "xlsx",
    key: "erm",
    template: [
      "erm",
      "first_name",
      "last_name",
      "gender",
      "phone",
      "village",
      "address",
      "postalCode",
    ],
    aliases: {
      erm: ["no_rm", "no_erm", "norm", "rm"],
      first_name: ["nama_depan"],
      last_name: ["nama_belakang"],
      village: ["kode_kelurahan"],
      postalCode: ["kode_pos"],
    },
  },
  async defaults({ store, registry }) {
    const a = (await getDefaultAddress(store, registry)).value;
    return a ? { ...a, address: a.description } : {};
  },
  async prepare(doc, { store, registry }) {
    await checkNested(store, registry, doc);
    return {
      ...doc,
      fullname: [doc.first_name, doc.last_name].map((s) => String(s ?? "").trim()).filter(Boolean)
        .join(" "),
    };
  },
});
