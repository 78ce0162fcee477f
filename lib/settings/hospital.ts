import { z } from "zod";
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
import { DEFAULT_ZONE, isZone, type ZoneName, ZONES } from "../hospital_time.ts";

/** The hospital itself, stored under `["setting", "hospital"]`. */
export interface HospitalProfile {
  name: string;
  regional: RefValue | null;
  hospitalClass: RefValue | null;
  owner: RefValue | null;
  type: RefValue | null;
  /** The hospital's time zone (absent on profiles saved before it existed: Asia/Jakarta). */
  timezone?: ZoneName;
  /** False when saved without a zone (the default stands in); absent counts as chosen. */
  timezoneChosen?: boolean;
}

/** Whether someone has picked the hospital's time zone (a saved profile, not the default). */
export const zoneChosen = (p: HospitalProfile | null): boolean => !!p && p.timezoneChosen !== false;

/** The time zone choices, as staff know them: 'WITA (Asia/Makassar, UTC+8)'. */
export const ZONE_CHOICES = (Object.keys(ZONES) as ZoneName[]).map((id) => ({
  id,
  text: `${ZONES[id].label} (${id}, UTC+${ZONES[id].hours})`,
}));

/** The reference lists the profile picks from. */
export const HOSPITAL_REFS: SettingRef[] = [
  { field: "regional", resource: "regional", label: "Regional" },
  { field: "hospitalClass", resource: "hospital-class", label: "Kelas Rumah Sakit" },
  { field: "owner", resource: "owner", label: "Kepemilikan" },
  { field: "type", resource: "hospital-type", label: "Jenis Rumah Sakit" },
];

const schema = z.object({
  name: text("Nama Rumah Sakit", { max: 200 }),
  ...Object.fromEntries(HOSPITAL_REFS.map((r) => [r.field, refId(r.label)])),
  timezone: z.string().trim().optional().transform((v) => v || DEFAULT_ZONE).refine(isZone, {
    error: "Zona waktu harus WIB (Asia/Jakarta), WITA (Asia/Makassar) atau WIT (Asia/Jayapura).",
  }),
  timezoneChosen: z.string().transform((v) => v === "true"),
});

/** The profile form's fields (selects preload from the embedded references). */
export const HOSPITAL_FIELDS: TableField[] = [
  { name: "name", label: "Nama Rumah Sakit", required: true },
  ...HOSPITAL_REFS.map((r) => refSelect(r)),
  { name: "timezone", label: "Zona Waktu", type: "select", required: true, choices: ZONE_CHOICES },
];

const HOSPITAL: FormSection = { section: "hospital", schema, refs: HOSPITAL_REFS };

/** The saved profile (null when never saved), its references as they are now. */
export const getHospital = (store: Store, registry: Registry) =>
  getSection<HospitalProfile>(store, registry, HOSPITAL);

/** Validates and saves the profile form: 400 or 409; no `timezone`: the default, not chosen. */
export const saveHospital = (store: Store, registry: Registry, fields: Record<string, string>) =>
  saveSection<HospitalProfile>(store, registry, HOSPITAL, {
    ...fields,
    timezoneChosen: fields.timezone?.trim() ? "true" : "false",
  });
