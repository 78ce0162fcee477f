/**
 * What a key's minute writes once it is over: `data` (what its events added up) and `emit`,
 * which writes it with the number of events counted and the minute (the ISO time it began).
 * Made from what the first event read: it never reaches back to a request, closed by then.
 */
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

/**
 * Folds repeated events (refused logins and requests, list reads) into one record per key and
 * clock minute: a key's events in one minute are counted in memory (`add`: a map lookup and a
 * counter), and once that minute is over its record is written once, with the count. Memory
 * holds at most one minute's distinct keys. A timer (which never keeps the process alive) emits
 * a minute shortly after it ends; `flush` emits everything now (at shutdown, in tests). Counts
 * not yet emitted are lost if the process dies.
 */
export class MinuteFold {
  #buckets = new Map<string, Bucket>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #writing = new Set<Promise<void>>();
  /** The earliest minute still counted (Infinity: none). */
  #oldest = Infinity;

  constructor(private readonly now: () => number = () => Date.now()) {}

  /**
   * Counts one event of `key`. The minute's first event opens the key's record (`open`); `step`
   * adds this event's part to its data. With `apart`, the minute's first event is not counted:
   * its caller writes it at once (true is returned for it) and the record is written only when
   * repeats followed it, with their count.
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
