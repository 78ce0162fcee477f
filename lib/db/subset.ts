import type { Op } from "./batch.ts";
import type { CollectionSpec, Doc, KvHolder, Query, QueryResult, Row } from "../index/doc.ts";
import { readMany } from "./whole_records.ts";
import { newIndex, type OnExact } from "../index/sync.ts";
import { keyedIds, keyedPage, keyedPlain } from "./keyed.ts";

/** Whether a collection keeps the count of every record (it declares `subset` or `keyed`). */
const counts = (spec: CollectionSpec) => !!(spec.subset || spec.keyed);

/**
 * The count of every record of a collection declaring a `subset` or `keyed`, a `KvU64` moved
 * by `sum` in the commit that creates or removes a record (−1 is 2^64 − 1: `sum` wraps).
 */
export const countKey = (name: string): Deno.KvKey => ["_meta", "count", name];

/**
 * Present once the count was stored from an index holding exactly the records at the write
 * counter, and (`keyed`) every keyed value was `plain` then: data written before, a bulk write
 * that added records, or a write of a keyed value that is not plain leave it absent, and then
 * nothing is answered early.
 */
export const countedKey = (name: string): Deno.KvKey => ["_meta", "counted", name];

const MINUS_ONE = (1n << 64n) - 1n;

/**
 * The count's operation in a commit that creates (+1) or removes (−1) a record, or writes `doc`
 * over one (0); and, for a `keyed` value of `doc` that is not plain, the `counted` mark's deletion.
 */
export function countOps(spec: CollectionSpec, delta: 1 | 0 | -1, doc?: Doc): Op[] {
  if (!counts(spec)) return [];
  const ops: Op[] = delta
    ? [{ kind: "sum", key: countKey(spec.name), n: delta > 0 ? 1n : MINUS_ONE }]
    : [];
  if (doc && !keyedPlain(spec, doc)) ops.push({ kind: "delete", key: countedKey(spec.name) });
  return ops;
}

/**
 * The operation of a bulk write (`writeMany`, whose rollback cannot undo a `sum`) of `docs`,
 * `added` of them new: the count is not read again until an exact load stores it (`storeCount`).
 */
export function bulkCountOps(spec: CollectionSpec, added: number, docs: Doc[]): Op[] {
  return counts(spec) && (added || docs.some((d) => !keyedPlain(spec, d)))
    ? [{ kind: "delete", key: countedKey(spec.name) }]
    : [];
}

/**
 * After a load whose index holds exactly `size` records at the write counter's versionstamp
 * `vs`: stores the count, unless stored already (or a keyed value of `rows` is not plain), in a
 * commit that checks the counter is still at `vs` (a write since then leaves it for the next
 * load).
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
 * For query `q` before the index is loaded, when the count is stored: its answer from a small
 * index, with the counts of the whole collection, or null when `q` is not one it can answer.
 * - `subset`: `q.where` asks for the subset; the index holds all its records, found through
 *   the keys of its `unique` field (which they and only they hold).
 * - `keyed`: `q` only orders by that field, ascending, and pages within its first `KEYED_MAX`
 *   records; the index holds the records of those first pages (see keyed.ts).
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
