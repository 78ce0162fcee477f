import { candidates, type Entry, scan, sortEntries, sortKey, type View } from "./mem_scan.ts";

/** A stored record: every entity has a ULID `_id`. */
export interface Doc {
  _id: string;
  [field: string]: unknown;
}

/** A record with the versionstamp it was read at. */
export interface Row<T extends Doc = Doc> {
  value: T;
  versionstamp: string;
}

/** One ordering term: a field path and a direction. */
export interface OrderBy {
  field: string;
  dir: "asc" | "desc";
}

/** What a server-side table asks of a collection. */
export interface Query {
  search?: string;
  /** Field paths to search; defaults to every indexed search field. */
  searchFields?: string[];
  order?: OrderBy[];
  /** Equality filters on field paths, e.g. `{ "provinceId._id": "01H..." }`. */
  where?: Record<string, string>;
  /** Extra predicate applied after `where`. */
  filter?: (doc: Doc) => boolean;
  /** Replaces substring search: gets the lowercased search fields and the lowercased query. */
  match?: (text: string[], q: string) => boolean;
  /**
   * With `match`: for a lowercased query, texts of which every matching record's searched
   * fields contain at least one, so only those records are tried (a text shorter than two
   * characters, which nearly every record holds, means all are).
   */
  prefilter?: (q: string) => string[];
  start?: number;
  length?: number;
}

/** The answer to a query: counts before and after filtering plus one page of rows. */
export interface QueryResult<T extends Doc> {
  total: number;
  filtered: number;
  rows: Row<T>[];
}

/** Reads a dotted path (`districtId.desc`) from a record. */
export function getPath(obj: unknown, path: string): unknown {
  let v: unknown = obj;
  for (const p of path.split(".")) {
    if (v == null || typeof v !== "object") return undefined;
    v = (v as Record<string, unknown>)[p];
  }
  return v;
}

/** Cached orderings per index (each holds one array of entries). */
const MAX_VIEWS = 64;

/**
 * In-memory copy of one collection with cached orderings and groupings, so a paged,
 * searched and ordered read over 100k records takes milliseconds instead of a KV scan.
 */
export class MemIndex<T extends Doc> {
  #entries = new Map<string, Entry<T>>();
  #all: Entry<T>[] | null = null;
  #views = new Map<string, View<T>>();
  #groups = new Map<string, Map<string, Entry<T>[]>>();
  #version = 0;

  constructor(readonly searchFields: string[]) {}

  get size(): number {
    return this.#entries.size;
  }

  /** Grows with every change, so something derived from the rows can tell it is stale. */
  get version(): number {
    return this.#version;
  }

  /** Inserts or replaces a row; `null` removes the record. */
  put(id: string, row: Row<T> | null): void {
    if (row) {
      const text = this.searchFields.map((f) => String(getPath(row.value, f) ?? "").toLowerCase());
      this.#entries.set(id, { row, text, all: text.join("\u0001") });
    } else this.#entries.delete(id);
    this.#version++;
    this.#all = null;
    this.#views.clear();
    this.#groups.clear();
  }

  /** Drops every row. */
  clear(): void {
    this.#entries.clear();
    this.put("", null);
  }

  get(id: string): Row<T> | undefined {
    return this.#entries.get(id)?.row;
  }

  /** Every row, in insertion order. */
  rows(): Row<T>[] {
    return this.#list().map((e) => e.row);
  }

  /** Rows whose value at `field` equals `value` (grouping cached until the next change). */
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
    const value = (i: number) =>
      field.includes(".") ? getPath(entries[i].row.value, field) : entries[i].row.value[field];
    const key = (i: number) => sortKey(value(i));
    const lo = sortKey(from), hi = sortKey(to);
    const bound = (before: (i: number) => boolean) => {
      let a = 0, b = entries.length;
      while (a < b) {
        const m = (a + b) >>> 1;
        if (before(m)) a = m + 1;
        else b = m;
      }
      return a;
    };
    const first = bound((i) => key(i) < lo);
    const end = bound((i) => key(i) <= hi);
    const out: Row<T>[] = [];
    for (let i = first; i < end; i++) {
      if (value(i) != null) out.push(entries[i].row);
    }
    return out;
  }

  /** Filters, searches, orders and pages the rows. */
  query(q: Query): QueryResult<T> {
    const all = this.#list();
    const where = Object.entries(q.where ?? {});
    const [first, ...more] = where;
    const view = first
      ? this.#view(q.order ?? [], first, this.#group(first[0]).get(first[1]) ?? [])
      : this.#view(q.order ?? []);
    const keep = (e: Entry<T>) =>
      more.every(([field, value]) => String(getPath(e.row.value, field) ?? "") === value) &&
      (!q.filter || q.filter(e.row.value));
    const start = Math.max(0, q.start ?? 0);
    const end = q.length == null || q.length < 0 ? Infinity : start + q.length;
    const s = q.search?.trim().toLowerCase();
    const idx = (q.searchFields ?? this.searchFields)
      .map((f) => this.searchFields.indexOf(f)).filter((i) => i >= 0);
    const every = !idx.length || idx.length === this.searchFields.length;
    const needles = s && q.match && q.prefilter?.(s);
    if (s && q.match && needles && needles.length && needles.every((n) => n.length > 1)) {
      // only the records holding a needle are tried, found in one pass over the joined text
      const hit = candidates(view, every ? null : idx, needles);
      const rows: Row<T>[] = [];
      let filtered = 0;
      for (let k = 0; k < hit.length; k++) {
        const e = view.entries[k];
        if (!hit[k] || !keep(e) || !q.match(e.text, s)) continue;
        if (filtered >= start && filtered < end) rows.push(e.row);
        filtered++;
      }
      return { total: all.length, filtered, rows };
    }
    const base = more.length || q.filter ? view.entries.filter(keep) : view.entries;
    if (!s) {
      const page = base.slice(start, end === Infinity ? undefined : end);
      return { total: all.length, filtered: base.length, rows: page.map((e) => e.row) };
    }
    if (base === view.entries && !q.match) {
      return { total: all.length, ...scan(view, s, start, end, every ? null : idx) };
    }
    const rows: Row<T>[] = [];
    let filtered = 0;
    for (const e of base) {
      let hit = false;
      if (q.match) hit = q.match(e.text, s);
      else if (every) hit = e.all.includes(s);
      else for (const i of idx) if (e.text[i].includes(s)) hit = true;
      if (!hit) continue;
      if (filtered >= start && filtered < end) rows.push(e.row);
      filtered++;
    }
    return { total: all.length, filtered, rows };
  }

  #list(): Entry<T>[] {
    return this.#all ??= [...this.#entries.values()];
  }

  /**
   * Entries in one order (all of them, or those of one `where` group), cached until the next
   * change; at most `MAX_VIEWS` are kept, dropping the oldest.
   */
  #view(order: OrderBy[], where?: [string, string], subset?: Entry<T>[]): View<T> {
    const sig = (where ? `${where[0]}=${where[1]}|` : "") +
      order.map((o) => `${o.field}:${o.dir}`).join(",");
    let v = this.#views.get(sig);
    if (!v) {
      const list = subset ?? this.#list();
      v = { entries: order.length ? sortEntries(list, order) : list };
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
        const k = String(getPath(e.row.value, field) ?? "");
        const arr = g.get(k);
        if (arr) arr.push(e);
        else g.set(k, [e]);
      }
      this.#groups.set(field, g);
    }
    return g;
  }
}
