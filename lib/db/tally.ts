import type { Op } from "./batch.ts";
import type { CollectionSpec, Doc } from "../index/doc.ts";
import { conflict } from "../errors.ts";

/** What a tally is kept for: a collection (see `CollectionSpec.tally`). */
export interface Tallied {
  readonly kv: Deno.Kv;
  readonly spec: CollectionSpec;
  readonly verKey: Deno.KvKey;
  index(fresh?: boolean): Promise<{ rows(): { value: Doc }[] }>;
}

/** How writing `doc` (null: a removal) over `old` moves the tally of `spec` (0: none kept). */
export function tallyDelta(spec: CollectionSpec, doc: Doc | null, old: Doc | undefined): number {
  const of = spec.tally?.of;
  return of ? (doc ? of(doc) : 0) - (old ? of(old) : 0) : 0;
}

/**
 * The tally's count and its key's versionstamp (null: not stored, counted from the index, so
 * the commit storing it must check the counter is still `ver`).
 */
export async function tallyNow(
  col: Tallied,
  ver?: string | null,
): Promise<{ n: number; versionstamp: string | null }> {
  const tally = col.spec.tally!;
  const got = await col.kv.get<number>(tally.key);
  if (got.versionstamp) return { n: got.value!, versionstamp: got.versionstamp };
  if (ver === undefined) ver = (await col.kv.get(col.verKey)).versionstamp;
  let n = 0;
  for (const r of (await col.index(true)).rows()) n += tally.of(r.value);
  return { n, versionstamp: null };
}

/** The ops moving the tally by `delta` in a commit; 409 when it would fall below its minimum. */
export async function tallyOps(col: Tallied, delta: number): Promise<Op[]> {
  const tally = col.spec.tally;
  if (!tally || !delta) return [];
  const ver = (await col.kv.get(col.verKey)).versionstamp;
  const now = await tallyNow(col, ver);
  if (now.n + delta < tally.min) throw conflict(tally.message);
  return [
    { kind: "check", key: tally.key, versionstamp: now.versionstamp },
    { kind: "set", key: tally.key, value: now.n + delta },
    ...(now.versionstamp ? [] : [{ kind: "check", key: col.verKey, versionstamp: ver } as Op]),
  ];
}

/** After a refused commit lowering the tally: its 409 when the count no longer allows it. */
export async function tallyError(col: Tallied, delta: number): Promise<Error | null> {
  const tally = col.spec.tally;
  if (!tally || delta >= 0) return null;
  return (await tallyNow(col)).n + delta < tally.min ? conflict(tally.message) : null;
}
