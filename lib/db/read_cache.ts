/**
 * Values read from KV kept in this process for `ms`, per store and key; this process's writes
 * replace or drop them at once (`wrote`), another process's are seen at most `ms` later.
 */
export class ReadCache<V> {
  #byKv = new WeakMap<Deno.Kv, Map<string, { value: V; at: number }>>();
  /** Writes so far, so a read that raced one is not kept. */
  #writes = 0;

  constructor(readonly ms: number, readonly clock: () => number) {}

  #of(kv: Deno.Kv) {
    let m = this.#byKv.get(kv);
    if (!m) this.#byKv.set(kv, m = new Map());
    return m;
  }

  /** The value of `key`: the kept one while younger than `ms`, else `read()` (and kept). */
  async get(kv: Deno.Kv, key: string, read: () => Promise<V | null>): Promise<V | null> {
    const m = this.#of(kv), now = this.clock();
    const kept = m.get(key);
    if (kept && now - kept.at < this.ms) return kept.value;
    const writes = this.#writes;
    const value = await read();
    if (m.size >= 1000) { for (const [k, v] of m) if (now - v.at >= this.ms) m.delete(k); }
    if (writes === this.#writes && value != null) m.set(key, { value, at: now });
    else m.delete(key);
    return value;
  }

  /** This process wrote `key`: keeps `value`, or with null forgets the key. */
  wrote(kv: Deno.Kv, key: string, value: V | null): void {
    this.#writes++;
    if (value != null) this.#of(kv).set(key, { value, at: this.clock() });
    else this.#of(kv).delete(key);
  }
}
