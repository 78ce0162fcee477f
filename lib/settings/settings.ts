import type { z } from "zod";
import type { Check } from "../db/collection.ts";
import { applyOps } from "../db/batch.ts";
import { intentOps } from "../db/outbox.ts";
import { badRequest, conflict, STALE_MESSAGE } from "../errors.ts";
import type { Doc } from "../index/index.ts";
import type { Registry } from "../resource/refs.ts";
import { collectionOf, type RefDef } from "../resource/resource.ts";
import type { Store } from "../db/store.ts";
import { ReadCache } from "../db/read_cache.ts";
import { parseOr400 } from "../resource/validate.ts";
import type { TableField } from "../resource/table_props.ts";

/** The settings sections, each one KV record under `["setting", section]`. */
export type SettingSection = "hospital" | "address" | "general" | "bill" | "eklaim";

/** A section as read: its value (null when never saved) and the versionstamp it was read at. */
export interface SettingRow<T> {
  value: T | null;
  versionstamp: string | null;
}

/** An embedded reference: the picked record's id and its description. */
export interface RefValue {
  _id: string;
  desc: string;
}

/** A reference field of a section (form field and stored field have the same name). */
export type SettingRef = Pick<RefDef, "resource" | "label"> & { field: string };

/** A reference's select on a section's form (`parent`: narrowed by the field above). */
export const refSelect = (r: SettingRef, parent: { parent?: string; param?: string } = {}) =>
  ({
    name: r.field,
    label: r.label,
    type: "select",
    required: true,
    options: { url: `/api/${r.resource}/select2`, ...parent },
    from: r.field,
  }) satisfies TableField;

const keyOf = (section: SettingSection): Deno.KvKey => ["setting", section];
const refValue = (doc: Doc): RefValue => ({ _id: doc._id, desc: String(doc.desc ?? "") });

/** Reads a section straight from KV. */
export async function readSetting<T>(
  store: Store,
  section: SettingSection,
): Promise<SettingRow<T>> {
  const e = await store.kv.get<T>(keyOf(section));
  return { value: e.value, versionstamp: e.versionstamp };
}

/** Sections read for display, each used for a second before it is read again. */
const keptSettings = new ReadCache<SettingRow<unknown>>(1_000, () => performance.now());

/** A section for display, read from KV at most once a second (this process's saves at once). */
export async function readSettingKept<T>(
  store: Store,
  section: SettingSection,
): Promise<SettingRow<T>> {
  const row = await keptSettings.get(store.kv, section, () => readSetting<unknown>(store, section));
  return row! as SettingRow<T>;
}

/** Reads a section for an update; 409 when `expected` (the form's version, "": none) is stale. */
export async function readForUpdate<T>(
  store: Store,
  section: SettingSection,
  expected?: string,
): Promise<SettingRow<T>> {
  const cur = await readSetting<T>(store, section);
  if (expected !== undefined && expected !== (cur.versionstamp ?? "")) {
    throw conflict(STALE_MESSAGE);
  }
  return cur;
}

/** Replaces (null: removes) a section if it and `checks` stand (409); `audited`: sans secrets. */
export async function writeSetting<T>(
  store: Store,
  section: SettingSection,
  cur: SettingRow<T>,
  value: T | null,
  checks: Check[] = [],
  audited: (v: T) => object = (v) => v as object,
): Promise<string | null> {
  const key = keyOf(section);
  const op = store.kv.atomic().check({ key, versionstamp: cur.versionstamp }, ...checks);
  if (value === null) op.delete(key);
  else op.set(key, value);
  // its audit entry's intent, in the same commit (lib/db/outbox.ts)
  const asDoc = (v: T | null) => v && { _id: section, ...audited(v) } as Doc;
  applyOps(
    op,
    intentOps([{
      entity: "setting",
      entityId: section,
      before: asDoc(cur.value),
      after: asDoc(value),
    }]),
  );
  const res = await op.commit();
  if (!res.ok) throw conflict(STALE_MESSAGE);
  keptSettings.wrote(store.kv, section, null);
  return value === null ? null : res.versionstamp;
}

/** A section edited as one form: its schema, the references it picks, and extra checks. */
export interface FormSection {
  section: SettingSection;
  schema: z.ZodObject<z.ZodRawShape>;
  refs: SettingRef[];
  /** Checks the picked records together (e.g. regions must nest); throws an AppError. */
  check?: (docs: Record<string, Doc>) => void;
}

/** A form section as saved (null when never), its references as they are now (deleted: null). */
export async function getSection<T extends object>(
  store: Store,
  registry: Registry,
  s: FormSection,
): Promise<SettingRow<T>> {
  const row = await readSettingKept<T>(store, s.section);
  if (!row.value) return row;
  const value = { ...row.value } as Record<string, unknown>;
  for (const ref of s.refs) {
    const cur = value[ref.field] as RefValue | null | undefined;
    if (!cur?._id) continue;
    const found = (await collectionOf(store, registry.get(ref.resource)!).index()).get(cur._id);
    value[ref.field] = found ? refValue(found.value) : null;
  }
  return { ...row, value: value as unknown as T };
}

/** Validates and saves a form section, its picked ids embedded: 400 naming the field, or 409. */
export async function saveSection<T extends object>(
  store: Store,
  registry: Registry,
  s: FormSection,
  fields: Record<string, string>,
): Promise<SettingRow<T>> {
  const input = parseOr400(s.schema, fields) as Record<string, unknown>;
  const cur = await readForUpdate<T>(store, s.section, fields._version);
  const embedded: Record<string, RefValue> = {};
  const docs: Record<string, Doc> = {};
  const checks: Check[] = [];
  for (const ref of s.refs) {
    const col = collectionOf(store, registry.get(ref.resource)!);
    const id = String(input[ref.field] ?? "");
    const row = id ? await col.find(id) : null;
    if (!row) throw badRequest(`${ref.label} tidak ditemukan.`, [`${ref.label} tidak ditemukan.`]);
    embedded[ref.field] = refValue(row.value);
    docs[ref.field] = row.value;
    checks.push({ key: col.key(id), versionstamp: row.versionstamp });
  }
  s.check?.(docs);
  const value = { ...input, ...embedded } as unknown as T;
  return { value, versionstamp: await writeSetting(store, s.section, cur, value, checks) };
}
