import { CHANGES, keyTokens, MAX_TOKENS, recordsOf } from "./record.ts";
import { COUNT, counted, type Field, isRecordId, IX, type Summary } from "./query.ts";

/** An entry as the log stores and lists it. */
export interface EntryFields {
  id: string;
  username: string;
  action: string;
  entity?: string;
  entityId?: string;
  before?: unknown;
  after?: unknown;
}

/** `["audit_keys", id]`: the key tokens remembered for a record id (its ERM, name words…). */
const KEYS = "audit_keys";
const MAX_REFS = 20;
const CACHE = 50_000;
/** getMany calls of ten keys in flight at once. */
const LOAD_WAVE = 32;

/** The index keys of one entry, and the tokens its record id remembers. */
export interface EntryIndex {
  summary: Summary;
  keys: [Field, string][];
  /** The tokens each record the entry names remembers now (none: unchanged). */
  remember: { id: string; tokens: string[] }[];
}

/** Key tokens remembered per record id: an entry naming a record by id is found by its words. */
export class TokenMemory {
  #cache = new Map<string, string[]>();
  constructor(readonly kv: Deno.Kv) {}

  async #load(ids: string[]): Promise<void> {
    const miss = ids.filter((id) => !this.#cache.has(id));
    // many ids (an import's records) are read a few dozen getMany calls at a time
    for (let i = 0; i < miss.length; i += 10 * LOAD_WAVE) {
      const wave = [];
      for (let k = i; k < Math.min(miss.length, i + 10 * LOAD_WAVE); k += 10) {
        const ids = miss.slice(k, k + 10);
        wave.push(
          this.kv.getMany<string[][]>(ids.map((id) => [KEYS, id])).then((got) =>
            got.forEach((g, n) => this.#put(ids[n], g.value ?? []))
          ),
        );
      }
      await Promise.all(wave);
    }
  }

  #put(id: string, tokens: string[]) {
    this.#cache.delete(id);
    this.#cache.set(id, tokens);
    if (this.#cache.size > CACHE) this.#cache.delete(this.#cache.keys().next().value!);
  }

  /** The index keys of entries, in order (each sees the tokens the ones before remember). */
  async indexOf(entries: EntryFields[]): Promise<EntryIndex[]> {
    const found = entries.map((e) => recordsOf(e).map((r) => ({ r, ...keyTokens(r) })));
    // a created record's own id has nothing worth remembering before: the entry holds it whole
    const ownOf = (r: { action?: string; entityId?: unknown }) =>
      r.action === "create" && typeof r.entityId === "string"
        ? r.entityId.trim().toLowerCase()
        : "";
    await this.#load([
      ...new Set(
        found.flatMap((recs) =>
          recs.flatMap((f) => [...f.refs].slice(0, MAX_REFS).filter((x) => x !== ownOf(f.r)))
        ),
      ),
    ]);
    return entries.map((e, i) => {
      const all = new Set<string>();
      const remember: { id: string; tokens: string[] }[] = [];
      for (const { r, tokens, refs } of found[i]) {
        const mine = this.#tokensOf(tokens, refs);
        for (const t of mine) all.add(t);
        const own = typeof r.entityId === "string"
          ? r.entityId.trim().toLowerCase().slice(0, 64)
          : "";
        if (own.length < 2) continue;
        const before = this.#cache.get(own) ?? [];
        const merged = [...new Set([...mine, ...before])].slice(0, MAX_TOKENS);
        // memory is for ERM and name words: ids alone are in the entries that name the record
        if (merged.every(isRecordId)) continue;
        if (merged.length !== before.length || merged.some((t, k) => t !== before[k])) {
          remember.push({ id: own, tokens: merged });
          this.#put(own, merged);
        }
      }
      const user = e.username.toLowerCase().slice(0, 200);
      const entity = (e.entity ?? "").slice(0, 200);
      const action = e.action.slice(0, 200);
      const keys: [Field, string][] = [["*", ""], ["u", user], ["a", action]];
      if (entity) keys.push(["e", entity]);
      for (const t of all) keys.push(["k", t]);
      return { summary: [user, action, entity], keys, remember };
    });
  }

  /** A record's tokens and those remembered for the ids it refers to, at most `MAX_TOKENS`. */
  #tokensOf(tokens: Set<string>, refs: Set<string>): string[] {
    const all = new Set(tokens);
    for (const r of [...refs].slice(0, MAX_REFS)) {
      for (const t of this.#cache.get(r) ?? []) all.add(t);
    }
    return [...all].slice(0, MAX_TOKENS);
  }

  /** The records of a `CHANGES` entry matching every search word (null: not such an entry). */
  async matching<E extends EntryFields>(e: E, search: string[]): Promise<number[] | null> {
    if (e.action !== CHANGES) return null;
    const recs = recordsOf(e).map((r) => keyTokens(r));
    await this.#load([...new Set(recs.flatMap((f) => [...f.refs].slice(0, MAX_REFS)))]);
    const out: number[] = [];
    recs.forEach((f, n) => {
      const mine = new Set(this.#tokensOf(f.tokens, f.refs));
      if (search.every((w) => mine.has(w))) out.push(n);
    });
    return out;
  }

  /** Drops what a failed commit would have remembered. */
  forget(ixs: EntryIndex[]): void {
    for (const x of ixs) for (const r of x.remember) this.#cache.delete(r.id);
  }
}

/** Adds an entry's index keys (and its record's remembered tokens) to a commit. */
export function addIndex(
  op: Deno.AtomicOperation,
  id: string,
  ix: EntryIndex,
  counts: Map<string, [Field, string, number]>,
): void {
  for (const [f, v] of ix.keys) {
    op.set([IX, f, v, id], ix.summary);
    if (!counted(f, v)) continue;
    const c = counts.get(`${f}\0${v}`);
    if (c) c[2]++;
    else counts.set(`${f}\0${v}`, [f, v, 1]);
  }
  for (const r of ix.remember) op.set([KEYS, r.id], r.tokens);
}

/** Adds the counters of a commit's index keys. */
export function addCounts(op: Deno.AtomicOperation, counts: Map<string, [Field, string, number]>) {
  for (const [f, v, n] of counts.values()) op.sum([COUNT, f, v], BigInt(n));
}

/** Bytes of a text in a key (UTF-8, counted high for letters past ASCII). */
const keyLength = (v: string) => /[\u0080-\uffff]/.test(v) ? 3 * v.length : v.length;

/** A rough size of an entry's index keys in a commit (`counters`: each summed once a commit). */
export function indexCost(
  ix: EntryIndex,
): { mutations: number; counters: string[]; bytes: number; keyBytes: number } {
  let keyBytes = 0, values = 0;
  const counters: string[] = [];
  for (const [f, v] of ix.keys) {
    // ["audit_ix", f, v, id] and ["audit_n", f, v], encoded
    keyBytes += 48 + keyLength(v);
    if (!counted(f, v)) continue;
    keyBytes += 16 + keyLength(v);
    counters.push(`${f}\0${v}`);
  }
  for (const r of ix.remember) {
    keyBytes += 16 + keyLength(r.id);
    values += 50 * r.tokens.length;
  }
  return {
    mutations: ix.keys.length + ix.remember.length,
    counters,
    bytes: keyBytes + values + 40 * ix.keys.length,
    keyBytes,
  };
}
