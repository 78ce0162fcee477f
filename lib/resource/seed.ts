import { newId } from "../db/ids.ts";
import type { Doc } from "../index/index.ts";
import type { Registry } from "./refs.ts";
import { collectionOf, type ResourceDef } from "./resource.ts";
import type { Store } from "../db/store.ts";

/** Inserts each resource's `seed` once (marked, so staff's edits stay), then fills `seedFill`. */
export async function seedResources(store: Store, registry: Registry): Promise<void> {
  for (const def of registry.values()) {
    if (!def.seed?.length) continue;
    await seedOnce(store, registry, def);
    for (const field of def.seedFill ?? []) await fillSeeded(store, def, field);
  }
}

async function seedOnce(store: Store, registry: Registry, def: ResourceDef): Promise<void> {
  const marker = ["_meta", "seeded", def.name];
  if ((await store.kv.get(marker)).versionstamp) return;
  const col = collectionOf(store, def);
  if ((await col.index()).size === 0) {
    const docs: Doc[] = [];
    for (const s of def.seed ?? []) {
      const doc = def.prepare ? await def.prepare({ ...s }, { store, registry }) : s;
      docs.push({ ...doc, _id: newId() });
    }
    await col.writeMany(docs);
  }
  await store.kv.set(marker, new Date().toISOString());
}

/** A field added to a seeded list, filled once per install into the seeded records lacking it. */
async function fillSeeded(store: Store, def: ResourceDef, field: string): Promise<void> {
  const marker = ["_meta", "migrated", `${def.name}.${field}`];
  if ((await store.kv.get(marker)).versionstamp) return;
  const col = collectionOf(store, def);
  const key = def.unique?.[0] ?? "desc";
  const wanted = new Map((def.seed ?? []).map((s) => [col.norm(key, s[key]), s[field]]));
  const docs = (await col.index(true)).rows().map((r) => r.value)
    .filter((d) => (d[field] ?? "") === "" && wanted.get(col.norm(key, d[key])) != null)
    .map((d) => ({ ...d, [field]: wanted.get(col.norm(key, d[key])) }));
  if (docs.length) await col.writeMany(docs);
  await store.kv.set(marker, new Date().toISOString());
}
