import type { Op } from "./batch.ts";
import type { CollectionSpec, Doc, KvHolder, Query, QueryResult, Row } from "../index/doc.ts";
import { readMany } from "./whole_records.ts";
import { newIndex, type OnExact } from "../index/sync.ts";
import { keyedIds, keyedPage, keyedPlain } from "./keyed.ts";

/** Whether a collection keeps the count of every record (it declares `subset` or `keyed`). */
const counts = (spec: CollectionSpec) => !!(spec.subset || spec.keyed);

/** The count of every record (`subset` or `keyed`): a `KvU64` moved by `sum` (−1: 2^64 − 1). */
export const countKey = (name: string): Deno.KvKey => ["_meta", "count", name];

/**
 * Present while the count is exact (stored by an exact load with every keyed value `plain`);
 * absent, nothing is answered early.
 */
export const countedKey = (name: string): Deno.KvKey => ["_meta", "counted", name];

const MINUS_ONE = (1n << 64n) - 1n;

/** The count's op in a commit that creates (+1), removes (−1) or replaces (0) a record. */
export function countOps(spec: CollectionSpec, delta: 1 | 0 | -1, doc?: Doc): Op[] {
  if (!counts(spec)) return [];
  const ops: Op[] = delta
    ? [{ kind: "sum", key: countKey(spec.name), n: delta > 0 ? 1n : MINUS_ONE }]
    : [];
  if (doc && !keyedPlain(spec, doc)) ops.push({ kind: "delete", key: countedKey(spec.name) });
  return ops;
}

/** A bulk write's op (its rollback cannot undo a `sum`): the `counted` mark deleted. */
export function bulkCountOps(spec: CollectionSpec, added: number, docs: Doc[]): Op[] {
  return counts(spec) && (added || docs.some((d) => !keyedPlain(spec, d)))
    ? [{ kind: "delete", key: countedKey(spec.name) }]
    : [];
}

/**
 * After a load holding exactly `size` records at counter `vs`: stores the count (unless stored
 * or a keyed value is not plain), checking the counter is still at `vs`.
 */
export async function storeCount(
  kv: Deno.Kv,
  spec: CollectionSpec,
  size: number,
  vs: string | null,
  rows: () => Iterable<Row<Doc>> = () => [],
): Promise<boolean> {
  if (!counts(spec) || (await kv.get(countedKey(spec.name))).versionstamp) return false;
  if (spec.keyed) { for (const r of rows()) if (!keyedPlain(spec, r.value)) return false; }
  const res = await kv.atomic()
    .check({ key: ["_meta", "ver", spec.name], versionstamp: vs })
    .set(countKey(spec.name), new Deno.KvU64(BigInt(size)))
    .set(countedKey(spec.name), { at: new Date().toISOString() })
    .commit();
  return res.ok;
}

/** `storeCount` after each load of the index of `spec` (logs a failure, never throws). */
export const countOnLoad = (holder: KvHolder, spec: CollectionSpec): OnExact => (size, vs, rows) =>
  storeCount(holder.kv, spec, size, vs, rows).catch((e) => {
    console.error(`Jumlah ${spec.name} tidak tersimpan:`, e);
  });

/** The stored count of every record, or null when it is not stored (see `countedKey`). */
async function readCount(kv: Deno.Kv, spec: CollectionSpec): Promise<number | null> {
  const [counted, count] = await kv.getMany<[unknown, Deno.KvU64]>([
    countedKey(spec.name),
    countKey(spec.name),
  ]);
  return counted.versionstamp ? Number(count.value?.value ?? 0n) : null;
}

/** The ids held by the keys of a unique field, in id order. */
async function idsOf(kv: Deno.Kv, spec: CollectionSpec, unique: string): Promise<string[]> {
  const ids: string[] = [];
  const prefix = [`${spec.name}_by_${unique}`];
  for await (const e of kv.list<string>({ prefix }, { batchSize: 1000 })) ids.push(e.value);
  return ids.sort();
}

/**
 * The answer to `q` before the index is loaded, from a small index of the `subset`'s records
 * (found by their unique keys) or of a `keyed` list's first pages; null when it cannot answer.
 */
export async function earlyAnswer<T extends Doc>(
  kv: Deno.Kv,
  spec: CollectionSpec,
  q: Query,
): Promise<QueryResult<T> | null> {
  const s = spec.subset, where = q.where ?? {};
  const picked = s && where[s.field] === s.value
    ? "subset"
    : spec.keyed && keyedPage(spec.keyed, q)
    ? "keyed"
    : null;
  if (!picked) return null;
  const total = await readCount(kv, spec);
  if (total === null) return null;
  const ids = picked === "subset"
    ? await idsOf(kv, spec, s!.unique)
    : await keyedIds(kv, spec, (q.start ?? 0) + q.length!);
  if (!ids) return null;
  const index = newIndex<T>(spec);
  for (const r of await readMany<T>(kv, (id) => [spec.name, id], ids)) index.put(r.value._id, r);
  const res = index.query(q);
  return { ...res, total, filtered: picked === "keyed" ? total : res.filtered };
}
