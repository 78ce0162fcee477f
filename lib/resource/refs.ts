import type { Check, Collection } from "../db/collection.ts";
import { AppError, badRequest, conflict, notFound, STALE_MESSAGE } from "../errors.ts";
import { lockKey } from "../db/journal.ts";
import { RACED_MESSAGE } from "../db/bulk.ts";
import type { Doc } from "../index/index.ts";
import { collectionOf, type RefDef, type ResourceDef } from "./resource.ts";
import type { Store } from "../db/store.ts";

/** Every declared resource by name. */
export type Registry = Map<string, ResourceDef>;

/** The embedded copy of a parent: `{_id, desc}` (or its display field) and its `copy` fields. */
export function embed(ref: RefDef, parent: Doc): Record<string, unknown> {
  const out: Record<string, unknown> = { _id: parent._id };
  for (const f of [ref.display ?? "desc", ...ref.copy ?? []]) {
    if (parent[f] !== undefined) out[f] = parent[f];
  }
  return out;
}

/** Tries a write again when it lost a race (409 stale or raced), up to 5 times in all. */
async function retried<R>(run: () => Promise<R>): Promise<R> {
  for (let i = 1;; i++) {
    try {
      return await run();
    } catch (e) {
      const raced = e instanceof AppError &&
        (e.message === STALE_MESSAGE || e.message === RACED_MESSAGE);
      if (i >= 5 || !raced) throw e;
    }
  }
}

/** Parent ids made embedded parents, and the checks: the parents unchanged, none being imported. */
export async function resolveRefs(
  store: Store,
  registry: Registry,
  def: ResourceDef,
  input: Record<string, unknown>,
): Promise<{ doc: Record<string, unknown>; checks: Check[] }> {
  const doc: Record<string, unknown> = { ...input };
  const checks: Check[] = [];
  for (const ref of def.refs ?? []) {
    const id = String(input[ref.input] ?? "");
    delete doc[ref.input];
    if (!id) {
      doc[ref.field] = null;
      continue;
    }
    const parentCol = collectionOf(store, registry.get(ref.resource)!);
    const row = await parentCol.find(id);
    if (!row) throw badRequest(`${ref.label} tidak ditemukan.`).at(ref.input);
    doc[ref.field] = embed(ref, row.value);
    checks.push({ key: parentCol.key(id), versionstamp: row.versionstamp });
    const lock: Check = { key: lockKey(parentCol.name), versionstamp: null };
    if (!checks.some((c) => c.key.join() === lock.key.join())) checks.push(lock);
  }
  return { doc, checks };
}

/** The resources that refer to `name`, with the reference they use. */
export function referrers(registry: Registry, name: string): [ResourceDef, RefDef][] {
  return [...registry.values()].flatMap((def) =>
    (def.refs ?? []).filter((r) => r.resource === name).map((r): [ResourceDef, RefDef] => [def, r])
  );
}

/** Checks for a commit writing a record of `def`: no import holds a collection embedding it. */
export function childLocks(registry: Registry, def: ResourceDef): Check[] {
  const names = new Set(referrers(registry, def.name).map(([child]) => child.name));
  return [...names].map((n) => ({ key: lockKey(n), versionstamp: null }));
}

/** Deletes and returns record `id` unless records refer to it (recounted if one came meanwhile). */
export function removeUnreferenced(
  store: Store,
  registry: Registry,
  def: ResourceDef,
  id: string,
): Promise<Doc> {
  const col = collectionOf(store, def);
  const children = new Map<string, [Collection, ResourceDef, string[]]>();
  for (const [child, ref] of referrers(registry, def.name)) {
    const have = children.get(child.name);
    if (have) have[2].push(ref.field);
    else children.set(child.name, [collectionOf(store, child), child, [ref.field]]);
  }
  return retried(async () => {
    if (!(await col.find(id))) throw notFound();
    const checks = childLocks(registry, def);
    for (const [ccol, child, fields] of children.values()) {
      checks.push({
        key: ccol.verKey,
        versionstamp: (await store.kv.get(ccol.verKey)).versionstamp,
      });
      const index = await ccol.index(true);
      const n = fields.reduce((a, f) => a + index.countWhere(`${f}._id`, id), 0);
      if (n > 0) {
        throw conflict(
          `${def.label} ini masih dipakai oleh ${n.toLocaleString("id-ID")} data ${child.label}; ` +
            "hapus atau pindahkan data itu dulu.",
        );
      }
    }
    return await col.remove(id, checks);
  });
}

/** After parents changed, refreshes their copies in the children (a `writeMany` per collection). */
export async function refreshChildren(
  store: Store,
  registry: Registry,
  def: ResourceDef,
  list: Doc[],
): Promise<void> {
  if (!list.length) return;
  for (const [child, ref] of referrers(registry, def.name)) {
    const col = collectionOf(store, child);
    await retried(async () => {
      const since = (await store.kv.get(col.verKey)).versionstamp;
      const index = await col.index(true);
      const fresh = new Map(list.map((p) => [p._id, embed(ref, p)]));
      const differs = (d: Doc) => {
        const f = fresh.get((d[ref.field] as Doc | null)?._id ?? "");
        return !!f && JSON.stringify(d[ref.field]) !== JSON.stringify(f);
      };
      // the index keeps the embedded copy: only the children holding an old one are read whole
      const holding = list.flatMap((p) => index.where(`${ref.field}._id`, p._id))
        .filter((r) => differs(r.value));
      const stale = (await col.full(holding, true)).filter((r) => differs(r.value))
        .map((r) => ({ ...r.value, [ref.field]: fresh.get((r.value[ref.field] as Doc)._id) }));
      if (stale.length) {
        await col.writeMany(stale, {
          since,
          what: `Pembaruan ${ref.label.toLowerCase()} di data ${child.label}`,
        });
      }
    });
  }
}
