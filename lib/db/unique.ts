import type { Op } from "./batch.ts";
import type { Doc } from "../index/doc.ts";
import { conflict, STALE_MESSAGE } from "../errors.ts";

/** What `uniqueOps` needs of a collection. */
export interface UniqueOwner {
  name: string;
  spec: { unique?: string[] };
  norm(field: string, value: unknown): string;
}

/** Why writing `doc` as record `id` failed: a unique value another record holds, else stale. */
export async function whyConflict(
  col: UniqueOwner & {
    spec: { labels?: Record<string, string> };
    idBy(field: string, value: unknown): Promise<string | null>;
  },
  doc: Doc,
  id: string,
): Promise<Error> {
  for (const f of col.spec.unique ?? []) {
    const v = doc[f];
    if (v == null || v === "") continue;
    const owner = await col.idBy(f, v);
    if (owner && owner !== id) {
      return conflict(`${col.spec.labels?.[f] ?? f} "${v}" sudah digunakan.`).at(f);
    }
  }
  return conflict(STALE_MESSAGE);
}

/** The unique-key ops of writing `doc` as `id` over `old`: old keys deleted, new checked empty. */
export function uniqueOps(col: UniqueOwner, id: string, doc: Doc, old?: Doc): Op[] {
  const ops: Op[] = [];
  for (const f of col.spec.unique ?? []) {
    const nu = doc[f] == null || doc[f] === "" ? null : col.norm(f, doc[f]);
    const was = old && old[f] != null && old[f] !== "" ? col.norm(f, old[f]) : null;
    if (nu === was) continue;
    if (was !== null) ops.push({ kind: "delete", key: [`${col.name}_by_${f}`, was] });
    if (nu !== null) {
      const key = [`${col.name}_by_${f}`, nu];
      ops.push({ kind: "check", key, versionstamp: null }, { kind: "set", key, value: id });
    }
  }
  return ops;
}
