import { z } from "zod";
import type { Registry } from "./refs.ts";
import {
  freshRefs,
  readForUpdate,
  readSetting,
  type RefValue,
  resolveSettingRefs,
  type SettingRef,
  type SettingRow,
  writeSetting,
} from "./settings.ts";
import type { Store } from "./store.ts";
import type { TableField } from "./table_props.ts";
import { parseOr400, refId, text } from "./validate.ts";

/** The hospital itself, stored under `["setting", "hospital"]`. */
export interface HospitalProfile {
  name: string;
  regional: RefValue | null;
  hospitalClass: RefValue | null;
  owner: RefValue | null;
  type: RefValue | null;
}

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
});

/** The profile form's fields (selects preload from the embedded references). */
export const HOSPITAL_FIELDS: TableField[] = [
  { name: "name", label: "Nama Rumah Sakit", required: true },
  ...HOSPITAL_REFS.map((r): TableField => ({
    name: r.field,
    label: r.label,
    type: "select",
    required: true,
    options: { url: `/api/${r.resource}/select2` },
    from: r.field,
  })),
];

/** The saved profile (null when never saved), its references as they are now. */
export async function getHospital(
  store: Store,
  registry: Registry,
): Promise<SettingRow<HospitalProfile>> {
  const row = await readSetting<HospitalProfile>(store, "hospital");
  if (!row.value) return row;
  return { ...row, value: await freshRefs(store, registry, HOSPITAL_REFS, row.value) };
}

/**
 * Validates and saves the profile form (`name`, `regional`, `hospitalClass`, `owner`, `type` as
 * reference ids, optional `_version`): 400 naming the field, 409 when stale.
 */
export async function saveHospital(
  store: Store,
  registry: Registry,
  fields: Record<string, string>,
): Promise<SettingRow<HospitalProfile>> {
  const input = parseOr400(schema, fields);
  const cur = await readForUpdate<HospitalProfile>(store, "hospital", fields._version);
  const { embedded, checks } = await resolveSettingRefs(store, registry, HOSPITAL_REFS, input);
  const value = { name: input.name as string, ...embedded } as unknown as HospitalProfile;
  return { value, versionstamp: await writeSetting(store, "hospital", cur, value, checks) };
}
