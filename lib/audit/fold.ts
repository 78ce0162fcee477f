/** What a key's minute writes once over: its `data`, by `emit` (never touching a request). */
export interface FoldRecord<T> {
  data: T;
  emit: (count: number, data: T, minute: string) => Promise<void>;
}

interface Bucket {
  minute: number;
  count: number;
  record: FoldRecord<unknown>;
}

const MINUTE = 60_000;

/** Folds repeated events into one record per key and minute, written once it is over. */
export class MinuteFold {
  #buckets = new Map<string, Bucket>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #writing = new Set<Promise<void>>();
  /** The earliest minute still counted (Infinity: none). */
  #oldest = Infinity;

  constructor(private readonly now: () => number = () => Date.now()) {}

  /**
   * Counts one event of `key` (the minute's first `open`s its record, `step` adds to it). With
   * `apart` the first is not counted: true tells its caller to write it at once.
   */
  add<T>(
    key: string,
    open: () => FoldRecord<T>,
    step?: (data: T) => void,
    apart = false,
  ): boolean {
    const minute = Math.floor(this.now() / MINUTE);
    if (this.#oldest < minute) this.#emit((b) => b.minute < minute);
    this.#oldest = Math.min(this.#oldest, minute);
    let b = this.#buckets.get(key);
    const first = !b;
    if (!b) {
      b = { minute, count: 0, record: open() as FoldRecord<unknown> };
      this.#buckets.set(key, b);
      this.#schedule();
      if (apart) return true;
    }
    b.count++;
    step?.(b.record.data as T);
    return first && !apart;
  }

  /** Emits every pending record now and waits until all are written. */
  async flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#emit(() => true);
    await Promise.all(this.#writing);
  }

  #emit(due: (b: Bucket) => boolean): void {
    this.#oldest = Infinity;
    for (const [key, b] of this.#buckets) {
      if (!due(b)) {
        this.#oldest = Math.min(this.#oldest, b.minute);
        continue;
      }
      this.#buckets.delete(key);
      if (!b.count) continue;
      const p = b.record.emit(b.count, b.record.data, new Date(b.minute * MINUTE).toISOString())
        .catch((e) => console.error("Catatan audit yang dilipat gagal ditulis:", e))
        .finally(() => this.#writing.delete(p));
      this.#writing.add(p);
    }
  }

  #schedule(): void {
    if (this.#timer !== undefined || !this.#buckets.size) return;
    const wait = Math.max(0, (this.#oldest + 1) * MINUTE - this.now()) + 50;
    const timer = setTimeout(() => {
      this.#timer = undefined;
      const minute = Math.floor(this.now() / MINUTE);
      this.#emit((b) => b.minute < minute);
      this.#schedule();
    }, wait);
    Deno.unrefTimer(timer);
    this.#timer = timer;
  }
}
