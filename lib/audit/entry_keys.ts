import { keyTokens, MAX_TOKENS } from "./record.ts";
import { COUNT, type Field, IX, type Summary } from "./query.ts";

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

/** The index keys of one entry, and the tokens its record id remembers. */
export interface EntryIndex {
  summary: Summary;
  keys: [Field, string][];
  remember?: { id: string; tokens: string[] };
}

/**
 * Key tokens remembered per record id, so an entry that names a record only by its id (a view of
 * a stay, an address change) is found by the record's ERM and name words too.
 */
export class TokenMemory {
  #cache = new Map<string, string[]>();
  constructor(readonly kv: Deno.Kv) {}

  async #load(ids: string[]): Promise<void> {
    const miss = ids.filter((id) => !this.#cache.has(id));
    for (let i = 0; i < miss.length; i += 10) {
      const got = await this.kv.getMany<string[][]>(miss.slice(i, i + 10).map((id) => [KEYS, id]));
      got.forEach((g, k) => this.#put(miss[i + k], g.value ?? []));
    }
  }

  #put(id: string, tokens: string[]) {
    this.#cache.delete(id);
    this.#cache.set(id, tokens);
    if (this.#cache.size > CACHE) this.#cache.delete(this.#cache.keys().next().value!);
  }

  /**
   * The index keys of entries, in order (an entry's remembered tokens are seen by the next
   * entries of the same batch). Call `committed` once they are written, `forget` if not.
   */
  async indexOf(entries: EntryFields[]): Promise<EntryIndex[]> {
    const found = entries.map((e) => keyTokens(e));
    await this.#load([...new Set(found.flatMap((f) => [...f.refs].slice(0, MAX_REFS)))]);
    return entries.map((e, i) => {
      const { tokens, refs } = found[i];
      const all = new Set(tokens);
      for (const r of [...refs].slice(0, MAX_REFS)) {
        for (const t of this.#cache.get(r) ?? []) all.add(t);
      }
      const list = [...all].slice(0, MAX_TOKENS);
      const user = e.username.toLowerCase().slice(0, 200);
      const entity = (e.entity ?? "").slice(0, 200);
      const action = e.action.slice(0, 200);
      const keys: [Field, string][] = [["*", ""], ["u", user], ["a", action]];
      if (entity) keys.push(["e", entity]);
      for (const t of list) keys.push(["k", t]);
      const ix: EntryIndex = { summary: [user, action, entity], keys };
      const own = e.entityId?.trim().toLowerCase().slice(0, 64);
      if (own && own.length >= 2) {
        const before = this.#cache.get(own) ?? [];
        const merged = [...new Set([...list, ...before])].slice(0, MAX_TOKENS);
        if (merged.length !== before.length || merged.some((t, k) => t !== before[k])) {
          ix.remember = { id: own, tokens: merged };
          this.#put(own, merged);
        }
      }
      return ix;
    });
  }

  /** Drops what a failed commit would have remembered. */
  forget(ixs: EntryIndex[]): void {
    for (const x of ixs) if (x.remember) this.#cache.delete(x.remember.id);
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
    const c = counts.get(`${f}\0${v}`);
    if (c) c[2]++;
    else counts.set(`${f}\0${v}`, [f, v, 1]);
  }
  if (ix.remember) op.set([KEYS, ix.remember.id], ix.remember.tokens);
}

/** Adds the counters of a commit's index keys. */
export function addCounts(op: Deno.AtomicOperation, counts: Map<string, [Field, string, number]>) {
  for (const [f, v, n] of counts.values()) op.sum([COUNT, f, v], BigInt(n));
}

/** A rough size of an entry's index keys in a commit: mutations and bytes. */
export function indexCost(ix: EntryIndex): { mutations: number; bytes: number } {
  let bytes = 0;
  for (const [, v] of ix.keys) bytes += 2 * (48 + v.length) + 40;
  return { mutations: 2 * ix.keys.length + 1, bytes };
}
