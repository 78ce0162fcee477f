import {
  columnsOf,
  compareKey,
  type Entry,
  ranksOf,
  SEP,
  sortEntries,
  sortKey,
  textOf,
  type View,
} from "./mem_scan.ts";
import { GRAM, Grams } from "./mem_grams.ts";
import { dropRank, type Haystack, markHits, part } from "./mem_text.ts";
import { buildView, groupKey, updateList, updateView } from "./mem_view.ts";
import type { SnapEntry } from "./snapshot.ts";

/** Insertion ranks per block of the search text (see mem_text.ts). */
const BLOCK = 512;
import {
  type Doc,
  getPath,
  type OrderBy,
  type Query,
  type QueryResult,
  type Row,
  walk,
} from "./doc.ts";

export type { Doc, OrderBy, Query, QueryResult, Row } from "./doc.ts";
export { getPath } from "./doc.ts";

/** Whether an entry's searched fields (null: all) contain `s`. */
function textHas<T extends Doc>(e: Entry<T>, s: string, fields: number[] | null): boolean {
  if (!fields) return e.all.includes(s);
  const text = textOf(e);
  return fields.some((i) => text[i].includes(s));
}

/**
 * An entry's text over the trigram fields (positions in its `text`), as trigrams index it: line
 * breaks read as spaces, as a scan reads them.
 */
function gramText<T extends Doc>(e: Entry<T> | null, pos: number[]): string | null {
  if (e === null) return null;
  const text = textOf(e);
  const t = pos.map((i) => text[i]).join(SEP);
  return t.includes("\n") ? t.replaceAll("\n", " ") : t;
}

/** A value as the search text holds it: lowercased, the field separator read as a space. */
function lower(v: unknown): string {
  const s = String(v ?? "").toLowerCase();
  return s.includes(SEP) ? s.replaceAll(SEP, " ") : s;
}

/** How an index is kept besides its search fields and derived numbers. */
export interface MemIndexOptions<T extends Doc = Doc> {
  /** Insertion ranks per block of the search text (tests make it small to cross blocks often). */
  block?: number;
  /**
   * Search fields whose trigrams are indexed, so a rare term among them is found without a
   * scan (a search over other fields scans). Trigrams cost memory (~8 bytes per character of
   * these fields), so only collections searched for rare terms (patients by ERM) declare them.
   */
  grams?: string[];
  /**
   * What the index keeps of a record: the search text and derived numbers are taken from the
   * whole record first, then rows hold only what this returns (what orders, filters and
   * groupings read), and callers needing the whole record read it from KV
   * (`Collection.full`). For collections whose records are large (stays).
   */
  slim?: (doc: T) => T;
  /**
   * Fields holding embedded records (`{_id, ...}`, e.g. a stay's room) kept once in memory:
   * rows holding an equal copy share one object.
   */
  share?: string[];
}

/** Whether two embedded records hold the same values (one level deep). */
function sameFields(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => a[k] === b[k]);
}

/** Cached orderings per index (each holds one array of entries). */
const MAX_VIEWS = 64;
/** A batch of more writes than this drops the cached views and groups instead of updating them. */
const MAX_INCREMENTAL = 256;

/**
 * In-memory copy of one collection with cached orderings and groupings, so a paged,
 * searched and ordered read over 100k records takes milliseconds instead of a KV scan.
 * A write updates the cached orderings, groupings and search texts in place (see
 * mem_view.ts); only a large batch drops them to be rebuilt on the next read.
 */
export class MemIndex<T extends Doc> {
  #entries = new Map<string, Entry<T>>();
  #all: Entry<T>[] | null = null;
  #views = new Map<string, View<T>>();
  #groups = new Map<string, Map<string, Entry<T>[]>>();
  #seq = 0;
  #version = 0;
  /** Entries by insertion rank (holes for removed ones), for trigram candidates. */
  #bySeq: (Entry<T> | undefined)[] = [];
  /** The search text per set of searched fields, in blocks of insertion ranks. */
  #hays = new Map<string, Haystack>();
  /** Trigram postings, built on the first search long enough to use them. */
  #grams: Grams | null = null;

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
    this.#slim = opts.slim;
    this.#share = opts.share ?? [];
    this.#gramPos = (opts.grams ?? []).map((f) => searchFields.indexOf(f)).filter((i) => i >= 0);
  }

  /** Insertion ranks per block of the search text. */
  readonly block: number;
  /** Positions of the trigram fields among the search fields. */
  #gramPos: number[];
  #slim?: (doc: T) => T;
  #share: string[];
  /** The embedded records kept once, by id (the newest copy of each). */
  #shared = new Map<string, Record<string, unknown>>();

  /** The row as the index keeps it: slimmed (unless `kept` already), embedded records shared. */
  #keep(row: Row<T>, kept = false): Row<T> {
    if (!this.#share.length && (kept || !this.#slim)) return row;
    const value =
      (kept ? row.value : this.#slim ? this.#slim(row.value) : { ...row.value }) as Record<
        string,
        unknown
      >;
    for (const f of this.#share) {
      const v = value[f] as Record<string, unknown> | null | undefined;
      if (!v || typeof v !== "object" || Array.isArray(v) || typeof v._id !== "string") continue;
      const have = this.#shared.get(v._id);
      if (have === v) continue;
      if (have && sameFields(have, v)) value[f] = have;
      else this.#shared.set(v._id, v);
    }
    return { value: value as T, versionstamp: row.versionstamp };
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Grows with every change, so something derived from the rows can tell it is stale. */
  get version(): number {
    return this.#version;
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
    if (!old && !row) return;
    let neu: Entry<T> | null = null;
    if (row) {
      neu = {
        row: this.#keep(row),
        all: this.searchFields.map((f) => lower(getPath(row.value, f))).join(SEP),
        seq: old?.seq ?? this.#seq++,
        nums: this.derive?.(row.value) ?? null,
      };
      this.#entries.set(id, neu);
      this.#bySeq[neu.seq] = neu;
    } else {
      this.#entries.delete(id);
      this.#bySeq[old!.seq] = undefined;
    }
    const pos = this.#gramPos, seq = (neu ?? old)!.seq;
    this.#grams?.update(seq, gramText(old, pos), gramText(neu, pos));
    if (!old || !neu || old.all !== neu.all) {
      for (const h of this.#hays.values()) dropRank(h, this.block, seq);
    }
    if (this.#all) updateList(this.#all, old, neu);
    for (const v of this.#views.values()) updateView(v, old, neu);
    for (const [field, g] of this.#groups) {
      const was = old && groupKey(old, field), is = neu && groupKey(neu, field);
      if (was !== null && was === is) {
        updateList(g.get(was)!, old, neu);
        continue;
      }
      if (was !== null && updateList(g.get(was)!, old, null)) g.delete(was);
      if (is !== null) {
        const list = g.get(is);
        if (list) updateList(list, null, neu);
        else g.set(is, [neu!]);
      }
    }
  }

  #drop(): void {
    this.#grams = null;
    this.#all = null;
    this.#views.clear();
    this.#groups.clear();
  }

  /** Drops every row. */
  clear(): void {
    this.#entries.clear();
    this.#bySeq = [];
    this.#seq = 0;
    this.#hays.clear();
    this.#shared.clear();
    this.#version++;
    this.#drop();
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
        row: this.#keep({ value: value as T, versionstamp }, true),
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
   * Rows whose value at `field` lies in [`from`, `to`] (inclusive), in ascending order of it:
   * two binary searches in the field's cached ascending view (compared as that view orders:
   * numbers as numbers, text lowercased). Rows without a value are never in a range.
   */
  range(field: string, from: string | number, to: string | number): Row<T>[] {
    const { entries } = this.#view([{ field, dir: "asc" }]);
    const parts = field.split(".");
    const value = (i: number) => walk(entries[i].row.value, parts);
    const lo = sortKey(from), hi = sortKey(to);
    const bound = (before: (k: string | number) => boolean) => {
      let a = 0, b = entries.length;
      while (a < b) {
        const m = (a + b) >>> 1;
        if (before(sortKey(value(m)))) a = m + 1;
        else b = m;
      }
      return a;
    };
    const first = bound((k) => compareKey(k, lo) < 0);
    const end = bound((k) => compareKey(k, hi) <= 0);
    const out: Row<T>[] = [];
    for (let i = first; i < end; i++) {
      if (value(i) != null) out.push(entries[i].row);
    }
    return out;
  }

  /**
   * Filters, searches, orders and pages the rows. The first `where` term is the base (a cached
   * view per order: put the broad, stable term first, e.g. a status, so views stay few); the
   * other terms are membership marks; a search finds its candidates in the view's joined text
   * before any filter.
   */
  query(q: Query): QueryResult<T> {
    const all = this.#list();
    const where = Object.entries(q.where ?? {});
    const [first, ...rest] = where;
    // the other terms as membership marks by insertion rank (no record is read)
    const more = rest.map(([field, value]) => {
      const marks = new Uint8Array(this.#seq);
      for (const e of this.#group(field).get(value) ?? []) marks[e.seq] = 1;
      return marks;
    });
    const view = this.#view(q.order ?? [], first);
    const keep = more.length || q.filter
      ? (e: Entry<T>) =>
        more.every((marks) => marks[e.seq] === 1) && (!q.filter || q.filter(e.row.value))
      : null;
    const start = Math.max(0, q.start ?? 0);
    const end = q.length == null || q.length < 0 ? Infinity : start + q.length;
    const s = q.search?.trim().toLowerCase();
    const cols = q.numeric && columnsOf(view, this.#width());
    if (!s && !keep && !cols) {
      const rows = view.entries.slice(start, end === Infinity ? undefined : end);
      return { total: all.length, filtered: view.entries.length, rows: rows.map((e) => e.row) };
    }
    const idx = (q.searchFields ?? this.searchFields)
      .map((f) => this.searchFields.indexOf(f)).filter((i) => i >= 0);
    const every = !idx.length || idx.length === this.searchFields.length;
    const fields = every ? null : idx;
    let needles: string[] | null = null;
    if (!s) needles = null;
    else if (q.match) {
      const n = q.prefilter?.(s);
      if (n?.length && n.every((x) => x.length > 1)) needles = n;
    } else if (!s.includes("\n") && !s.includes("\u0001")) needles = [s];
    if (s && !q.match && needles && s.length >= GRAM && this.#gramsCover(fields)) {
      const seqs = this.#gramIndex().candidates(s, Math.max(256, all.length / 64));
      if (seqs) {
        return { total: all.length, ...this.#rare(seqs, s, view, fields, keep, q, start, end) };
      }
    }
    const hit = needles && this.#marks(fields, needles);
    const ranks = hit && ranksOf(view);
    const rows: Row<T>[] = [];
    let filtered = 0;
    if (hit && s && !q.match && !keep && !cols) {
      // a plain search: the view's ranks against the marks, no record read
      for (let k = 0; k < ranks!.length; k++) {
        if (!hit[ranks![k]]) continue;
        if (filtered >= start && filtered < end) rows.push(view.entries[k].row);
        filtered++;
      }
      return { total: all.length, filtered, rows };
    }
    for (let k = 0; k < view.entries.length; k++) {
      if (hit && !hit[ranks![k]]) continue;
      if (cols && !q.numeric!(cols, k)) continue;
      const e = view.entries[k];
      if (keep && !keep(e)) continue;
      if (s && (q.match ? !q.match(textOf(e), s) : !hit && !textHas(e, s, fields))) continue;
      if (filtered >= start && filtered < end) rows.push(e.row);
      filtered++;
    }
    return { total: all.length, filtered, rows };
  }

  /**
   * A search answered from trigram candidates (insertion ranks): each is checked as the scan
   * would (text, view membership, numbers, filters), then the few found are put in the view's
   * order.
   */
  #rare(
    seqs: number[],
    s: string,
    view: View<T>,
    fields: number[] | null,
    keep: ((e: Entry<T>) => boolean) | null,
    q: Query,
    start: number,
    end: number,
  ): { filtered: number; rows: Row<T>[] } {
    const one = q.numeric && Array.from({ length: this.#width() }, () => new Float64Array(1));
    const found: Entry<T>[] = [];
    for (const seq of seqs) {
      const e = this.#bySeq[seq];
      if (!e || !part(e, fields).includes(s)) continue;
      if (view.where && groupKey(e, view.where[0]) !== view.where[1]) continue;
      if (one) {
        one.forEach((col, c) => col[0] = e.nums![c]);
        if (!q.numeric!(one, 0)) continue;
      }
      if (keep && !keep(e)) continue;
      found.push(e);
    }
    // candidates come in insertion order, the order of a view without terms
    const sorted = view.order.length ? sortEntries(found, view.order) : found;
    return { filtered: sorted.length, rows: sorted.slice(start, end).map((e) => e.row) };
  }

  /** Whether the trigram fields hold every field of a search (`fields` null: all of them). */
  #gramsCover(fields: number[] | null): boolean {
    const pos = this.#gramPos;
    if (!pos.length) return false;
    return fields
      ? fields.every((f) => pos.includes(f))
      : this.searchFields.every((_, i) => pos.includes(i));
  }

  #gramIndex(): Grams {
    if (!this.#grams) {
      this.#grams = new Grams();
      // entries iterate in insertion order, which is ascending `seq`
      for (const e of this.#entries.values()) {
        this.#grams.append(e.seq, gramText(e, this.#gramPos)!);
      }
    }
    return this.#grams;
  }

  /** Marks by insertion rank of the entries whose searched fields hold one of `needles`. */
  #marks(fields: number[] | null, needles: string[]): Uint8Array {
    const sig = fields ? fields.join(",") : "*";
    let h = this.#hays.get(sig);
    if (!h) this.#hays.set(sig, h = { blocks: [], fields });
    return markHits(h, this.block, this.#bySeq, this.#seq, needles);
  }

  /** How many numbers `derive` gives (0 without it or without rows). */
  #width(): number {
    return this.#entries.values().next().value?.nums?.length ?? 0;
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
