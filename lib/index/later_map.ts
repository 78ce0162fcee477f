/**
 * A map by id whose first entries (a restored snapshot's) are put in only when first read by key
 * or written: a restart's first search needs none. Until then its size and values are theirs.
 */
export class LaterMap<V> extends Map<string, V> {
  #later: { ids: string[]; at: (i: number) => V } | null = null;

  /** Entries to hold, the i-th `ids[i]` → `at(i)`, once first needed (the map is empty). */
  later(ids: string[], at: (i: number) => V): void {
    super.clear();
    this.#later = { ids, at };
  }

  #fill(): void {
    const l = this.#later;
    this.#later = null;
    for (let i = 0; l && i < l.ids.length; i++) super.set(l.ids[i], l.at(i));
  }

  override get size(): number {
    return this.#later?.ids.length ?? super.size;
  }

  override values(): MapIterator<V> {
    const l = this.#later;
    return l ? l.ids.map((_, i) => l.at(i)).values() : super.values();
  }

  override get(key: string): V | undefined {
    this.#fill();
    return super.get(key);
  }

  override has(key: string): boolean {
    this.#fill();
    return super.has(key);
  }

  override set(key: string, value: V): this {
    this.#fill();
    return super.set(key, value);
  }

  override delete(key: string): boolean {
    this.#fill();
    return super.delete(key);
  }

  override clear(): void {
    this.#later = null;
    super.clear();
  }

  override entries(): MapIterator<[string, V]> {
    this.#fill();
    return super.entries();
  }

  override keys(): MapIterator<string> {
    this.#fill();
    return super.keys();
  }

  override forEach(f: (value: V, key: string, map: Map<string, V>) => void): void {
    this.#fill();
    super.forEach(f);
  }

  override [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }
}
