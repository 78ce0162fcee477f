import type { Check } from "../db/collection.ts";
import { badRequest, conflict } from "../errors.ts";
import type { Doc } from "../db/mem_index.ts";
import { collectionOf, type RefDef, type ResourceDef } from "./resource.ts";
import type { Store } from "../db/store.ts";

/** Every declared resource by name. */
export type Registry = Map<string, ResourceDef>;

/** The embedded copy of a parent: `{_id, desc}` (or its display field). */
export function embed(ref: RefDef, parent: Doc): Record<string, unknown> {
  const out: Record<string, unknown> = { _id: parent._id };
  for (const f of [ref.display ?? "desc", ...ref.copy ?? []]) out[f] = parent[f];
  return out;
}

/**
 * Turns parent ids in a validated payload into embedded parents, with a versionstamp check
 * for each so a parent deleted meanwhile makes the write fail instead of orphaning it.
 */
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
    if (!row) throw badRequest(`${ref.label} tidak ditemukan.`);
    doc[ref.field] = embed(ref, row.value);
    checks.push({ key: parentCol.key(id), versionstamp: row.versionstamp });
  }
  return { doc, checks };
}

/** The resources that refer to `name`, with the reference they use. */
export function referrers(registry: Registry, name: string): [ResourceDef, RefDef][] {
  const out: [ResourceDef, RefDef][] = [];
  for (const def of registry.values()) {
    for (const ref of def.refs ?? []) if (ref.resource === name) out.push([def, ref]);
  }
  return out;
}

/** Refuses to delete a record that other records still refer to. */
export async function assertUnreferenced(
  store: Store,
  registry: Registry,
  def: ResourceDef,
  id: string,
): Promise<void> {
  for (const [child, ref] of referrers(registry, def.name)) {
    const n = (await collectionOf(store, child).index()).countWhere(`${ref.field}._id`, id);
    if (n > 0) {
      throw conflict(
        `${def.label} ini masih dipakai oleh ${n.toLocaleString("id-ID")} data ${child.label}; ` +
          "hapus atau pindahkan data itu dulu.",
      );
    }
  }
}

/** After a parent changed, refreshes the copy of it embedded in its children. */
export async function refreshChildren(
  store: Store,
  registry: Registry,
  def: ResourceDef,
  parent: Doc,
): Promise<void> {
  for (const [child, ref] of referrers(registry, def.name)) {
    const col = collectionOf(store, child);
    const fresh = embed(ref, parent);
    const holding = (await col.index()).where(`${ref.field}._id`, parent._id);
    const stale = (await col.full(holding, true))
      .filter((r) => JSON.stringify(r.value[ref.field]) !== JSON.stringify(fresh))
      .map((r) => ({ ...r.value, [ref.field]: fresh }));
    if (stale.length) await col.writeMany(stale);
  }
}
