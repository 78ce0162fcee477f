import { dirname } from "node:path";
import { Collection, type CollectionSpec, type KvHolder } from "./collection.ts";
import type { Doc } from "./mem_index.ts";

/** Thrown when another server already holds the local KV file. */
export class StoreLockedError extends Error {}

const isLocalFile = (path: string) => path !== ":memory:" && !/^https?:\/\//.test(path);

function pidAlive(pid: number): boolean {
  if (pid === Deno.pid) return false;
  try {
    Deno.statSync(`/proc/${pid}`);
    return true;
  } catch {
    return Deno.build.os !== "linux";
  }
}

/**
 * Takes the single-server lock on a local KV file: SQLite allows several processes, but
 * two servers on one file make commits fail with 'database is locked'.
 */
function takeLock(dbPath: string): () => void {
  const lockPath = `${dbPath}.lock`;
  try {
    const held = JSON.parse(Deno.readTextFileSync(lockPath));
    if (typeof held.pid === "number" && pidAlive(held.pid)) {
      throw new StoreLockedError(
        `Basis data ${dbPath} sedang dipakai server lain (PID ${held.pid}). ` +
          "Hentikan server itu dulu, atau pakai DATA_DIR/DB_PATH yang lain.",
      );
    }
  } catch (e) {
    if (e instanceof StoreLockedError) throw e;
  }
  Deno.writeTextFileSync(lockPath, JSON.stringify({ pid: Deno.pid, at: new Date() }));
  return () => {
    try {
      const held = JSON.parse(Deno.readTextFileSync(lockPath));
      if (held.pid === Deno.pid) Deno.removeSync(lockPath);
    } catch { /* already gone */ }
  };
}

/** The app's storage: a KV handle (switchable at run time) and its collections. */
export class Store implements KvHolder {
  #collections = new Map<string, Collection<Doc>>();
  #unlock: () => void = () => {};

  private constructor(public kv: Deno.Kv, readonly path: string) {}

  /** Opens KV at `path` (file, `:memory:` or KV Connect URL), locking a local file. */
  static async open(path: string): Promise<Store> {
    let unlock = () => {};
    if (isLocalFile(path)) {
      await Deno.mkdir(dirname(path), { recursive: true });
      unlock = takeLock(path);
    }
    try {
      const store = new Store(await Deno.openKv(path), path);
      store.#unlock = unlock;
      return store;
    } catch (e) {
      unlock();
      throw e;
    }
  }

  /** The collection named in `spec`, created once per store. */
  collection<T extends Doc>(spec: CollectionSpec): Collection<T> {
    let c = this.#collections.get(spec.name);
    if (!c) this.#collections.set(spec.name, c = new Collection<Doc>(this, spec));
    return c as unknown as Collection<T>;
  }

  close(): void {
    this.kv.close();
    this.#unlock();
  }
}
