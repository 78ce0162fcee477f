import { AsyncLocalStorage } from "node:async_hooks";
import { conflict } from "../errors.ts";

/** Which gate the current async context holds a shared turn of. */
const holding = new AsyncLocalStorage<Gate>();

/**
 * A readers-writer gate around the store: requests run in shared turns, a database switch
 * alone, so no request reads part old and part new data.
 */
export class Gate {
  #active = 0;
  #closed: Promise<void> | null = null;
  #drained: (() => void) | null = null;

  /** Runs `fn` in a shared turn (waits while a switch runs). Re-entrant. */
  async shared<T>(fn: () => Promise<T>): Promise<T> {
    if (holding.getStore() === this) return await fn();
    while (this.#closed) await this.#closed;
    this.#active++;
    try {
      return await holding.run(this, fn);
    } finally {
      this.#active--;
      this.#drained?.();
    }
  }

  /**
   * Runs `fn` alone once the turns in flight but the caller's are done; 409 when another switch
   * runs or they do not finish within `timeoutMs`.
   */
  async exclusive<T>(fn: () => Promise<T>, timeoutMs = 30_000): Promise<T> {
    if (this.#closed) {
      throw conflict(
        "Penggantian basis data lain sedang berjalan. Tunggu sebentar lalu coba lagi.",
      );
    }
    const own = holding.getStore() === this ? 1 : 0;
    let open = () => {};
    this.#closed = new Promise((r) => open = r);
    try {
      await this.#drain(own, timeoutMs);
      return await fn();
    } finally {
      this.#closed = null;
      open();
    }
  }

  async #drain(own: number, timeoutMs: number): Promise<void> {
    if (this.#active <= own) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        this.#drained = () => {
          if (this.#active <= own) resolve();
        };
        timer = setTimeout(() =>
          reject(conflict(
            "Server masih memproses permintaan lain; basis data tidak diganti. Coba lagi sebentar lagi.",
          )), timeoutMs);
      });
    } finally {
      clearTimeout(timer);
      this.#drained = null;
    }
  }
}
