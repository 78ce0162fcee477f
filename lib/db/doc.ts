/**
 * What a collection's records and queries look like, shared by the in-memory index
 * (mem_index.ts), its scans (mem_scan.ts) and its cached views (mem_view.ts).
 */

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
  /**
   * Predicate on the derived numbers (see `MemIndex`), tried before `filter`: gets one array
   * per number and the record's position in them. Testing typed arrays is many times faster
   * than reading each record.
   */
  numeric?: (cols: Float64Array[], k: number) => boolean;
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
  return walk(obj, path.split("."));
}

/** Reads a path already split into its parts. */
export function walk(obj: unknown, parts: string[]): unknown {
  let v: unknown = obj;
  for (const p of parts) {
    if (v == null || typeof v !== "object") return undefined;
    v = (v as Record<string, unknown>)[p];
  }
  return v;
}
