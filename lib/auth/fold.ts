/** Writes one folded entry: how many events its key had in its minute. */
export type FoldEmit = (count: number) => Promise<void>;

interface Bucket {
  minute: number;
  count: number;
  emit: FoldEmit;
}

const MINUTE = 60_000;

/**
 * Folds repeated events (refused logins) into one record per key and minute: the events of a
 * key in one clock minute are counted in memory, and once that minute is over the first
 * event's `emit` runs once with the count. Memory holds at most one minute's distinct keys.
 * A timer (which never keeps the process alive) emits a minute shortly after it ends; `flush`
 * emits everything now (at shutdown, in tests). Counts not yet emitted are lost if the process
 * dies.
 */
export class MinuteFold {
  #buckets = new Map<string, Bucket>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #writing = new Set<Promise<void>>();
  /** The earliest minute still counted (Infinity: none). */
  #oldest = Infinity;

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** Counts one event of `key`; `emit` writes its minute's record if it is the first. */
  add(key: string, emit: FoldEmit): void {
    const minute = Math.floor(this.now() / MINUTE);
    if (this.#oldest < minute) this.#emit((b) => b.minute < minute);
    this.#oldest = Math.min(this.#oldest, minute);
    const b = this.#buckets.get(key);
    if (b) b.count++;
    else this.#buckets.set(key, { minute, count: 1, emit });
    this.#schedule();
  }

  /** Emits every pending count now and waits until all are written. */
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
      const p = b.emit(b.count).catch((e) => console.error("Catatan audit login gagal:", e))
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

/**
 * Refused and failed logins of this process, folded per username or address and minute
 * (routes/auth.tsx); main.ts flushes it at shutdown.
 */
export const loginAudit = new MinuteFold();
