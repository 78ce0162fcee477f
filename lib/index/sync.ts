import { MemIndex, type Row } from "./index.ts";
import type { Doc } from "./doc.ts";
import { readSnapshot, snapshotParts, specSig, writeSnapshot } from "./snapshot.ts";
import type { CollectionSpec, KvHolder } from "./doc.ts";
import { LoadState } from "./load_state.ts";
import { changedIds, filler, readEvery } from "./full_load.ts";
import { ulid } from "ulid";

/** How far back a sync re-reads the change log, to cover clock skew and slow commits. */
export const SYNC_MARGIN_MS = 60_000;
/** How long change-log entries live; an index older than this reloads in full. */
export const CHANGE_TTL_MS = 6 * 3600_000;
/** Collections with fewer records load from KV quickly enough: no snapshot. */
export const SNAPSHOT_MIN = 2_000;

/** A new, empty index as a collection's declaration asks for it. */
export function newIndex<T extends Doc>(spec: CollectionSpec): MemIndex<T> {
  const { grams, slim, share, reshare } = spec;
  return new MemIndex<T>(spec.search ?? [], spec.derive, { grams, slim, share, reshare });
}

/** Told after a load: the size, the counter's versionstamp it holds exactly, and its rows. */
export type OnExact = (size: number, vs: string | null, rows: () => Row<Doc>[]) => Promise<unknown>;

/**
 * Keeps a collection's `MemIndex` in step with KV: loaded on first use (snapshot, else every
 * record), then before each read the change log `["_chg", name, ulid]` is replayed when the
 * counter `["_meta", "ver", name]` moved, and this instance's own writes are applied.
 */
export class IndexSync<T extends Doc> {
  #index: MemIndex<T>;
  #loaded = false;
  #count = 0n;
  /** The counter's versionstamp read by the last sync: own commits up to it are counted. */
  #syncVs = "";
  /** Own commits applied during a sync and after its counter was read. */
  #late = 0n;
  #syncedAt = 0;
  /** When the write counter was last asked and found in step (`performance.now()`). */
  #checkedAt = -Infinity;
  #syncing: Promise<void> | null = null;
  #snapshotting = false;
  /** Whether a reader waits for the sync running (else it is a background load: `preload`). */
  #load: LoadState;
  #own = new Map<string, number>();
  /** The write counter of the last snapshot written or read. */
  #snapCount = -1n;
  readonly #sig: string;

  constructor(
    private holder: KvHolder,
    readonly spec: CollectionSpec,
    private onExact?: OnExact,
  ) {
    this.#index = newIndex<T>(spec);
    this.#sig = specSig([spec.search, spec.derive, spec.slim, spec.share]);
    this.#load = new LoadState(holder);
  }

  get name(): string {
    return this.spec.name;
  }

  /** Whether a read would wait for a load from every record (or for a load to start). */
  get unready(): boolean {
    return !this.#loaded && !this.#snapshotting;
  }

  /** The declaration's signature with the code's (`KvHolder.snapshotTag`). */
  get #fullSig(): string {
    return `${this.#sig}.${this.holder.snapshotTag ?? ""}`;
  }

  get #verKey(): Deno.KvKey {
    return ["_meta", "ver", this.name];
  }

  /** Notes a change-log entry this instance wrote or replayed: a later replay skips it. */
  own(key: string): void {
    this.#own.set(key, Date.now());
  }

  /**
   * The index, up to date with every instance's writes. `fresh`: read the write counter whatever
   * `indexRecheckMs` allows (a write guarded by that counter counts on it).
   */
  index(fresh = false): Promise<MemIndex<T>> {
    return this.#read(fresh, true);
  }

  /** Loads the index in the background, until a reader comes to wait for it (then back to back). */
  async preload(): Promise<void> {
    if (!this.#loaded) await this.#read(false, false);
  }

  /** Parses a restored snapshot's unparsed blocks in slices, as background work. */
  settle(): Promise<void> {
    return this.#index.settle(() => this.#load.idle());
  }

  async #read(fresh: boolean, wanted: boolean): Promise<MemIndex<T>> {
    while (this.#syncing) {
      if (wanted) this.#load.want();
      await this.#syncing;
    }
    // most reads need no round trip to the store: the request runs to its answer in one go
    const asked = performance.now();
    if (
      !fresh && this.#loaded && asked - this.#checkedAt < (this.holder.indexRecheckMs ?? 0)
    ) {
      return this.#index;
    }
    const ver = await this.holder.kv.get<Deno.KvU64>(this.#verKey);
    const count = ver.value?.value ?? 0n;
    if (this.#loaded && count === this.#count) {
      this.#syncedAt = Date.now();
      this.#checkedAt = asked;
      return this.#index;
    }
    if (!this.#syncing) {
      this.#syncVs = ver.versionstamp ?? "";
      this.#late = 0n;
      this.#load.begin();
      this.#syncing = this.#sync(count).finally(() => this.#syncing = null);
    }
    if (wanted) this.#load.want();
    await this.#syncing;
    return this.#index;
  }

  async #sync(count: bigint): Promise<void> {
    const now = Date.now();
    this.#snapshotting = !this.#loaded;
    const restored = this.#snapshotting && await this.#fromSnapshot(count, now).finally(() => {
      this.#snapshotting = false;
    });
    if (restored && this.#count === count) {
      this.#count = count + this.#late;
      this.#syncedAt = now;
      return;
    }
    if (!this.#loaded || now - this.#syncedAt > CHANGE_TTL_MS - SYNC_MARGIN_MS) {
      this.#index.clear();
      const put = filler<T>(this.#index, !!this.spec.slim);
      await readEvery<T>(this.holder.kv, this.name, () => this.#load.between(), put);
      this.#loaded = true;
      await this.#holdsLog(now, count);
      await this.onExact?.(this.#index.size, this.#syncVs || null, () => this.#index.rows());
    } else {
      const since = Math.max(0, this.#syncedAt - SYNC_MARGIN_MS);
      const list = await changedIds(this.holder.kv, this.name, since, this.#own, now);
      const rows: [string, Row<T> | null][] = [];
      for (let i = 0; i < list.length; i += 10) {
        const got = await this.holder.kv.getMany<T[]>(
          list.slice(i, i + 10).map((id) => [this.name, id]),
        );
        for (const [j, e] of got.entries()) {
          // rows the index holds at this version already are left alone (a batch of more
          // than 256 writes would drop every cached ordering)
          if (this.#index.get(list[i + j])?.versionstamp === (e.versionstamp ?? undefined)) {
            continue;
          }
          rows.push([
            list[i + j],
            e.versionstamp ? { value: e.value!, versionstamp: e.versionstamp } : null,
          ]);
        }
      }
      this.#index.putMany(rows);
    }
    for (const [k, t] of this.#own) if (now - t > 2 * SYNC_MARGIN_MS) this.#own.delete(k);
    this.#count = count + this.#late;
    this.#syncedAt = now;
  }

  /** Loads the index from its snapshot when one fits (at `count`, or the log covers since). */
  async #fromSnapshot(count: bigint, now: number): Promise<boolean> {
    const path = await this.holder.snapshotPath?.(this.name);
    if (!path) return false;
    const snap = await readSnapshot(path, () => this.#load.between());
    if (!snap || snap.head.name !== this.name || snap.head.sig !== this.#fullSig) return false;
    const at = BigInt(snap.head.count);
    if (at > count || (at < count && now - snap.head.syncedAt > CHANGE_TTL_MS - SYNC_MARGIN_MS)) {
      return false;
    }
    await this.#load.between();
    this.#index.restore(snap, (e) => this.#broken(e, path));
    // this instance's writes so far were not applied to it: the replay must not skip them
    this.#own.clear();
    this.#loaded = true;
    this.#count = at;
    this.#syncedAt = snap.head.syncedAt;
    this.#snapCount = at;
    if (at === count) {
      await this.#holdsLog(snap.head.syncedAt, at);
      await this.onExact?.(this.#index.size, this.#syncVs || null, () => this.#index.rows());
    }
    return true;
  }

  /** A block parsed on first read that does not read back: the index loads again from KV. */
  #broken(e: Error, path?: string): void {
    console.error(`Cache indeks ${this.name} tidak terbaca, dimuat ulang dari basis data:`, e);
    this.reset();
    if (path) Deno.remove(path).catch(() => {});
  }

  /**
   * Notes the log entries since `since` as applied when the index holds every write up to `at`
   * and the counter has not moved: a restart's next sync does not read the last minute again.
   */
  async #holdsLog(since: number, at: bigint): Promise<void> {
    const keys: string[] = [];
    const start = ["_chg", this.name, ulid(Math.max(0, since - SYNC_MARGIN_MS))];
    const end = ["_chg", this.name, "\uffff"];
    for await (const e of this.holder.kv.list({ start, end }, { batchSize: 500 })) {
      keys.push(e.key[2] as string);
    }
    const ver = await this.holder.kv.get<Deno.KvU64>(this.#verKey);
    if ((ver.value?.value ?? 0n) !== at) return;
    const now = Date.now();
    for (const k of keys) this.#own.set(k, now);
  }

  /** Writes the index's snapshot when loaded, big enough and changed (entries taken at once). */
  async saveSnapshot(): Promise<boolean> {
    if (!this.#loaded || this.#syncing || this.#index.size < SNAPSHOT_MIN) return false;
    const path = await this.holder.snapshotPath?.(this.name);
    if (!path || !this.#loaded || this.#syncing || this.#index.size < SNAPSHOT_MIN) return false;
    if (this.#count === this.#snapCount) return false;
    const count = this.#count;
    const parts = await snapshotParts({
      name: this.name,
      sig: this.#fullSig,
      count: String(count),
      syncedAt: this.#syncedAt,
      rows: this.#index.size,
      share: this.spec.share ?? [],
    }, this.#index.dump());
    await writeSnapshot(path, parts);
    this.#snapCount = count;
    return true;
  }

  /** Forgets the in-memory index (after the store was switched or restored). */
  reset(): void {
    this.#loaded = false;
    this.#checkedAt = -Infinity;
    this.#count = 0n;
    this.#syncVs = "";
    this.#snapCount = -1n;
    this.#index.clear();
  }

  /** Applies this instance's own commit; an index never loaded stays empty (a read loads it). */
  applied(rows: [string, Row<T> | null][], versionstamp: string): void {
    if (!this.#loaded && !this.#syncing) return;
    this.#index.putMany(rows);
    // a sync that read the counter after this commit counted it already (twice: every later
    // read replayed the change log)
    if (versionstamp <= this.#syncVs) return;
    if (!this.#syncing) this.#count += 1n;
    else if (this.#loaded) this.#late += 1n;
  }
}
