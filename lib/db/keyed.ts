import type { CollectionSpec, Doc, Query } from "../index/doc.ts";

/** Printable ASCII: KV and the index order it alike but for capitals (see `keyedIds`). */
export const plain = (s: string): boolean => /^[\x20-\x7e]*$/.test(s);

/** Whether `doc`'s keyed value (if its collection declares `keyed`) is `plain`. */
export const keyedPlain = (spec: CollectionSpec, doc: Doc): boolean =>
  !spec.keyed || plain(String(doc[spec.keyed] ?? "").trim());

/** The most records a `keyed` early answer reads: the first pages of a list. */
export const KEYED_MAX = 1000;

/** Whether `q` only orders by `field` ascending and pages within its first `KEYED_MAX` records. */
export function keyedPage(field: string, q: Query): boolean {
  const where = Object.values(q.where ?? {}).some((v) => v !== "" && v != null);
  return !q.search?.trim() && !where && !q.filter && !q.numeric && !q.match &&
    q.order?.length === 1 && q.order[0].field === field && q.order[0].dir === "asc" &&
    q.length !== undefined &&
    (q.start ?? 0) + q.length <= KEYED_MAX;
}

interface Pick {
  key: string;
  id: string;
}

/**
 * The ids of the first `n` records in the index's `keyed` order, read from the keys in KV
 * order (null: a key not `plain`). Lowercasing only raises a character, so reading stops once
 * a key is past the `n`-th lowercased key found.
 */
export async function keyedIds(
  kv: Deno.Kv,
  spec: CollectionSpec,
  n: number,
): Promise<string[] | null> {
  const cmp = (a: Pick, b: Pick) =>
    a.key < b.key ? -1 : a.key > b.key ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  const best: Pick[] = [];
  const prefix = [`${spec.name}_by_${spec.keyed}`];
  const batchSize = Math.min(1000, Math.max(100, n + 1));
  for await (const e of kv.list<string>({ prefix }, { batchSize })) {
    const raw = e.key[1];
    if (typeof raw !== "string" || !plain(raw)) return null;
    if (best.length >= n && raw > best[n - 1].key) break;
    const p = { key: raw.toLowerCase(), id: e.value };
    if (best.length >= n && cmp(p, best[n - 1]) >= 0) continue;
    let lo = 0, hi = best.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cmp(best[mid], p) < 0) lo = mid + 1;
      else hi = mid;
    }
    best.splice(lo, 0, p);
    if (best.length > n) best.pop();
  }
  return best.map((p) => p.id);
}
