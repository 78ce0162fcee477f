import { z } from "zod";
import { getDefaultAddress } from "../lib/address.ts";
import { badRequest } from "../lib/errors.ts";
import type { Doc } from "../lib/mem_index.ts";
import { choicesOf, collectionOf, defineResource, type FieldDef } from "../lib/resource.ts";
import type { Store } from "../lib/store.ts";
import { gender, GENDERS, text } from "../lib/validate.ts";
import district from "./district.ts";
import regency from "./regency.ts";
import village from "./village.ts";

/** Address levels top down: each lower level's record names its parent in `up`. */
const LEVELS = [
  { field: "province", label: "Provinsi" },
  { field: "regency", label: "Kabupaten/Kota", def: regency, up: "provinceId" },
  { field: "district", label: "Kecamatan", def: district, up: "regencyId" },
  { field: "village", label: "Kelurahan", def: village, up: "districtId" },
];

const optionalId = z.string().trim().optional().default("");

/** A chosen region must lie inside the one chosen above it, with no level skipped. */
async function checkChain(store: Store, doc: Record<string, unknown>) {
  for (const [i, l] of LEVELS.entries()) {
    const mine = doc[l.field] as Doc | null;
    if (!mine || !l.def) continue;
    const above = doc[LEVELS[i - 1].field] as Doc | null;
    const row = (await collectionOf(store, l.def).index()).get(mine._id);
    const parent = row?.value[l.up!] as Doc | null | undefined;
    if (!above || parent?._id !== above._id) {
      throw badRequest(`${l.label} tidak berada di ${LEVELS[i - 1].label} yang dipilih.`);
    }
  }
}

const addressFields: FieldDef[] = LEVELS.map((l, i) => ({
  name: l.field,
  label: l.label,
  type: "select",
  options: {
    url: `/api/${l.def?.name ?? "province"}/select2`,
    ...(i ? { parent: LEVELS[i - 1].field, param: l.up } : {}),
  },
}));

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
    ...Object.fromEntries(LEVELS.map((l) => [l.field, optionalId])),
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
    ...addressFields,
    { name: "address", label: "Alamat", type: "textarea", placeholder: "Jalan, RT/RW" },
    { name: "postalCode", label: "Kode Pos", placeholder: "5 angka" },
  ],
  search: ["erm", "fullname", "phone"],
  unique: ["erm"],
  refs: LEVELS.map((l) => ({
    field: l.field,
    input: l.field,
    resource: l.def?.name ?? "province",
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
  async prepare(doc, { store }) {
    await checkChain(store, doc);
    return {
      ...doc,
      fullname: [doc.first_name, doc.last_name].map((s) => String(s ?? "").trim()).filter(Boolean)
        .join(" "),
    };
  },
});
