import type { CollectionSpec } from "../index/doc.ts";
import { compareKey, sortKey } from "../index/scan.ts";

interface Pick {
  key: string;
  id: string;
}

/**
 * The ids of the first `n` records of a collection declaring `keyed` in that field's order
 * (`dir`), as the index orders it: lowercased text, ties by id. Every key is read, because KV
 * orders keys by their bytes ("B1" before "a1") and the index by lowercased text; read in the
 * list's direction, nearly every key after the first `n` is refused by one comparison.
 */
export async function keyedIds(
  kv: Deno.Kv,
  spec: CollectionSpec,
  dir: "asc" | "desc",
  n: number,
): Promise<string[]> {
  const sign = dir === "desc" ? -1 : 1;
  const cmp = (a: Pick, b: Pick) =>
    sign * compareKey(a.key, b.key) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const best: Pick[] = [];
  const prefix = [`${spec.name}_by_${spec.keyed}`];
  const iter = kv.list<string>({ prefix }, { batchSize: 1000, reverse: dir === "desc" });
  for await (const e of iter) {
    const p = { key: sortKey(e.key[1]) as string, id: e.value };
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
