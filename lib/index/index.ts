import { type Entry, SearchText } from "./scan.ts";
import { GramPostings } from "./postings.ts";
import { FoundCache } from "./found.ts";
import { dropRank, type Haystack, markHits } from "./text.ts";
import { ViewCache } from "./view_cache.ts";
import { type IndexParts, runQuery } from "./query.ts";
import { rangeOf } from "./range.ts";
import type { SnapDump, SnapEntry, Snapshot } from "./snapshot.ts";
import { blockCounts, LazyBlocks } from "./lazy.ts";
import { LaterMap } from "./later_map.ts";
import { SlimRows } from "./slim_rows.ts";
import { NumColumns } from "./nums.ts";
import type { Doc, MemIndexOptions, Query, QueryResult, Row } from "./doc.ts";

/** Writes remembered for `changesSince`; insertion ranks per block of the search text (text.ts). */
const CHANGE_LOG = 512, BLOCK = 512;

export type { Doc, OrderBy, Query, QueryResult, Row } from "./doc.ts";

/** The key a record is kept under: its own `_id` when equal (the key read is another copy). */
const oneId = (id: string, value: Doc): string => value._id === id ? value._id : id;

/** A batch of more writes than this drops the cached views and groups instead of updating them. */
const MAX_INCREMENTAL = 256;

/**
 * In-memory copy of one collection with cached orderings and groupings, kept in place by writes
 * (view.ts), so a paged, searched, ordered read over 100k records takes milliseconds. Queries
 * are in query.ts, kept records in slim_rows.ts, derived numbers in nums.ts.
 */
export class MemIndex<T extends Doc> {
  /** Entries by id (a restored snapshot's put in when first needed: see `LaterMap`). */
  #entries = new LaterMap<Entry<T>>();
  /** Entries by insertion rank (holes for removed ones): trigram candidates, views' ranks. */
  readonly #bySeq: (Entry<T> | undefined)[] = [];
  /** The cached orderings and groupings, kept in step with writes. */
  #cache = new ViewCache<T>(() => this.#entries.values(), this.#bySeq);
  /** The blocks of the snapshot the index was restored from (lazy.ts). */
  #lazy: LazyBlocks<T> | null = null;
  #seq = 0;
  #version = 0;
  /** Records removed so far (see `FoundCache`). */
  #removals = 0;
  /** The last writes by version, so derived data can patch itself (`changesSince`). */
  #log: { v: number; id: string }[] = [];
  /** The search text per set of searched fields, in blocks of insertion ranks. */
  #hays = new Map<string, Haystack>();
  /** The derived numbers by insertion rank (NaN for holes), built on the first numeric query. */
  #nums: NumColumns | null = null;

  /** `derive` gives the numbers `Query.numeric` tests (always as many, NaN for none). */
  constructor(
    readonly searchFields: string[],
    readonly derive?: (doc: T) => number[],
    opts: MemIndexOptions<T> = {},
  ) {
    this.block = opts.block ?? BLOCK;
    this.#text = new SearchText(searchFields);
    this.#rows = new SlimRows(opts);
    const pos = (opts.grams ?? []).map((f) => searchFields.indexOf(f)).filter((i) => i >= 0);
    this.#postings = new GramPostings(pos, searchFields.length, {
      count: () => this.#seq,
      at: (seq) => this.#bySeq[seq],
    });
  }

  /** Insertion ranks per block of the search text. */
  readonly block: number;
  /** Trigram postings, built on the first search long enough to use them. */
  #postings: GramPostings<T>;
  /** Makes each record's search text. */
  #text: SearchText;
  /** What is kept of each record (slim, embedded records shared). */
  #rows: SlimRows<T>;

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
        row: this.#rows.keep(row),
        all: this.#text.of(row.value),
        seq: old?.seq ?? this.#seq++,
        nums: this.derive?.(row.value) ?? null,
      };
      this.#entries.set(oneId(id, row.value), neu);
    } else {
      this.#entries.delete(id);
      this.#removals++;
    }
    // the views first: they read the entries by rank, which still hold `old`
    this.#cache.update(old, neu);
    const seq = (neu ?? old)!.seq;
    this.#bySeq[seq] = neu ?? undefined;
    if (this.#nums) {
      this.#nums.set(seq, neu?.nums ?? null);
      if (neu) neu.nums = null; // kept once, in the columns
    }
    this.#postings.update(seq, old, neu);
    if (!old || !neu || old.all !== neu.all) {
      for (const h of this.#hays.values()) dropRank(h, this.block, seq);
    }
  }

  #drop(): void {
    this.#postings.drop();
    this.#cache.drop();
  }

  /** Drops every row. */
  clear(): void {
    this.#lazy?.drop();
    this.#lazy = null;
    this.#entries.clear();
    this.#nums = null;
    this.#bySeq.length = 0;
    this.#seq = 0;
    this.#hays.clear();
    this.#rows.clear();
    this.#log = [];
    this.#version++;
    this.#drop();
    this.#parts.found.clear();
  }

  /** Every entry and cached ordering as a snapshot keeps them (snapshot.ts), in insertion order. */
  dump(): SnapDump {
    const pos = new Int32Array(this.#seq), entries: SnapEntry[] = [];
    for (const [id, e] of this.#entries) {
      pos[e.seq] = entries.length;
      const nums = this.#nums ? this.#nums.row(e.seq) : e.nums;
      entries.push([id, e.row.versionstamp, e.row.value, e.all, nums]);
    }
    const views = this.#cache.saved().map((v) => ({ ...v, ranks: v.ranks.map((r) => pos[r]) }));
    return { entries, views };
  }

  /**
   * Replaces every row with a snapshot's, each parsed from its block when first read. Returns the
   * blocks (`LazyBlocks.settle` parses the rest); `broken` is told when a block does not parse.
   */
  restore(snap: Snapshot, broken: (e: Error) => void): LazyBlocks<T> {
    this.clear();
    const { ids, head } = snap;
    const rows = this.#rows;
    const lazy = new LazyBlocks<T>(snap.blocks, snap.texts, blockCounts(ids.length, head.block), {
      share: head.share,
      canonical: (f, o) => rows.canonical(f, o),
      reshare: (v) => rows.reshared(v),
      ids,
    }, broken);
    const entries = lazy.entries(0);
    for (let i = 0; i < entries.length; i++) this.#bySeq[i] = entries[i];
    this.#entries.later(ids, (i) => entries[i]);
    this.#seq = entries.length;
    this.#cache.restore(snap.views);
    this.#lazy = lazy;
    return lazy;
  }

  /** Parses the restored blocks no read has parsed (`LazyBlocks.settle`), then `settled()`. */
  async settle(between: () => Promise<void>): Promise<void> {
    const lazy = this.#lazy;
    if (lazy && await lazy.settle(between) && this.#lazy === lazy) this.settled();
  }

  /** Every block of the restored snapshot parsed: plain entries, the blocks let go. */
  settled(): void {
    if (!this.#lazy) return;
    this.#lazy = null;
    for (const [id, e] of this.#entries) {
      const plain: Entry<T> = { row: e.row, all: e.all, seq: e.seq, nums: e.nums };
      this.#entries.set(id, plain);
      this.#bySeq[e.seq] = plain;
    }
    this.#cache.dropLists();
  }

  get(id: string): Row<T> | undefined {
    return this.#entries.get(id)?.row;
  }

  /** Every row, in insertion order. */
  rows(): Row<T>[] {
    return this.#cache.list().map((e) => e.row);
  }

  /** Rows whose value at `field` equals `value`, in insertion order (grouping cached). */
  where(field: string, value: string): Row<T>[] {
    return (this.#cache.group(field).get(value) ?? []).map((e) => e.row);
  }

  /** Number of rows whose value at `field` equals `value`. */
  countWhere(field: string, value: string): number {
    return this.#cache.group(field).get(value)?.length ?? 0;
  }

  /** Rows whose value at `field` lies in [`from`, `to`], ascending by it (range.ts). */
  range(field: string, from: string | number, to: string | number): Row<T>[] {
    return rangeOf(this.#cache.view([{ field, dir: "asc" }]), field, from, to);
  }

  /** Filters, searches, orders and pages the rows (see `runQuery`, query.ts). */
  query(q: Query): QueryResult<T> {
    return runQuery(this.#parts, q);
  }

  /** What a query reads of this index (query.ts). */
  readonly #parts: IndexParts<T> = {
    searchFields: () => this.searchFields,
    list: () => this.#cache.list(),
    ranks: () => this.#seq,
    group: (field) => this.#cache.group(field),
    view: (order, where) => this.#cache.view(order, where),
    hasView: (order, where) => this.#cache.has(order, where),
    columns: () => this.#columns(),
    bySeq: (seq) => this.#bySeq[seq],
    grams: (fields) => this.#postings.covers(fields) ? this.#postings.ready() : null,
    marks: (fields, needles) => this.#marks(fields, needles),
    found: new FoundCache(),
    version: () => this.#version,
    removals: () => this.#removals,
    changesSince: (v) => this.changesSince(v),
    entry: (id) => this.#entries.get(id),
  };

  /** Builds the trigram postings in slices, awaiting `pause` in between (see `GramPostings`). */
  warmGrams(slice?: number, pause?: () => Promise<void>): Promise<void> {
    return this.#postings.warm(slice, pause);
  }

  /** Marks (bits by insertion rank) of the entries whose searched fields hold one of `needles`. */
  #marks(fields: number[] | null, needles: string[]): Uint32Array {
    const sig = fields ? fields.join(",") : "*";
    let h = this.#hays.get(sig);
    if (!h) this.#hays.set(sig, h = { blocks: [], fields });
    return markHits(h, this.block, this.#bySeq, this.#seq, needles);
  }

  /** The derived numbers as columns by insertion rank, built on first use, kept in step. */
  #columns(): Float64Array[] {
    this.#nums ??= NumColumns.of(() => this.#entries.values(), this.#seq);
    return this.#nums?.cols ?? [];
  }

  /** The cached orderings (`field:dir`, after `where=value|` for a group's), least recently asked first. */
  cachedViews(): string[] {
    return this.#cache.signatures();
  }
}
