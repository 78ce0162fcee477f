import { z } from "zod";
import type { Registry } from "../resource/refs.ts";
import type { TableField } from "../resource/table_props.ts";
import { oneOf } from "../resource/validate.ts";
import type { Store } from "../db/store.ts";
import {
  type FormSection,
  getSection,
  readSettingKept,
  saveSection,
} from "../settings/settings.ts";
import {
  BILL_CATEGORIES,
  BILL_KEYS,
  BILL_LABELS,
  type BillKey,
  DEFAULT_BILL_CATEGORY,
  isBillKey,
} from "./bill.ts";

/** The bill's settings section (`["setting", "bill"]`; here, as lib/settings imports no domain). */
export interface BillSetting {
  /** The category a hospital tariff typed as one number goes to. */
  defaultCategory: BillKey;
}

const LABEL = "Kategori bawaan Tarif RS";

const BILL: FormSection = {
  section: "bill",
  schema: z.object({ defaultCategory: oneOf(LABEL, [...BILL_KEYS]) }),
  refs: [],
};

/** The settings form's field. */
export const BILL_FIELDS: TableField[] = [{
  name: "defaultCategory",
  label: LABEL,
  type: "select",
  required: true,
  choices: BILL_CATEGORIES.map(([id, text]) => ({ id, text })),
  hint: "Tarif RS pemeriksaan yang tidak dirinci masuk ke kategori ini; sisa rincian juga.",
}];

/** The saved section, or the category in force when it was never saved (`_version` ""). */
export async function getBillSetting(
  store: Store,
  registry: Registry,
): Promise<{ value: BillSetting; versionstamp: string | null }> {
  const { value, versionstamp } = await getSection<BillSetting>(store, registry, BILL);
  return value
    ? { value, versionstamp }
    : { value: { defaultCategory: DEFAULT_BILL_CATEGORY }, versionstamp: "" };
}

/** Saves the section (`defaultCategory`, `_version`): 400 naming the field, 409 when stale. */
export const saveBillSetting = (store: Store, registry: Registry, f: Record<string, string>) =>
  saveSection<BillSetting>(store, registry, BILL, f);

/** The category the settings name (read at most once a second), `DEFAULT_BILL_CATEGORY` unset. */
export async function billCategory(store: Store): Promise<BillKey> {
  const c = (await readSettingKept<BillSetting>(store, "bill")).value?.defaultCategory;
  return c && isBillKey(c) ? c : DEFAULT_BILL_CATEGORY;
}

/** What the settings page says under the section. */
export const billSummary = (c: BillKey) =>
  `Rincian Tarif RS mengikuti 18 kategori E-Klaim; yang tidak dirinci masuk ke ${BILL_LABELS[c]}.`;
