import { z } from "zod";
import { badRequest } from "../errors.ts";
import type { Doc } from "../index/index.ts";
import type { Registry } from "../resource/refs.ts";
import {
  type FormSection,
  getSection,
  refSelect,
  type RefValue,
  saveSection,
  type SettingRef,
} from "./settings.ts";
import type { Store } from "../db/store.ts";
import type { TableField } from "../resource/table_props.ts";
import { refId, text } from "../resource/validate.ts";

/** The default address of new patients, stored under `["setting", "address"]`. */
export interface DefaultAddress {
  province: RefValue | null;
  regency: RefValue | null;
  district: RefValue | null;
  village: RefValue | null;
  /** Street address. */
  description: string;
  postalCode: string;
}

/** The region levels, top down; each level's record names its parent in `parentField`. */
export const REGION_LEVELS: (SettingRef & { parentField?: string })[] = [
  { field: "province", resource: "province", label: "Provinsi" },
  { field: "regency", resource: "regency", label: "Kabupaten/Kota", parentField: "provinceId" },
  { field: "district", resource: "district", label: "Kecamatan", parentField: "regencyId" },
  { field: "village", resource: "village", label: "Kelurahan", parentField: "districtId" },
];

const schema = z.object({
  ...Object.fromEntries(REGION_LEVELS.map((l) => [l.field, refId(l.label)])),
  description: text("Alamat", { required: false, max: 500 }),
  postalCode: z.string({ error: "Kode Pos wajib diisi." }).trim()
    .regex(/^\d{5}$/, { error: "Kode Pos harus 5 angka." }),
});

/** The address form: cascading selects (each narrows the next), street and postal code. */
export const ADDRESS_FIELDS: TableField[] = [
  ...REGION_LEVELS.map((l, i) => {
    const up = REGION_LEVELS[i - 1];
    return refSelect(l, up ? { parent: up.field, param: l.parentField } : {});
  }),
  { name: "description", label: "Alamat", type: "textarea", placeholder: "Jalan, RT/RW" },
  { name: "postalCode", label: "Kode Pos", required: true, placeholder: "5 angka" },
];

/** Refuses (400) a chosen region (`docs`, by level) not in the one chosen above it. */
export function assertNested(docs: Record<string, Doc | null | undefined>): void {
  for (const [i, l] of REGION_LEVELS.entries()) {
    const mine = docs[l.field];
    if (!l.parentField || !mine) continue;
    const above = docs[REGION_LEVELS[i - 1].field];
    if (!above || (mine[l.parentField] as RefValue | null)?._id !== above._id) {
      const msg = `${l.label} tidak berada di ${REGION_LEVELS[i - 1].label} yang dipilih.`;
      throw badRequest(msg, [msg]).at(l.field);
    }
  }
}

const ADDRESS: FormSection = {
  section: "address",
  schema,
  refs: REGION_LEVELS,
  check: assertNested,
};

/** The default address for new patients (null when never saved), its regions as they are now. */
export const getDefaultAddress = (store: Store, registry: Registry) =>
  getSection<DefaultAddress>(store, registry, ADDRESS);

/** Validates and saves the address form (each region in the one above): 400 or 409. */
export const saveDefaultAddress = (
  store: Store,
  registry: Registry,
  fields: Record<string, string>,
) => saveSection<DefaultAddress>(store, registry, ADDRESS, fields);

/** An address on one line: street, village, district, regency, province and postal code. */
export function addressText(a: DefaultAddress | null): string {
  if (!a) return "";
  return [
    a.description,
    a.village && `Kel. ${a.village.desc}`,
    a.district && `Kec. ${a.district.desc}`,
    a.regency?.desc,
    a.province?.desc,
    a.postalCode,
  ].filter(Boolean).join(", ");
}
