import { z } from "zod";
import {
  ADDRESS_FIELDS,
  assertNested,
  getDefaultAddress,
  REGION_LEVELS,
} from "../lib/settings/address.ts";
import type { Doc } from "../lib/index/index.ts";
import type { Registry } from "../lib/resource/refs.ts";
import { collectionOf, defineResource } from "../lib/resource/resource.ts";
import { type Field, model } from "../lib/resource/fields.ts";
import type { Store } from "../lib/db/store.ts";
import { badRequest } from "../lib/errors.ts";
import { digitsPattern } from "../lib/format.ts";
import { digitCode, pastDay } from "../lib/resource/validate.ts";
import { first_name, fullname, gender, last_name, nik, phone } from "./person.ts";

/** Fields E-Klaim reads that patients stored before them lack: stored only once given. */
const CLAIM_FIELDS = ["tgl_lahir", "nomor_kartu", "nik"];

/** The address's regions: optional here, picked in the default address's cascading selects. */
const regions = Object.fromEntries(REGION_LEVELS.map((l): [string, Field] => [l.field, {
  label: l.label,
  check: z.string().trim().optional().default(""),
  ref: { resource: l.resource },
  column: false,
  form: { ...ADDRESS_FIELDS.find((f) => f.name === l.field), required: false },
}]));

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

/** Patients, keyed by their medical record number (ERM, text: leading zeros stay). */
export default defineResource({
  name: "pasien",
  label: "Pasien",
  page: { path: "/pasien", group: "Data Master" },
  auditReads: true,
  ...model({
    erm: { label: "No. ERM", check: { max: 30 }, form: { placeholder: "mis. 000123" } },
    fullname,
    first_name,
    last_name,
    gender,
    tgl_lahir: {
      label: "Tanggal Lahir",
      check: (l) => pastDay(l),
      column: { format: "date" },
      form: { type: "date", requiredNew: true },
    },
    phone,
    nomor_kartu: {
      label: "No. Kartu BPJS",
      check: (l) => digitCode(l, 13),
      form: { pattern: digitsPattern(13), hint: "13 angka.", placeholder: "mis. 0001234567890" },
    },
    nik: nik("16 angka (KTP/KK)."),
    ...regions,
    address: {
      label: "Alamat",
      check: { max: 500, required: false },
      column: false,
      form: { type: "textarea", placeholder: "Jalan, RT/RW" },
    },
    postalCode: {
      label: "Kode Pos",
      check: z.string().trim().optional().default("").refine((v) => !v || /^\d{5}$/.test(v), {
        error: "Kode Pos harus 5 angka.",
      }),
      column: false,
      form: { placeholder: "5 angka" },
    },
  }),
  search: ["erm", "fullname", "phone"],
  grams: ["erm", "fullname", "phone"],
  unique: ["erm"],
  // every patient holds an ERM: the list's first pages answer from its keys on a first start
  keyed: "erm",
  optionText: (d) => `${d.erm} - ${d.fullname}`,
  import: {
    key: "erm",
    template: [
      "erm",
      "first_name",
      "last_name",
      "gender",
      "tgl_lahir",
      "phone",
      "nomor_kartu",
      "nik",
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
      tgl_lahir: ["tanggal_lahir", "tgllahir", "tgl_lhr", "birth_date"],
      nomor_kartu: ["no_kartu", "no_bpjs", "nomor_bpjs", "no_kartu_bpjs", "noka"],
      nik: ["no_ktp", "nomor_ktp", "nomor_nik"],
    },
    export: true,
  },
  async defaults({ store, registry }) {
    const a = (await getDefaultAddress(store, registry)).value;
    return a ? { ...a, address: a.description } : {};
  },
  async prepare(doc, { store, registry, old }) {
    await checkNested(store, registry, doc);
    const out: Record<string, unknown> = {
      ...doc,
      fullname: [doc.first_name, doc.last_name].map((s) => String(s ?? "").trim()).filter(Boolean)
        .join(" "),
      // absent (a file without the column, a form without the field): as stored
      tgl_lahir: doc.tgl_lahir ?? old?.tgl_lahir ?? "",
    };
    // required for a new patient, and once given; one stored before it existed may stay without
    if (!out.tgl_lahir && (!old || old.tgl_lahir)) {
      const why = old ? "tidak boleh dikosongkan" : "wajib diisi untuk pasien baru";
      throw badRequest(`Tanggal lahir ${why}.`).at("tgl_lahir");
    }
    // an empty value is stored only to clear one: the stays' copies stay as they were
    for (const f of CLAIM_FIELDS) if (out[f] === "" && !old?.[f]) delete out[f];
    return out;
  },
});
