import { applyOps, type Op } from "./batch.ts";
import { conflict, notFound, STALE_MESSAGE } from "../errors.ts";
import { newId } from "./ids.ts";
import type { Doc, MemIndex, Query, QueryResult, Row } from "../index/index.ts";
import type { CollectionSpec, KvHolder } from "../index/doc.ts";
import { writeMany, type WriteManyOptions } from "./bulk.ts";
import { lockedError, unlocked } from "./journal.ts";
import { tallyDelta, tallyError, tallyOps } from "./tally.ts";
import { intentOps } from "./outbox.ts";
import { uniqueOps, whyConflict } from "./unique.ts";
import { possibleId, readMany, WholeRecords } from "./whole_records.ts";
import { countOnLoad, countOps, earlyAnswer } from "./subset.ts";
export type { CollectionSpec, KvHolder } from "../index/doc.ts";
import { ulid } from "ulid";
import { CHANGE_TTL_MS, IndexSync } from "../index/sync.ts";
import type { Check, Staged, UpdateOptions } from "./staged.ts";
export type { Check, Staged } from "./staged.ts";

/**
 * One entity's records in KV, with unique keys, a write counter and a change log so every
 * instance keeps its in-memory index in step (keys: lib/db/README.md).
 */
export class Collection<T extends Doc = Doc> {
  #sync: IndexSync<T>;
  #whole: WholeRecords<T>;

  constructor(private holder: KvHolder, readonly spec: CollectionSpec) {
    this.#sync = new IndexSync<T>(holder, spec, countOnLoad(holder, spec));
    this.#whole = new WholeRecords<T>((ids) => this.findMany(ids), spec.whole);
  }

  get name(): string {
    return this.spec.name;
  }

  /** The current KV handle (used by bulk.ts). */
  get kv(): Deno.Kv {
    return this.holder.kv;
  }

  /** Reserves disk room for a rollback (see `KvHolder.reserve`; used by bulk.ts). */
  reserve(bytes: number): Promise<() => Promise<void>> {
    return this.holder.reserve?.(bytes) ?? Promise.resolve(() => Promise.resolve());
  }

  /** Applies this instance's writes committed at `versionstamp` to the index (used by bulk.ts). */
  applied(rows: [string, Row<T> | null][], versionstamp: string): void {
    this.#sync.applied(rows, versionstamp);
  }

  /** The collection's write counter. */
  get verKey(): Deno.KvKey {
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
    const e = await this.kv.get<T>(this.key(id));
    return e.versionstamp ? { value: e.value!, versionstamp: e.versionstamp } : null;
  }

  /** Reads records straight from KV, in the order of `ids` (missing ones left out). */
  findMany(ids: string[]): Promise<Row<T>[]> {
    return readMany(this.kv, (id) => this.key(id), ids);
  }

  /** Rows of the index as whole records (a `spec.slim` index keeps part: `WholeRecords.full`). */
  async full(rows: Row<T>[], dropGone = false): Promise<Row<T>[]> {
    return !this.spec.slim || !rows.length ? rows : await this.#whole.full(rows, dropGone);
  }

  /** Looks up a record id by a unique value. */
  async idBy(field: string, value: unknown): Promise<string | null> {
    return (await this.kv.get<string>(this.uniqueKey(field, value))).value;
  }

  /** The in-memory index, up to date with every instance's writes (`fresh`: see `IndexSync`). */
  index(fresh = false): Promise<MemIndex<T>> {
    return this.#sync.index(fresh);
  }

  /** Before the index is loaded, the answer to `q` read from KV when it can be (`earlyAnswer`). */
  early(q: Query): Promise<QueryResult<T> | null> {
    return this.#sync.unready ? earlyAnswer<T>(this.kv, this.spec, q) : Promise.resolve(null);
  }

  /** Answers a query from the index, or, before it is loaded, from KV when it can (`early`). */
  async query(q: Query): Promise<QueryResult<T>> {
    return await this.early(q) ?? (await this.index()).query(q);
  }

  /** The index's work besides answering reads (see `IndexSync`). */
  get indexing(): Pick<IndexSync<T>, "preload" | "settle" | "saveSnapshot"> {
    return this.#sync;
  }

  /** Forgets the in-memory index (after the store was switched or restored). */
  reset(): void {
    this.#whole.clear();
    this.#sync.reset();
  }

  /** The counter and change-log operations of a commit touching `ids` (used by bulk.ts). */
  changeOps(ids: string[]): Op[] {
    const k = ulid();
    this.#sync.own(k);
    return [
      { kind: "sum", key: this.verKey, n: 1n },
      { kind: "set", key: ["_chg", this.name, k], value: ids, expireIn: CHANGE_TTL_MS },
    ];
  }

  /** Commits `ops`; refused, throws a checked lock's 409, else `onFail`'s error (bulk.ts). */
  async commit(ops: Op[], onFail: () => Promise<Error>): Promise<string> {
    const res = await applyOps(this.kv.atomic(), ops).commit();
    if (!res.ok) throw await lockedError(this.kv, ops) ?? await onFail();
    return res.versionstamp;
  }

  /** The unique-key operations of writing `doc` over `old` (used by bulk.ts too). */
  uniqueOps(id: string, doc: Doc, old?: Doc): Op[] {
    return uniqueOps(this, id, doc, old);
  }

  /**
   * The operations writing `data` as record `id` over `cur` (null: new), for a `Tx`. `check:
   * false` omits the record's own check (records only written with a checked parent).
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
      before: cur?.value ?? null,
      ops: [
        ...own,
        ...(opts.checks ?? []).map((c): Op => ({ kind: "check", ...c })),
        ...this.uniqueOps(id, doc, cur?.value),
        ...countOps(this.spec, cur ? 0 : 1, doc),
        { kind: "set", key: this.key(id), value: doc },
      ],
      why: () => whyConflict(this, doc, id),
      delta: tallyDelta(this.spec, doc, cur?.value),
    };
  }

  /** The operations that delete record `cur` and its unique keys (see `Tx`). */
  stageRemove(cur: Row<T>, opts: { check?: boolean } = {}): Staged<T> {
    const id = cur.value._id;
    return {
      id,
      doc: null,
      before: cur.value,
      ops: [
        ...(opts.check === false
          ? []
          : [{ kind: "check", key: this.key(id), versionstamp: cur.versionstamp } as Op]),
        { kind: "delete", key: this.key(id) },
        ...this.uniqueOps(id, { _id: id }, cur.value),
        ...countOps(this.spec, -1),
      ],
      why: () => Promise.resolve(conflict(STALE_MESSAGE)),
      delta: tallyDelta(this.spec, null, cur.value),
    };
  }

  /** Staged writes' change-log, lock-check and audit-intent ops, and their in-memory apply. */
  finish(staged: Staged<T>[]): { ops: Op[]; applied: (versionstamp: string) => void } {
    const entity = this.name;
    return {
      ops: [
        unlocked(this.name),
        ...this.changeOps(staged.map((s) => s.id)),
        ...intentOps(
          staged.map(({ id, before, doc }) => ({ entity, entityId: id, before, after: doc })),
        ),
      ],
      applied: (vs) =>
        this.applied(
          staged.map((s) => [s.id, s.doc ? { value: s.doc, versionstamp: vs } : null]),
          vs,
        ),
    };
  }

  /** Writes `doc` over `cur` (null: a new record) in one commit with its unique keys. */
  async #put(id: string, data: Omit<T, "_id">, cur: Row<T> | null, checks: Check[]) {
    const st = this.stagePut(id, data, cur, { checks });
    const fin = this.finish([st]);
    const tally = await tallyOps(this, st.delta);
    const versionstamp = await this.commit(
      [...st.ops, ...tally, ...fin.ops],
      async () => await tallyError(this, st.delta) ?? await st.why(),
    );
    fin.applied(versionstamp);
    return { value: st.doc!, versionstamp };
  }

  /** Creates a record with a new ULID; duplicate unique values give 409. */
  insert(data: Omit<T, "_id">, checks: Check[] = []): Promise<Row<T>> {
    return this.#put(newId(), data, null, checks);
  }

  /**
   * Replaces a record. `data` may be a function of the stored record (to merge a partial
   * change). Options: `expected`, the versionstamp the edit was loaded at (changed since, or
   * during the commit: 409); `checks`, committed with it; `read`, the record as the caller just
   * read it (one read less; its versionstamp is checked in the commit).
   */
  async update(
    id: string,
    data: Omit<T, "_id"> | ((cur: T) => Omit<T, "_id"> | Promise<Omit<T, "_id">>),
    { expected, checks = [], read }: UpdateOptions<T> = {},
  ): Promise<Row<T>> {
    const cur = read ?? await this.find(id);
    if (!cur) throw notFound();
    if (expected && expected !== cur.versionstamp) throw conflict(STALE_MESSAGE);
    return this.#put(id, typeof data === "function" ? await data(cur.value) : data, cur, checks);
  }

  /** Deletes a record and its unique keys (404: none); `checks` commit with it. */
  async remove(id: string, checks: Check[] = []): Promise<T> {
    const cur = await this.find(id);
    if (!cur) throw notFound();
    const st = this.stageRemove(cur);
    const fin = this.finish([st]);
    const tally = await tallyOps(this, st.delta);
    const guards = checks.map((c): Op => ({ kind: "check", ...c }));
    fin.applied(
      await this.commit(
        [...st.ops, ...guards, ...tally, ...fin.ops],
        async () => await tallyError(this, st.delta) ?? await st.why(),
      ),
    );
    return cur.value;
  }

  /** Writes many records, all or nothing: see `writeMany` in bulk.ts. */
  writeMany(docs: T[], opts?: WriteManyOptions): Promise<number> {
    return writeMany(this, docs, opts);
  }
}
