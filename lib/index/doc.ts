/** What a collection's records and queries look like (index.ts, scan.ts, view.ts). */

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
  /** The `where` fields a cached view may be based on (default: the first); others are marks. */
  viewFields?: string[];
  /** Extra predicate applied after `where`. */
  filter?: (doc: Doc) => boolean;
  /** Predicate on the derived numbers (an array each, the record's position), before `filter`. */
  numeric?: (cols: Float64Array[], k: number) => boolean;
  /** What `numeric` tests, as text: its hits are then kept as a bit set (filter_bits.ts). */
  numericKey?: string;
  /** Replaces substring search: gets the lowercased search fields and the lowercased query. */
  match?: (text: string[], q: string) => boolean;
  /** With `match`: texts of which every matching record holds one, so only those are tried. */
  prefilter?: (q: string) => string[];
  start?: number;
  length?: number;
  /** Stop counting matches at this many (`filtered` is then a lower bound), e.g. for select2. */
  countUpTo?: number;
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
  /** Records `slim` keeps whole (tested on the kept record): `full` needs no read for them. */
  whole?: (doc: any) => boolean;
  /** A slim record read back from a snapshot, shared again (see `MemIndexOptions`). */
  reshare?: (doc: any) => any;
  /** Fields of embedded records kept once in memory (see `MemIndexOptions.share`). */
  share?: string[];
  /** Labels for messages about fields, e.g. `{ kode: "Kode" }`. */
  labels?: Record<string, string>;
  /** Normalises a unique value before it becomes a key (default: trimmed text). */
  normalize?: (field: string, value: unknown) => string;
  /** A count over the records kept in one key, checked in every commit that moves it. */
  tally?: Tally;
  /** Records whose `field` is `value` (those holding `unique`): listed before the index loads. */
  subset?: { unique: string; field: string; value: string };
  /** A `unique` field all records hold: first pages by it answer before the index loads. */
  keyed?: string;
}

/**
 * A count over a collection's records (e.g. its administrators) in one KV key, moved and
 * checked in every commit that changes it, so "at least one" holds however many writes race.
 */
export interface Tally {
  /** The key holding the count (a plain number). */
  key: Deno.KvKey;
  /** What one record adds to the count (0 or 1); given the index's (slim) record too. */
  of: (doc: any) => number;
  /** The smallest count allowed. */
  min: number;
  /** The 409 message of a write that would leave the count below `min`. */
  message: string;
}

/** Something that holds the current KV handle (it can be switched at run time). */
export interface KvHolder {
  readonly kv: Deno.Kv;
  /** Where a collection keeps its index snapshot (local files only; see snapshot.ts). */
  snapshotPath?(name: string): Promise<string | null>;
  /** The running code's version, in every snapshot's signature: other code's is never read. */
  readonly snapshotTag?: string;
  /** How long (ms) an index trusts an unmoved write counter; 0: it is reread before every read. */
  readonly indexRecheckMs?: number;
  /** Reserves disk room for a rollback (local files only); returns its release. */
  reserve?(bytes: number): Promise<() => Promise<void>>;
  /** How background index work waits between slices (default: a turn of the event loop). */
  idle?(): Promise<void>;
}

/** How an index is kept besides its search fields and derived numbers. */
export interface MemIndexOptions<T extends Doc = Doc> {
  /** Insertion ranks per block of the search text (tests make it small to cross blocks often). */
  block?: number;
  /** Search fields whose trigrams are indexed: a rare term is found without a scan. */
  grams?: string[];
  /** What rows keep of a record (search and numbers use the whole); `Collection.full` reads it. */
  slim?: (doc: T) => T;
  /** A slim record read back from a snapshot, its repeated values shared again as `slim` does. */
  reshare?: (doc: T) => T;
  /** Fields of embedded records (`{_id, ...}`) kept once: equal copies share one object. */
  share?: string[];
}
