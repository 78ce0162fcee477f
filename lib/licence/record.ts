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

/** The stored licence, or null when this server has not been validated (or was deactivated). */
export async function readLicence(store: Store): Promise<LicenceRecord | null> {
  return (await store.kv.get<LicenceRecord>(KEY)).value;
}

/** Stores the licence (replacing any previous one). */
export async function saveLicence(store: Store, rec: LicenceRecord): Promise<void> {
  await store.kv.set(KEY, rec);
}

/**
 * Removes the stored licence (only if it is still the one for `code`, so a validation made in
 * the meantime survives); login then asks for validation again.
 */
export async function deleteLicence(store: Store, code: string): Promise<void> {
  const entry = await store.kv.get<LicenceRecord>(KEY);
  if (!entry.value || !sameCode(entry.value.hospitalCode, code)) return;
  await store.kv.atomic().check(entry).delete(KEY).commit();
}

/** Same code, ignoring letter case (codes are typed by hand). */
export const sameCode = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();
