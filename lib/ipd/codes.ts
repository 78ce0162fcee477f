import { badRequest } from "../errors.ts";
import type { IcdItem, KeywordItem } from "./model.ts";
import type { Registry } from "../resource/refs.ts";
import { collectionOf } from "../resource/resource.ts";
import type { Store } from "../db/store.ts";

/** Most codes one list may hold. */
const MAX_CODES = 100;

/** ICD codes picked by id, copied as `{_id, code, desc}`; 400 for one missing or not `kind`. */
export async function resolveIcds(
  store: Store,
  registry: Registry,
  ids: string[],
  kind: "icd10" | "icd9",
  label: string,
): Promise<IcdItem[]> {
  if (!ids.length) return [];
  if (ids.length > MAX_CODES) throw badRequest(`${label} paling banyak ${MAX_CODES} kode.`);
  const index = await collectionOf(store, registry.get("icd")!).index();
  return ids.map((id) => {
    const doc = index.get(id)?.value;
    if (!doc) throw badRequest(`${label}: kode ICD dengan id "${id}" tidak ditemukan.`);
    if (doc.kind !== kind) {
      throw badRequest(
        `${label}: ${doc.code} bukan kode ${kind === "icd10" ? "ICD-10" : "ICD-9-CM"}.`,
      );
    }
    return { _id: doc._id, code: String(doc.code), desc: String(doc.desc ?? "").trim() };
  });
}

/** Disputed-claim keywords picked by id, copied with their recommendation and source. */
export async function resolveKeywords(
  store: Store,
  registry: Registry,
  ids: string[],
): Promise<KeywordItem[]> {
  if (!ids.length) return [];
  if (ids.length > MAX_CODES) throw badRequest(`Keyword paling banyak ${MAX_CODES}.`);
  const index = await collectionOf(store, registry.get("disputed-claim")!).index();
  return ids.map((id) => {
    const doc = index.get(id)?.value;
    if (!doc) throw badRequest(`Keyword dispute klaim dengan id "${id}" tidak ditemukan.`);
    return {
      _id: doc._id,
      kode_icd: String(doc.kode_icd ?? ""),
      keyword: String(doc.keyword),
      rekomendasi: String(doc.rekomendasi ?? ""),
      sumber: String(doc.sumber ?? ""),
    };
  });
}
