/**
 * What a collection's records and queries look like, shared by the in-memory index
 * (index.ts), its scans (scan.ts) and its cached views (view.ts).
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
  /**
   * The `where` fields that may be the base of a cached view (default: the first term, any
   * field). A narrow field left out (a room, a doctor) is a membership mark over the view of
   * the others instead of a view per value and order.
   */
  viewFields?: string[];
  /** Extra predicate applied after `where`. */
  filter?: (doc: Doc) => boolean;
  /**
   * Predicate on the derived numbers (see `MemIndex`), tried before `filter`: gets one array
   * per number and the record's position in them. Testing typed arrays is many times faster
   * than reading each record.
   */
  numeric?: (cols: Float64Array[], k: number) => boolean;
  /**
   * What `numeric` tests, as text (the same key, the same test): its hits are then kept as a
   * bit set among the recent filters and brought up to date after writes, instead of testing
   * every record on every request (see filter_bits.ts). Without it `numeric` runs each time.
   */
  numericKey?: string;
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
  /**
   * Stop counting matches once this many are found (`filtered` is then at least that many):
   * for answers that only need to know whether there is a next page (select2), so a common
   * term under a custom `match` is not checked against every record.
   */
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
  /** A kept record read back from a snapshot, its repeated values shared again (see `MemIndexOptions`). */
  reshare?: (doc: any) => any;
  /** Fields of embedded records kept once in memory (see `MemIndexOptions.share`). */
  share?: string[];
  /** Labels for messages about fields, e.g. `{ kode: "Kode" }`. */
  labels?: Record<string, string>;
  /** Normalises a unique value before it becomes a key (default: trimmed text). */
  normalize?: (field: string, value: unknown) => string;
  /** A count over the records kept in one key, checked in every commit that moves it. */
  tally?: Tally;
  /**
   * The records whose `field` holds `value`, which are those (and only those) holding a value
   * of the `unique` field: with a count of every record kept in KV, a list of them answers
   * before the index is loaded (`Collection.early`, lib/db/subset.ts).
   */
  subset?: { unique: string; field: string; value: string };
  /**
   * A `unique` field every record holds a value of: with a count of every record kept in KV,
   * the first pages of the whole collection ordered by it answer before the index is loaded
   * (`Collection.query`, lib/db/keyed.ts).
   */
  keyed?: string;
}

/**
 * A count over a collection's records (e.g. its administrators) kept in one KV key and moved
 * in the same commit as every write that changes it, with a check on the key: a rule such as
 * "at least one" holds however many writes race. Absent (data from before), it is counted
 * once from the index, in a commit that checks the collection did not change meanwhile.
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
  /**
   * The running code's version (e.g. the bundle's source hash), part of every snapshot's
   * signature: an index built by other code (another `derive` or `slim` behind the same
   * declaration) is never read back.
   */
  readonly snapshotTag?: string;
  /**
   * How long (ms) an index answers from memory after it last found the write counter unmoved:
   * another instance's writes show up at most this much later; this instance's own at once.
   * 0 or absent: the counter is read before every read.
   */
  readonly indexRecheckMs?: number;
  /** Reserves disk room for a rollback (local files only); returns its release. */
  reserve?(bytes: number): Promise<() => Promise<void>>;
  /**
   * How background work on the indexes (preloads, parsing a restored snapshot) waits between
   * its slices, e.g. for the requests in flight; absent: a turn of the event loop.
   */
  idle?(): Promise<void>;
}

/** How an index is kept besides its search fields and derived numbers. */
export interface MemIndexOptions<T extends Doc = Doc> {
  /** Insertion ranks per block of the search text (tests make it small to cross blocks often). */
  block?: number;
  /**
   * Search fields whose trigrams are indexed, so a rare term among them is found without a
   * scan (a search over other fields scans). Trigrams cost memory (several bytes per character
   * of these fields), so only collections searched for rare terms (patients by ERM) declare them.
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
   * A record as `slim` kept it, read back from a snapshot (JSON), with its repeated values
   * (codes, empty lists) shared again as `slim` shares them: parsed, each is a copy of its own.
   */
  reshare?: (doc: T) => T;
  /**
   * Fields holding embedded records (`{_id, ...}`, e.g. a stay's room) kept once in memory:
   * rows holding an equal copy in that field share one object.
   */
  share?: string[];
}
