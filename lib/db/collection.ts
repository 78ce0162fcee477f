import { applyOps, Batcher, type Op, sizeOf } from "./batch.ts";
import {
  dropUndo,
  JOURNAL,
  JOURNAL_UNDO,
  type JournalHead,
  rollBack,
  UNDO_BYTES,
  undoChunks,
  type UndoItem,
} from "./journal.ts";
import { conflict, notFound, STALE_MESSAGE, storageError } from "../errors.ts";
import { newId } from "./ids.ts";
import { type Doc, MemIndex, type Row } from "./mem_index.ts";
import { ulid } from "ulid";
import { readSnapshot, snapshotLines, specSig, writeSnapshot } from "./snapshot.ts";

/** How a collection is stored and indexed. */
export interface CollectionSpec {
  name: string;
  /** Fields whose (normalised) values must be unique. */
  unique?: string[];
  /** Field paths kept lowercased in memory for substring search. */
  search?: string[];
  /** Search fields whose trigrams are indexed, for rare terms (see `MemIndexOptions`). */
  grams?: string[];
  /** Numbers of a record kept in memory for fast numeric filters (see `MemIndex`). */
  derive?: (doc: any) => number[];
  /** What the index keeps of a record (see `MemIndexOptions.slim`); read whole ones with `full`. */
  slim?: (doc: any) => any;
  /** Fields of embedded records kept once in memory (see `MemIndexOptions.share`). */
  share?: string[];
  /** Labels for messages about fields, e.g. `{ kode: "Kode" }`. */
  labels?: Record<string, string>;
  /** Normalises a unique value before it becomes a key (default: trimmed text). */
  normalize?: (field: string, value: unknown) => string;
}

/** One record's staged write or delete, for a commit spanning records (see `Tx`). */
export interface Staged<T extends Doc = Doc> {
  id: string;
  /** The record written, or null for a delete. */
  doc: T | null;
  ops: Op[];
  /** Why the commit failed, as far as this record can tell (a taken unique value, or stale). */
  why: () => Promise<Error>;
}

/** A versionstamp check on another record, committed with a write (e.g. its parent). */
export type Check = { key: Deno.KvKey; versionstamp: string | null };

/** Ids a record can have: ULIDs and codes, at most 100 characters (longer keys make KV throw). */
const possibleId = (id: unknown) => typeof id === "string" && /^[\w.:-]{1,100}$/.test(id);

/** How far back a sync re-reads the change log, to cover clock skew and slow commits. */
const SYNC_MARGIN_MS = 60_000;
/** How long change-log entries live; an index older than this reloads in full. */
const CHANGE_TTL_MS = 6 * 3600_000;
/** Collections with fewer records load from KV quickly enough: no snapshot. */
export const SNAPSHOT_MIN = 2_000;

/** Something that holds the current KV handle (it can be switched at run time). */
export interface KvHolder {
  readonly kv: Deno.Kv;
  /** Where a collection keeps its index snapshot (local files only; see snapshot.ts). */
  snapshotPath?(name: string): Promise<string | null>;
  /** Reserves disk room for a rollback (local files only); returns its release. */
  reserve?(bytes: number): Promise<() => Promise<void>>;
}

/**
 * One entity's records in KV: `[name, id]` holds the record, `[name_by_field, value]` each
 * unique value, `["_meta", "ver", name]` a write counter and `["_chg", name, ulid]` the ids
 * each commit touched, so every instance can keep its in-memory index in step.
 */
export class Collection<T extends Doc = Doc> {
  #index: MemIndex<T>;
  #loaded = false;
  #count = 0n;
  #syncedAt = 0;
  #syncing: Promise<void> | null = null;
  #own = new Map<string, number>();
  /** The write counter of the last snapshot written or read. */
  #snapCount = -1n;
  readonly #sig: string;

  constructor(private holder: KvHolder, readonly spec: CollectionSpec) {
    this.#index = new MemIndex<T>(spec.search ?? [], spec.derive, {
      grams: spec.grams,
      slim: spec.slim,
      share: spec.share,
    });
    this.#sig = specSig([spec.search, spec.derive, spec.slim, spec.share]);
  }

  get name(): string {
    return this.spec.name;
  }

  get #kv(): Deno.Kv {
    return this.holder.kv;
  }

  get #verKey(): Deno.KvKey {
    return ["_meta", "ver", this.name];
  }

  /** The KV key of a record. */
  key(id: string): Deno.KvKey {
    return [this.name, id];
  }

  /** The KV key reserving a unique value. */
  uniqueKey(field: string, value: unknown): Deno.KvKey {
    return [`${this.name}_by_${field}`, this.norm(field, value)];
  }

  /** A unique value as it is keyed (the spec's normaliser, default trimmed text). */
  norm(field: string, value: unknown): string {
    return this.spec.normalize?.(field, value) ?? String(value ?? "").trim();
  }

  /** Reads one record straight from KV (an id no record can have, e.g. 2 KB long: null). */
  async find(id: string): Promise<Row<T> | null> {
    if (!possibleId(id)) return null;
    const e = await this.#kv.get<T>(this.key(id));
    return e.versionstamp ? { value: e.value!, versionstamp: e.versionstamp } : null;
  }

  /** Reads records straight from KV, in the order of `ids` (missing ones left out). */
  async findMany(ids: string[]): Promise<Row<T>[]> {
    ids = ids.filter(possibleId);
    const reads: Promise<Deno.KvEntryMaybe<T>[]>[] = [];
    // getMany takes at most 10 keys; the calls run side by side
    for (let i = 0; i < ids.length; i += 10) {
      reads.push(this.#kv.getMany<T[]>(ids.slice(i, i + 10).map((id) => this.key(id))));
    }
    const out: Row<T>[] = [];
    for (const got of await Promise.all(reads)) {
      for (const e of got) {
        if (e.versionstamp) out.push({ value: e.value!, versionstamp: e.versionstamp });
      }
    }
    return out;
  }

  /**
   * Rows of the index as whole records: a slim index (`spec.slim`) keeps only part of each,
   * so the page's records are read from KV (at their current version; a record deleted
   * meanwhile keeps its indexed part, or with `dropGone` is left out: do that before writing
   * them back). Other indexes hold whole records: returned as they are.
   */
  async full(rows: Row<T>[], dropGone = false): Promise<Row<T>[]> {
    if (!this.spec.slim || !rows.length) return rows;
    const got = new Map<string, Row<T>>();
    for (let i = 0; i < rows.length; i += 500) {
      const part = await this.findMany(rows.slice(i, i + 500).map((r) => r.value._id));
      for (const r of part) got.set(r.value._id, r);
    }
    if (dropGone) return rows.flatMap((r) => got.get(r.value._id) ?? []);
    return rows.map((r) => got.get(r.value._id) ?? r);
  }

  /** Looks up a record id by a unique value. */
  async idBy(field: string, value: unknown): Promise<string | null> {
    return (await this.#kv.get<string>(this.uniqueKey(field, value))).value;
  }

  /** The in-memory index, brought up to date with every write made by any instance. */
  async index(): Promise<MemIndex<T>> {
    while (this.#syncing) await this.#syncing;
    const ver = await this.#kv.get<Deno.KvU64>(this.#verKey);
    const count = ver.value?.value ?? 0n;
    if (this.#loaded && count === this.#count) {
      this.#syncedAt = Date.now();
      return this.#index;
    }
    if (!this.#syncing) {
      this.#syncing = this.#sync(count).finally(() => this.#syncing = null);
    }
    await this.#syncing;
    return this.#index;
  }

  async #sync(count: bigint): Promise<void> {
    const now = Date.now();
    if (!this.#loaded && await this.#fromSnapshot(count, now) && this.#count === count) {
      this.#syncedAt = now;
      return;
    }
    if (!this.#loaded || now - this.#syncedAt > CHANGE_TTL_MS - SYNC_MARGIN_MS) {
      this.#index.clear();
      // big batches: a full load of 75,000 stays spends most of its time per round trip
      for await (const e of this.#kv.list<T>({ prefix: [this.name] }, { batchSize: 500 })) {
        this.#index.put(e.value._id, { value: e.value, versionstamp: e.versionstamp });
      }
      this.#loaded = true;
    } else {
      const ids = new Set<string>();
      const start = ["_chg", this.name, ulid(Math.max(0, this.#syncedAt - SYNC_MARGIN_MS))];
      for await (
        const e of this.#kv.list<string[]>({ start, end: ["_chg", this.name, "\uffff"] })
      ) {
        if (!this.#own.has(e.key[2] as string)) { for (const id of e.value) ids.add(id); }
      }
      const list = [...ids];
      const rows: [string, Row<T> | null][] = [];
      for (let i = 0; i < list.length; i += 10) {
        const got = await this.#kv.getMany<T[]>(list.slice(i, i + 10).map((id) => this.key(id)));
        for (const [j, e] of got.entries()) {
          rows.push([
            list[i + j],
            e.versionstamp ? { value: e.value!, versionstamp: e.versionstamp } : null,
          ]);
        }
      }
      this.#index.putMany(rows);
    }
    for (const [k, t] of this.#own) if (now - t > 2 * SYNC_MARGIN_MS) this.#own.delete(k);
    this.#count = count;
    this.#syncedAt = now;
  }

  /**
   * Loads the index from its snapshot when one fits (this data file, this declaration, and
   * either at `count` or young enough that the change log covers the writes since: those are
   * then replayed by the caller). Whether it loaded.
   */
  async #fromSnapshot(count: bigint, now: number): Promise<boolean> {
    const path = await this.holder.snapshotPath?.(this.name);
    if (!path) return false;
    const snap = await readSnapshot(path);
    if (!snap || snap.head.name !== this.name || snap.head.sig !== this.#sig) return false;
    const at = BigInt(snap.head.count);
    if (at > count || (at < count && now - snap.head.syncedAt > CHANGE_TTL_MS - SYNC_MARGIN_MS)) {
      return false;
    }
    this.#index.restore(snap.entries);
    // this instance's writes so far were not applied to it: the replay must not skip them
    this.#own.clear();
    this.#loaded = true;
    this.#count = at;
    this.#syncedAt = snap.head.syncedAt;
    this.#snapCount = at;
    return true;
  }

  /**
   * Writes the index's snapshot (see snapshot.ts) when it is loaded, big enough to be worth it
   * and changed since the last one. The entries are taken in one synchronous step, so they
   * match the counter and sync time written with them.
   */
  async saveSnapshot(): Promise<boolean> {
    if (!this.#loaded || this.#syncing || this.#index.size < SNAPSHOT_MIN) return false;
    const path = await this.holder.snapshotPath?.(this.name);
    if (!path || !this.#loaded || this.#syncing || this.#index.size < SNAPSHOT_MIN) return false;
    if (this.#count === this.#snapCount) return false;
    const count = this.#count;
    const lines = snapshotLines({
      format: 1,
      name: this.name,
      sig: this.#sig,
      count: String(count),
      syncedAt: this.#syncedAt,
      rows: this.#index.size,
      share: this.spec.share ?? [],
    }, this.#index.dump());
    await writeSnapshot(path, lines);
    this.#snapCount = count;
    return true;
  }

  /** Forgets the in-memory index (after the store was switched or restored). */
  reset(): void {
    this.#loaded = false;
    this.#count = 0n;
    this.#snapCount = -1n;
    this.#index.clear();
  }

  #changeOps(ids: string[]): Op[] {
    const k = ulid();
    this.#own.set(k, Date.now());
    return [
      { kind: "sum", key: this.#verKey, n: 1n },
      { kind: "set", key: ["_chg", this.name, k], value: ids, expireIn: CHANGE_TTL_MS },
    ];
  }

  /**
   * Brings the index in step with this instance's own commit. An index never loaded (a
   * collection only read with `find`) stays empty: its first `index()` loads it from KV.
   */
  #applied(rows: [string, Row<T> | null][]): void {
    if (!this.#loaded && !this.#syncing) return;
    this.#index.putMany(rows);
    this.#count += 1n;
  }

  async #commit(ops: Op[], onFail: () => Promise<Error>): Promise<string> {
    const res = await applyOps(this.#kv.atomic(), ops).commit();
    if (!res.ok) throw await onFail();
    return res.versionstamp;
  }

  async #whyConflict(doc: Doc, id: string): Promise<Error> {
    for (const f of this.spec.unique ?? []) {
      const v = doc[f];
      if (v == null || v === "") continue;
      const owner = await this.idBy(f, v);
      if (owner && owner !== id) {
        return conflict(`${this.spec.labels?.[f] ?? f} "${v}" sudah digunakan.`);
      }
    }
    return conflict(STALE_MESSAGE);
  }

  #uniqueOps(id: string, doc: Doc, old?: Doc): Op[] {
    const ops: Op[] = [];
    for (const f of this.spec.unique ?? []) {
      const nu = doc[f] == null || doc[f] === "" ? null : this.norm(f, doc[f]);
      const was = old && old[f] != null && old[f] !== "" ? this.norm(f, old[f]) : null;
      if (nu === was) continue;
      if (was !== null) ops.push({ kind: "delete", key: [`${this.name}_by_${f}`, was] });
      if (nu !== null) {
        const key = [`${this.name}_by_${f}`, nu];
        ops.push({ kind: "check", key, versionstamp: null }, { kind: "set", key, value: id });
      }
    }
    return ops;
  }

  /**
   * The operations that write `data` as record `id` over `cur` (null: a new record), with its
   * unique keys, for a commit that may span collections (see `Tx`). `check: false` leaves out
   * the record's own versionstamp check, for records only ever written together with a
   * checked parent.
   */
  stagePut(
    id: string,
    data: Omit<T, "_id">,
    cur: Row<T> | null,
    opts: { checks?: Check[]; check?: boolean } = {},
  ): Staged<T> {
    const doc = { ...data, _id: id } as T;
    const own: Op[] = opts.check === false
      ? []
      : [{ kind: "check", key: this.key(id), versionstamp: cur?.versionstamp ?? null }];
    return {
      id,
      doc,
      ops: [
        ...own,
        ...(opts.checks ?? []).map((c): Op => ({ kind: "check", ...c })),
        ...this.#uniqueOps(id, doc, cur?.value),
        { kind: "set", key: this.key(id), value: doc },
      ],
      why: () => this.#whyConflict(doc, id),
    };
  }

  /** The operations that delete record `cur` and its unique keys (see `Tx`). */
  stageRemove(cur: Row<T>, opts: { check?: boolean } = {}): Staged<T> {
    const id = cur.value._id;
    return {
      id,
      doc: null,
      ops: [
        ...(opts.check === false
          ? []
          : [{ kind: "check", key: this.key(id), versionstamp: cur.versionstamp } as Op]),
        { kind: "delete", key: this.key(id) },
        ...this.#uniqueOps(id, { _id: id }, cur.value),
      ],
      why: () => Promise.resolve(conflict(STALE_MESSAGE)),
    };
  }

  /** Change-log operations for staged writes, and what to apply in memory once committed. */
  finish(staged: Staged<T>[]): { ops: Op[]; applied: (versionstamp: string) => void } {
    return {
      ops: this.#changeOps(staged.map((s) => s.id)),
      applied: (vs) =>
        this.#applied(staged.map((s) => [s.id, s.doc ? { value: s.doc, versionstamp: vs } : null])),
    };
  }

  /** Writes `doc` over `cur` (null: a new record) in one commit with its unique keys. */
  async #put(id: string, data: Omit<T, "_id">, cur: Row<T> | null, checks: Check[]) {
    const st = this.stagePut(id, data, cur, { checks });
    const fin = this.finish([st]);
    const versionstamp = await this.#commit([...st.ops, ...fin.ops], st.why);
    fin.applied(versionstamp);
    return { value: st.doc!, versionstamp };
  }

  /** Creates a record with a new ULID; duplicate unique values give 409. */
  insert(data: Omit<T, "_id">, checks: Check[] = []): Promise<Row<T>> {
    return this.#put(newId(), data, null, checks);
  }

  /**
   * Replaces a record. When `expected` (the versionstamp the edit was loaded at) is given and
   * the record changed since, or it changes during the commit, the edit fails with 409.
   * `data` may be a function of the stored record (to merge a partial change).
   */
  async update(
    id: string,
    data: Omit<T, "_id"> | ((cur: T) => Omit<T, "_id"> | Promise<Omit<T, "_id">>),
    expected?: string,
    checks: Check[] = [],
  ): Promise<Row<T>> {
    const cur = await this.find(id);
    if (!cur) throw notFound();
    if (expected && expected !== cur.versionstamp) throw conflict(STALE_MESSAGE);
    return this.#put(id, typeof data === "function" ? await data(cur.value) : data, cur, checks);
  }

  /** Deletes a record and its unique keys; 404 when it does not exist. */
  async remove(id: string, expected?: string): Promise<T> {
    const cur = await this.find(id);
    if (!cur) throw notFound();
    if (expected && expected !== cur.versionstamp) throw conflict(STALE_MESSAGE);
    const st = this.stageRemove(cur);
    const fin = this.finish([st]);
    fin.applied(await this.#commit([...st.ops, ...fin.ops], st.why));
    return cur.value;
  }

  /**
   * Writes many records (new ones or replacements of rows read from the index) in commits
   * within KV limits. Each commit checks that nobody else wrote the collection since the
   * caller validated against the index, so uniqueness holds without a check per key.
   * More than one commit is all-or-nothing: each commit carries the undo of its keys under a
   * journal (`lib/db/journal.ts`) whose head the last commit deletes; a failure rolls back
   * what was written (and a crash is rolled back at the next open). A full disk answers 507.
   * Returns the number of records written.
   */
  async writeMany(docs: T[], onCommit?: (done: number) => void): Promise<number> {
    const index = await this.index();
    index.willWrite(docs.length);
    // a slim index holds part of each record: the undo and unique keys need the whole
    const olds = new Map<string, T>();
    if (this.spec.slim) {
      const ids = docs.filter((d) => index.get(d._id)).map((d) => d._id);
      for (let i = 0; i < ids.length; i += 500) {
        for (const r of await this.findMany(ids.slice(i, i + 500))) olds.set(r.value._id, r.value);
      }
    }
    const b = new Batcher({ mutations: 8, checks: 1, bytes: 40_000 }, 2 * UNDO_BYTES);
    const undo: UndoItem[][] = [];
    const sim = new Map<string, UndoItem>(); // unique keys as this plan leaves them
    const simKey = (key: Deno.KvKey) => `${String(key[0])}\u0000${String(key[1])}`;
    const priorOf = (key: Deno.KvKey, fallback: UndoItem): UndoItem =>
      sim.get(simKey(key)) ?? fallback;
    for (const doc of docs) {
      const old = this.spec.slim ? olds.get(doc._id) : index.get(doc._id)?.value;
      const ops: Op[] = [
        ...this.#uniqueOps(doc._id, doc, old).filter((o) => o.kind !== "check"),
        { kind: "set", key: this.key(doc._id), value: doc },
      ];
      const items: UndoItem[] = [];
      for (const op of ops) {
        if (op.kind !== "set" && op.kind !== "delete") continue;
        const unique = op.key[0] !== this.name;
        const fallback: UndoItem = !unique
          ? (old ? [op.key, old] : [op.key])
          : op.kind === "delete"
          ? [op.key, doc._id]
          : [op.key];
        items.push(priorOf(op.key, fallback));
        if (unique) {
          sim.set(
            simKey(op.key),
            op.kind === "set" ? [op.key, (op as { value: unknown }).value] : [op.key],
          );
        }
      }
      b.group(ops, sizeOf(items));
      undo.push(items);
    }
    const plan: { ops: Op[]; ids: string[]; docs: T[]; undo: UndoItem[] }[] = [];
    let i = 0;
    for (const ops of b.commits) {
      const n = ops.filter((o) => o.kind === "set" && o.key[0] === this.name).length;
      plan.push({
        ops,
        ids: docs.slice(i, i + n).map((d) => d._id),
        docs: docs.slice(i, i + n),
        undo: undo.slice(i, i + n).flat(),
      });
      i += n;
    }
    const journal = plan.length > 1 ? newId() : null;
    // room for the rollback, should the disk fill up mid-way
    const release = journal && this.holder.reserve
      ? await this.holder.reserve(Math.min(2 * b.totalBytes + (1 << 20), 512 << 20))
      : () => Promise.resolve();
    let ver = (await this.#kv.get(this.#verKey)).versionstamp;
    let done = 0;
    try {
      for (const [n, p] of plan.entries()) {
        const ops: Op[] = [
          { kind: "check", key: this.#verKey, versionstamp: ver },
          ...p.ops,
          ...this.#changeOps(p.ids),
        ];
        if (journal) {
          if (n === 0) {
            const head: JournalHead = { collections: [this.name], at: new Date().toISOString() };
            ops.push({ kind: "set", key: [JOURNAL, journal], value: head });
          }
          for (const [k, items] of undoChunks(p.undo).entries()) {
            ops.push({ kind: "set", key: [JOURNAL_UNDO, journal, n, k], value: items });
          }
          if (n === plan.length - 1) ops.push({ kind: "delete", key: [JOURNAL, journal] });
        }
        ver = await this.#commit(ops, () =>
          Promise.resolve(conflict(
            "Data berubah oleh pengguna lain selama impor; impor dibatalkan, tidak ada data " +
              "yang disimpan. Ulangi impor.",
          )));
        this.#applied(p.docs.map((d) => [d._id, { value: d, versionstamp: ver! }]));
        done += p.docs.length;
        onCommit?.(done);
      }
    } catch (e) {
      await release();
      if (journal && done > 0) {
        try {
          await rollBack(this.#kv, journal);
        } catch (r) {
          console.error(`Pembatalan impor ${journal} gagal; diulang saat start berikutnya.`, r);
        }
        this.reset();
      }
      throw storageError(e);
    }
    await release();
    if (journal) await dropUndo(this.#kv, journal).catch(() => {/* dropped at next open */});
    return done;
  }
}
