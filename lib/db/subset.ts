import type { Op } from "./batch.ts";
import type { CollectionSpec, Doc, KvHolder, Row } from "../index/doc.ts";
import { readMany } from "./whole_records.ts";
import type { MemIndex } from "../index/index.ts";
import { newIndex, type OnExact } from "../index/keeper.ts";

/**
 * The count of every record of a collection declaring a `subset`, a `KvU64` moved by `sum` in
 * the commit that creates or removes a record (−1 is 2^64 − 1: `sum` wraps).
 */
export const countKey = (name: string): Deno.KvKey => ["_meta", "count", name];

/**
 * Present once the count was stored from an index holding exactly the records at the write
 * counter (data written before, or a bulk write that added records, leave it absent: then the
 * count is not read).
 */
export const countedKey = (name: string): Deno.KvKey => ["_meta", "counted", name];

const MINUS_ONE = (1n << 64n) - 1n;

/** The count's operation in a commit that creates (+1) or removes (−1) a record. */
export function countOps(spec: CollectionSpec, delta: 1 | -1): Op[] {
  if (!spec.subset) return [];
  return [{ kind: "sum", key: countKey(spec.name), n: delta > 0 ? 1n : MINUS_ONE }];
}

/**
 * The operation of a bulk write (`writeMany`, whose rollback cannot undo a `sum`) that adds
 * `added` records: the count is not read again until an exact load stores it (`storeCount`).
 */
export function bulkCountOps(spec: CollectionSpec, added: number): Op[] {
  return spec.subset && added ? [{ kind: "delete", key: countedKey(spec.name) }] : [];
}

/**
 * After a load whose index holds exactly `size` records at the write counter's versionstamp
 * `vs`: stores the count, unless stored already, in a commit that checks the counter is still
 * at `vs` (a write since then leaves it for the next load).
 */
export async function storeCount(
  kv: Deno.Kv,
  spec: CollectionSpec,
  size: number,
  vs: string | null,
): Promise<boolean> {
  if (!spec.subset || (await kv.get(countedKey(spec.name))).versionstamp) return false;
  const res = await kv.atomic()
    .check({ key: ["_meta", "ver", spec.name], versionstamp: vs })
    .set(countKey(spec.name), new Deno.KvU64(BigInt(size)))
    .set(countedKey(spec.name), { at: new Date().toISOString() })
    .commit();
  return res.ok;
}

/** `storeCount` after each load of the index of `spec` (logs a failure, never throws). */
export const countOnLoad = (holder: KvHolder, spec: CollectionSpec): OnExact => (size, vs) =>
  storeCount(holder.kv, spec, size, vs).catch((e) => {
    console.error(`Jumlah ${spec.name} tidak tersimpan:`, e);
  });

/**
 * The records of a collection's `subset` (found through the keys of its `unique` field, which
 * its records and only they hold), in id order, and the count of every record, read straight
 * from KV; null when the count is not stored.
 */
async function readSubset<T extends Doc>(
  kv: Deno.Kv,
  spec: CollectionSpec,
): Promise<{ rows: Row<T>[]; total: number } | null> {
  const s = spec.subset;
  if (!s) return null;
  const [counted, count] = await kv.getMany<[unknown, Deno.KvU64]>([
    countedKey(spec.name),
    countKey(spec.name),
  ]);
  if (!counted.versionstamp) return null;
  const ids: string[] = [];
  const prefix = [`${spec.name}_by_${s.unique}`];
  for await (const e of kv.list<string>({ prefix }, { batchSize: 1000 })) ids.push(e.value);
  ids.sort();
  const rows = await readMany<T>(kv, (id) => [spec.name, id], ids);
  return { rows, total: Number(count.value?.value ?? 0n) };
}

/**
 * For a query on `where` before the index is loaded: a small index of the `subset`'s records
 * (its declaration's own kind) and the count of every record, when `where` asks for the subset
 * and the count is stored; else null.
 */
export async function earlyIndex<T extends Doc>(
  kv: Deno.Kv,
  spec: CollectionSpec,
  where: Record<string, unknown>,
): Promise<{ index: MemIndex<T>; total: number } | null> {
  const s = spec.subset;
  if (!s || where[s.field] !== s.value) return null;
  const got = await readSubset<T>(kv, spec);
  if (!got) return null;
  const index = newIndex<T>(spec);
  for (const r of got.rows) index.put(r.value._id, r);
  return { index, total: got.total };
}
