import { type Entry, gramText, lower, SEP, type View } from "./mem_scan.ts";
import { Grams } from "./mem_grams.ts";
import { nextTurn } from "./turn.ts";
import { FoundCache } from "./mem_found.ts";
import { dropRank, type Haystack, markHits } from "./mem_text.ts";
import { buildView, groupKey, updateGroups, updateList, updateView } from "./mem_view.ts";
import { type IndexParts, rangeOf, runQuery } from "./mem_query.ts";
import type { SnapEntry } from "./snapshot.ts";
import { RowKeeper } from "./mem_keep.ts";
import { NumColumns } from "./mem_nums.ts";

import {
  type Doc,
  getPath,
  type MemIndexOptions,
  type OrderBy,
  type Query,
  type QueryResult,
  type Row,
} from "./doc.ts";

/** Writes remembered for `changesSince`. */
const CHANGE_LOG = 512;
/** Insertion ranks per block of the search text (see mem_text.ts). */
const BLOCK = 512;

export type { Doc, MemIndexOptions, OrderBy, Query, QueryResult, Row } from "./doc.ts";
export { getPath } from "./doc.ts";

/** Cached orderings per index (each holds one array of entries). */
const MAX_VIEWS = 64;
/** A batch of more writes than this drops the cached views and groups instead of updating them. */
const MAX_INCREMENTAL = 256;

/**
 * In-memory copy of one collection with cached orderings and groupings, so a paged,
 * searched and ordered read over 100k records takes milliseconds instead of a KV scan.
 * A write updates the cached orderings, groupings and search texts in place (see
 * mem_view.ts); only a large batch drops them to be rebuilt on the next read.
 * (Over 300 lines: one class owns the entries and every structure kept in step with them; the
 * queries over it are in mem_query.ts, the upkeep of views and groups in mem_view.ts, what is
 * kept of a record in mem_keep.ts, the derived numbers in mem_nums.ts.)
 */
export class MemIndex<T extends Doc> {
  #entries = new Map<string, Entry<T>>();
  #all: Entry<T>[] | null = null;
  #views = new Map<string, View<T>>();
  #groups = new Map<string, Map<string, Entry<T>[]>>();
  #seq = 0;
  #version = 0;
  /** Records removed so far (see `FoundCache`). */
  #removals = 0;
  /** The last writes by version, so derived data can patch itself (`changesSince`). */
  #log: { v: number; id: string }[] = [];
  /** Entries by insertion rank (holes for removed ones), for trigram candidates. */
  #bySeq: (Entry<T> | undefined)[] = [];
  /** The search text per set of searched fields, in blocks of insertion ranks. */
  #hays = new Map<string, Haystack>();
  /** Trigram postings, built on the first search long enough to use them. */
  #grams: Grams | null = null;
  /** Postings being built in slices (`warmGrams`): the entries below `next` are in. */
  #building: { grams: Grams; next: number } | null = null;
  /** The derived numbers by insertion rank (NaN for holes), built on the first numeric query. */
  #nums: NumColumns | null = null;

  /**
   * `derive` gives the numbers of a record that `Query.numeric` tests (always as many), e.g.
   * day numbers of its dates; NaN for none.
   */
  constructor(
    readonly searchFields: string[],
    readonly derive?: (doc: T) => number[],
    opts: MemIndexOptions<T> = {},
  ) {
    this.block = opts.block ?? BLOCK;
    this.#keeper = new RowKeeper(opts);
    this.#gramPos = (opts.grams ?? []).map((f) => searchFields.indexOf(f)).filter((i) => i >= 0);
  }

  /** Insertion ranks per block of the search text. */
  readonly block: number;
  /** Positions of the trigram fields among the search fields. */
  #gramPos: number[];
  /** What is kept of each record (slim, embedded records shared). */
  #keeper: RowKeeper<T>;

  get size(): number {
    return this.#entries.size;
  }

  /** Grows with every change, so something derived from the rows can tell it is stale. */
  get version(): number {
    return this.#version;
  }

  /** The ids written since `version` (repeats possible), or null when too many to tell. */
  changesSince(version: number): string[] | null {
    if (version === this.#version) return [];
    const log = this.#log;
    if (!log.length || log[0].v > version + 1) return null;
    return log.filter((c) => c.v > version).map((c) => c.id);
  }

  /** Inserts or replaces a row; `null` removes the record. */
  put(id: string, row: Row<T> | null): void {
    this.#apply(id, row);
  }

  /** Applies many writes (see `put`); a large batch drops the caches rather than update them. */
  putMany(rows: [string, Row<T> | null][]): void {
    this.willWrite(rows.length);
    for (const [id, row] of rows) this.#apply(id, row);
  }

  /** Before `count` writes: a large batch drops the caches rather than update them one by one. */
  willWrite(count: number): void {
    if (count > MAX_INCREMENTAL) this.#drop();
  }

  #apply(id: string, row: Row<T> | null): void {
    const old = this.#entries.get(id) ?? null;
    this.#version++;
    this.#log.push({ v: this.#version, id });
    if (this.#log.length > CHANGE_LOG) this.#log.splice(0, this.#log.length - CHANGE_LOG / 2);
    if (!old && !row) return;
    let neu: Entry<T> | null = null;
    if (row) {
      neu = {
        row: this.#keeper.keep(row),
        all: this.searchFields.map((f) => lower(getPath(row.value, f))).join(SEP),
        seq: old?.seq ?? this.#seq++,
        nums: this.derive?.(row.value) ?? null,
      };
      this.#entries.set(id, neu);
      this.#bySeq[neu.seq] = neu;
    } else {
      this.#entries.delete(id);
      this.#bySeq[old!.seq] = undefined;
      this.#removals++;
    }
    const pos = this.#gramPos, seq = (neu ?? old)!.seq;
    this.#nums?.set(seq, neu?.nums ?? null);
    this.#grams?.update(seq, gramText(old, pos), gramText(neu, pos));
    if (this.#building && seq < this.#building.next) {
      this.#building.grams.update(seq, gramText(old, pos), gramText(neu, pos));
    }
    if (!old || !neu || old.all !== neu.all) {
      for (const h of this.#hays.values()) dropRank(h, this.block, seq);
    }
    if (this.#all) updateList(this.#all, old, neu);
    for (const v of this.#views.values()) updateView(v, old, neu);
    updateGroups(this.#groups, old, neu);
  }

  #drop(): void {
    this.#grams = null;
    this.#building = null;
    this.#all = null;
    this.#views.clear();
    this.#groups.clear();
  }

  /** Drops every row. */
  clear(): void {
    this.#entries.clear();
    this.#nums = null;
    this.#bySeq = [];
    this.#seq = 0;
    this.#hays.clear();
    this.#keeper.clear();
    this.#log = [];
    this.#version++;
    this.#drop();
    this.#parts.found.clear();
  }

  /** Every entry as a snapshot keeps it (see snapshot.ts), in insertion order. */
  dump(): SnapEntry[] {
    const out: SnapEntry[] = [];
    for (const [id, e] of this.#entries) {
      out.push([id, e.row.versionstamp, e.row.value, e.all, e.nums]);
    }
    return out;
  }

  /**
   * Replaces every row with a snapshot's entries: records as the index keeps them (already
   * slim), with their search text and numbers.
   */
  restore(entries: SnapEntry[]): void {
    this.clear();
    for (const [id, versionstamp, value, all, nums] of entries) {
      const e: Entry<T> = {
        row: this.#keeper.keep({ value: value as T, versionstamp }, true),
        all,
        seq: this.#seq++,
        nums,
      };
      this.#entries.set(id, e);
      this.#bySeq[e.seq] = e;
    }
  }

  get(id: string): Row<T> | undefined {
    return this.#entries.get(id)?.row;
  }

  /** Every row, in insertion order. */
  rows(): Row<T>[] {
    return this.#list().map((e) => e.row);
  }

  /** Rows whose value at `field` equals `value`, in insertion order (grouping cached). */
  where(field: string, value: string): Row<T>[] {
    return (this.#group(field).get(value) ?? []).map((e) => e.row);
  }

  /** Number of rows whose value at `field` equals `value`. */
  countWhere(field: string, value: string): number {
    return this.#group(field).get(value)?.length ?? 0;
  }

  /**
   * Rows whose value at `field` lies in [`from`, `to`] (inclusive), in ascending order of it
   * (see `rangeOf`, mem_query.ts).
   */
  range(field: string, from: string | number, to: string | number): Row<T>[] {
    return rangeOf(this.#view([{ field, dir: "asc" }]), field, from, to);
  }

  /**
   * Filters, searches, orders and pages the rows. The first `where` term is the base (a cached
   * view per order: put the broad, stable term first, e.g. a status, so views stay few); the
   * other terms are membership marks; a search finds its candidates in the view's joined text
   * before any filter (see mem_query.ts).
   */
  query(q: Query): QueryResult<T> {
    return runQuery(this.#parts, q);
  }

  /** What a query reads of this index (mem_query.ts). */
  readonly #parts: IndexParts<T> = {
    searchFields: () => this.searchFields,
    list: () => this.#list(),
    ranks: () => this.#seq,
    group: (field) => this.#group(field),
    view: (order, where) => this.#view(order, where),
    columns: () => this.#columns(),
    bySeq: (seq) => this.#bySeq[seq],
    grams: (fields) => this.#gramsCover(fields) ? this.#gramIndex() : null,
    marks: (fields, needles) => this.#marks(fields, needles),
    found: new FoundCache(),
    version: () => this.#version,
    removals: () => this.#removals,
    changesSince: (v) => this.changesSince(v),
    entry: (id) => this.#entries.get(id),
  };

  /** Whether the trigram fields hold every field of a search (`fields` null: all of them). */
  #gramsCover(fields: number[] | null): boolean {
    const pos = this.#gramPos;
    if (!pos.length) return false;
    return fields
      ? fields.every((f) => pos.includes(f))
      : this.searchFields.every((_, i) => pos.includes(i));
  }

  /**
   * Builds the trigram postings `slice` entries at a time, awaiting `pause` in between (the
   * warm-up: 100,000 patients held the event loop ~150 ms in one piece, 500 ms under load).
   * Writes meanwhile are applied to the part built; a search meanwhile builds them at once.
   */
  async warmGrams(slice = 10_000, pause: () => Promise<void> = nextTurn): Promise<void> {
    if (this.#grams || this.#building || !this.#gramPos.length) return;
    this.#building = { grams: new Grams(), next: 0 };
    while (this.#building && this.#gramSlice(slice)) await pause();
  }

  /** The postings, built at once on first use (finishing a build in slices under way). */
  #gramIndex(): Grams {
    this.#building ??= this.#grams ? null : { grams: new Grams(), next: 0 };
    if (this.#building) this.#gramSlice(Infinity);
    return this.#grams!;
  }

  /** Appends up to `count` more entries (ascending `seq`) to the build; false once it is done. */
  #gramSlice(count: number): boolean {
    const b = this.#building!;
    for (const end = Math.min(this.#seq, b.next + count); b.next < end; b.next++) {
      const e = this.#bySeq[b.next];
      if (e) b.grams.append(e.seq, gramText(e, this.#gramPos)!);
    }
    if (b.next < this.#seq) return true;
    b.grams.trim();
    this.#grams = b.grams;
    this.#building = null;
    return false;
  }

  /** Marks by insertion rank of the entries whose searched fields hold one of `needles`. */
  #marks(fields: number[] | null, needles: string[]): Uint8Array {
    const sig = fields ? fields.join(",") : "*";
    let h = this.#hays.get(sig);
    if (!h) this.#hays.set(sig, h = { blocks: [], fields });
    return markHits(h, this.block, this.#bySeq, this.#seq, needles);
  }

  /** The derived numbers as columns by insertion rank, built on first use, kept in step. */
  #columns(): Float64Array[] {
    if (!this.#nums) {
      const width = this.#entries.values().next().value?.nums?.length ?? 0;
      // no record yet: nothing to test, and columns built now would have no width for ever
      if (!width) return [];
      this.#nums = new NumColumns(width, Math.max(1024, Math.ceil(this.#seq * 1.25)));
      for (const e of this.#entries.values()) this.#nums.set(e.seq, e.nums);
    }
    return this.#nums.cols;
  }

  #list(): Entry<T>[] {
    return this.#all ??= [...this.#entries.values()];
  }

  /**
   * Entries in one order (all of them, or those of one `where` group), cached and kept in step
   * with writes; at most `MAX_VIEWS` are kept, dropping the oldest.
   */
  #view(order: OrderBy[], where?: [string, string]): View<T> {
    const sig = (where ? `${where[0]}=${where[1]}|` : "") +
      order.map((o) => `${o.field}:${o.dir}`).join(",");
    let v = this.#views.get(sig);
    if (!v) {
      const list = where ? this.#group(where[0]).get(where[1]) ?? [] : this.#list();
      v = buildView(list, order, where);
      if (this.#views.size >= MAX_VIEWS) this.#views.delete(this.#views.keys().next().value!);
      this.#views.set(sig, v);
    }
    return v;
  }

  #group(field: string): Map<string, Entry<T>[]> {
    let g = this.#groups.get(field);
    if (!g) {
      g = new Map();
      for (const e of this.#list()) {
        const k = groupKey(e, field);
        const arr = g.get(k);
        if (arr) arr.push(e);
        else g.set(k, [e]);
      }
      this.#groups.set(field, g);
    }
    return g;
  }
}
