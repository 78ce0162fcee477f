import { newId } from "../db/ids.ts";
import type { Doc } from "../index/index.ts";
import type { Registry } from "./refs.ts";
import { collectionOf } from "./resource.ts";
import type { Store } from "../db/store.ts";

/**
 * Inserts each resource's `seed` records once: on the first start, into an empty collection.
 * A marker per resource remembers it, so entries staff later edit or remove stay that way.
 */
export async function seedResources(store: Store, registry: Registry): Promise<void> {
  for (const def of registry.values()) {
    if (!def.seed?.length) continue;
    const marker = ["_meta", "seeded", def.name];
    if ((await store.kv.get(marker)).versionstamp) continue;
    const col = collectionOf(store, def);
    if ((await col.index()).size === 0) {
      const docs: Doc[] = [];
      for (const s of def.seed) {
        const doc = def.prepare ? await def.prepare({ ...s }, { store, registry }) : s;
        docs.push({ ...doc, _id: newId() });
      }
      await col.writeMany(docs);
    }
    await store.kv.set(marker, new Date().toISOString());
  }
}
