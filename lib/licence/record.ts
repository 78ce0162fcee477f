import type { Store } from "../db/store.ts";

/** The licence this server was validated with, as the server itself fetched it. */
export interface LicenceRecord {
  hospitalCode: string;
  lisensi: string;
  /** When the licence was first validated on this server (epoch ms). */
  validatedAt: number;
  /** When the activation service last confirmed it active (epoch ms); grace counts from here. */
  verifiedAt: number;
}

const KEY = ["licence", "current"];
/** The licence last removed: kept so that a removal never makes the next validation a first one. */
const PREVIOUS = ["licence", "previous"];

/** The stored licence, or null when this server has not been validated (or was deactivated). */
export async function readLicence(store: Store): Promise<LicenceRecord | null> {
  return (await store.kv.get<LicenceRecord>(KEY)).value;
}

/** The stored licence's entry (for `replaceLicence`). */
export function licenceEntry(store: Store): Promise<Deno.KvEntryMaybe<LicenceRecord>> {
  return store.kv.get<LicenceRecord>(KEY);
}

/** Whether a licence was ever validated on this store (one is stored, or one was removed). */
export async function everValidated(store: Store): Promise<boolean> {
  const [now, before] = await store.kv.getMany([KEY, PREVIOUS]);
  return !!now.value || !!before.value;
}

/** Stores the licence (replacing any previous one). */
export async function saveLicence(store: Store, rec: LicenceRecord): Promise<void> {
  await store.kv.set(KEY, rec);
}

/** Stores `rec` only if the stored licence is still the one `read` (none included); else false. */
export async function replaceLicence(
  store: Store,
  read: Deno.KvEntryMaybe<LicenceRecord>,
  rec: LicenceRecord,
): Promise<boolean> {
  return (await store.kv.atomic().check(read).set(KEY, rec).commit()).ok;
}

/** Removes the stored licence if still `code`'s, keeping it aside (see `everValidated`). */
export async function deleteLicence(store: Store, code: string): Promise<void> {
  const entry = await store.kv.get<LicenceRecord>(KEY);
  if (!entry.value || !sameCode(entry.value.hospitalCode, code)) return;
  await store.kv.atomic().check(entry).delete(KEY).set(PREVIOUS, entry.value).commit();
}

/** Same code, ignoring letter case (codes are typed by hand). */
export const sameCode = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();
