import { dirname, join, resolve } from "node:path";
import { Collection, type CollectionSpec, type KvHolder } from "./collection.ts";
import { cleanStrays, liveFile } from "./db_file.ts";
import { Gate } from "./switch_gate.ts";
import { recoverJournals } from "./journal.ts";
import { dropReserves, openPrivately, reserveDisk } from "./reserve.ts";
import type { Doc } from "../index/index.ts";
import { ulid } from "ulid";
import { dropOtherSnapshots, SNAPSHOT_DIR, snapshotPath } from "../index/snapshot.ts";

/** Thrown when another server already holds the local KV file. */
export class StoreLockedError extends Error {}

/** True for a local KV file (not `:memory:`, not a KV Connect URL). */
export const isLocalFile = (path: string) => path !== ":memory:" && !/^https?:\/\//.test(path);

/** Where a store's data lives. */
export type StoreKind = "file" | "memory" | "remote";

/** The kind of store a configured location opens. */
export const kindOf = (path: string): StoreKind =>
  path === ":memory:" ? "memory" : isLocalFile(path) ? "file" : "remote";

/** What the lock file says about its holder (for the refusal message only; never trusted). */
function holderPid(lockPath: string): number | null {
  try {
    const pid = JSON.parse(Deno.readTextFileSync(lockPath)).pid;
    return typeof pid === "number" ? pid : null;
  } catch {
    return null; // unreadable (Windows keeps a locked file's bytes from other processes) or empty
  }
}

/** Locks this process holds, by lock file: a second store on the same file here shares it. */
const heldLocks = new Map<string, { file: Deno.FsFile; users: number }>();

/**
 * Takes the single-server lock on a local KV file (two servers on one file fail commits with
 * 'database is locked'): the OS file lock on `<file>.lock`, which dies with the process. The
 * file stays (deleted, a waiting opener would lock a file no longer at that path); the PID in
 * it only serves the message. Stores in one process share the lock.
 */
function takeLock(dbPath: string): () => void {
  const lockPath = resolve(`${dbPath}.lock`);
  let held = heldLocks.get(lockPath);
  if (!held) {
    const file = Deno.openSync(lockPath, { read: true, write: true, create: true });
    let locked = false;
    try {
      locked = file.tryLockSync(true);
    } finally {
      if (!locked) file.close();
    }
    if (!locked) {
      const pid = holderPid(lockPath);
      throw new StoreLockedError(
        `Basis data ${dbPath} sedang dipakai server lain${pid === null ? "" : ` (PID ${pid})`}. ` +
          "Hentikan server itu dulu, atau pakai DATA_DIR/DB_PATH yang lain.",
      );
    }
    try {
      file.truncateSync(0);
      file.writeSync(new TextEncoder().encode(JSON.stringify({ pid: Deno.pid, at: new Date() })));
    } catch { /* the lock holds without the note */ }
    heldLocks.set(lockPath, held = { file, users: 0 });
  }
  const h = held;
  h.users++;
  let open = true;
  return () => {
    if (!open) return;
    open = false;
    if (--h.users > 0) return;
    heldLocks.delete(lockPath);
    try {
      h.file.unlockSync();
    } catch { /* Windows may refuse (os error 33); closing the handle releases the lock anyway */ }
    h.file.close();
  };
}

/** An opened KV location: the handle, the file actually opened and how to let the lock go. */
export interface Opened {
  kv: Deno.Kv;
  /** The configured location (for a local file: the base, which carries lock and pointer). */
  base: string;
  /** The file opened (through the pointer), or the URL / `:memory:`. */
  path: string;
  unlock: () => void;
}

/** Deno reads a KV Connect token from this variable only, as the open is called (deno#21676). */
const TOKEN_ENV = "DENO_KV_ACCESS_TOKEN";

/**
 * Opens KV Connect `url` with `token` (default: the process's own `DENO_KV_ACCESS_TOKEN`): the
 * variable holds it only during the call, which reads it before its first await.
 */
function openRemote(url: string, token?: string): Promise<Deno.Kv> {
  if (token === undefined) return Deno.openKv(url);
  const prev = Deno.env.get(TOKEN_ENV);
  Deno.env.set(TOKEN_ENV, token);
  try {
    return Deno.openKv(url);
  } finally {
    if (prev === undefined) Deno.env.delete(TOKEN_ENV);
    else Deno.env.set(TOKEN_ENV, prev);
  }
}

/**
 * Opens KV at `base` (`token`: KV Connect's). A local file is locked, resolved through its
 * pointer, and what earlier switches or crashes left beside it is removed.
 */
export async function openKvAt(base: string, token?: string): Promise<Opened> {
  if (kindOf(base) === "remote") {
    return { kv: await openRemote(base, token), base, path: base, unlock() {} };
  }
  if (kindOf(base) !== "file") {
    return { kv: await Deno.openKv(base), base, path: base, unlock() {} };
  }
  await Deno.mkdir(dirname(base), { recursive: true, mode: 0o700 });
  const unlock = takeLock(base);
  try {
    const path = await liveFile(base);
    await cleanStrays(base, path);
    await dropReserves(dirname(path));
    await dropOtherSnapshots(join(dirname(path), SNAPSHOT_DIR), path);
    const kv = await openPrivately(path, (p) => Deno.openKv(p));
    await recoverJournals(kv).catch((e) => {
      kv.close();
      throw e;
    });
    return { kv, base, path, unlock };
  } catch (e) {
    unlock();
    throw e;
  }
}

/** The app's storage: a KV handle (switchable at run time) and its collections. */
export class Store implements KvHolder {
  #collections = new Map<string, Collection<Doc>>();
  #unlock: () => void;
  #base: string;
  #path: string;
  /** Requests run in shared turns; a switch of the database runs alone. */
  readonly gate = new Gate();

  private constructor(public kv: Deno.Kv, o: Opened) {
    this.#base = o.base;
    this.#path = o.path;
    this.#unlock = o.unlock;
  }

  /** How long an index trusts its last look at the write counter (0: every read looks). */
  indexRecheckMs = 1_000;

  /** Opens KV at `path` (file, `:memory:` or KV Connect URL), locking a local file. */
  static async open(path: string, token?: string): Promise<Store> {
    const o = await openKvAt(path, token);
    return new Store(o.kv, o);
  }

  /** The configured location (a local file's base path, `:memory:` or a URL). */
  get base(): string {
    return this.#base;
  }

  /** The file in use (for a local store, the one the pointer names), or the URL. */
  get path(): string {
    return this.#path;
  }

  get kind(): StoreKind {
    return kindOf(this.#base);
  }

  /** Reserves disk room beside a local file (see `reserveDisk`); elsewhere a no-op. */
  reserve(bytes: number): Promise<() => Promise<void>> {
    return this.kind === "file"
      ? reserveDisk(dirname(this.#path), bytes)
      : Promise.resolve(() => Promise.resolve());
  }

  #dbId: Promise<string> | null = null;
  /** The running code's version, in every index snapshot's signature (see `KvHolder`). */
  snapshotTag = "";
  /** How background index work waits between its slices (see `KvHolder.idle`). */
  idle?: () => Promise<void>;

  /**
   * Where collection `name` keeps its index snapshot (local files only), named after the live
   * file and the database's own id, so a copied-in data file never meets another's snapshot.
   */
  async snapshotPath(name: string): Promise<string | null> {
    if (this.kind !== "file") return null;
    const kv = this.kv;
    this.#dbId ??= (async () => {
      const key = ["_meta", "dbid"];
      const have = await kv.get<string>(key);
      if (have.value) return have.value;
      const id = ulid();
      const res = await kv.atomic().check({ key, versionstamp: null }).set(key, id).commit();
      return res.ok ? id : (await kv.get<string>(key)).value!;
    })();
    const id = await this.#dbId;
    return snapshotPath(join(dirname(this.#path), SNAPSHOT_DIR), this.#path, `${id}.${name}`);
  }

  /** Writes the index snapshots changed since their last; returns the names written. */
  async saveSnapshots(): Promise<string[]> {
    const dir = this.kind === "file" ? join(dirname(this.#path), SNAPSHOT_DIR) : null;
    if (!dir) return [];
    await Deno.mkdir(dir, { recursive: true, mode: 0o700 });
    const done: string[] = [];
    for (const c of this.#collections.values()) {
      try {
        if (await c.indexing.saveSnapshot()) done.push(c.name);
      } catch (e) {
        console.error(`Snapshot indeks ${c.name} gagal ditulis:`, e);
      }
    }
    return done;
  }

  /** The collection named in `spec`, created once per store. */
  collection<T extends Doc>(spec: CollectionSpec): Collection<T> {
    let c = this.#collections.get(spec.name);
    if (!c) this.#collections.set(spec.name, c = new Collection<Doc>(this, spec));
    return c as unknown as Collection<T>;
  }

  /**
   * Switches to another opened KV, inside `gate.exclusive()`: the indexes are forgotten, the old
   * handle closed; `opened.unlock`, when given, replaces the current lock.
   */
  switchTo(opened: Partial<Opened> & { kv: Deno.Kv; path: string }): void {
    const old = this.kv;
    this.kv = opened.kv;
    this.#path = opened.path;
    if (opened.base !== undefined) this.#base = opened.base;
    if (opened.unlock) {
      this.#unlock();
      this.#unlock = opened.unlock;
    }
    this.#dbId = null;
    for (const c of this.#collections.values()) c.reset();
    try {
      old.close();
    } catch { /* already closed */ }
  }

  close(): void {
    this.kv.close();
    this.#unlock();
  }
}
