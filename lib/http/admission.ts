import type { MiddlewareHandler } from "hono";

/**
 * Admission: at most `limit` requests are worked on at once; the others wait their turn in
 * arrival order, writes ahead of reads. Under a load heavier than one JavaScript thread serves,
 * a request then runs to its answer among a few others instead of among all fifty, so its
 * waits on the store are not each stretched by every other request's work, and fewer requests'
 * half-built answers are alive at once (less memory promoted to the old generation).
 */
export class Admission {
  #busy = 0;
  readonly #writes: (() => void)[] = [];
  readonly #reads: (() => void)[] = [];

  /** `limit`: requests worked on at once. */
  constructor(readonly limit: number) {}

  /** Requests waiting for their turn. */
  get waiting(): number {
    return this.#writes.length + this.#reads.length;
  }

  /** Waits for a turn (`write`: ahead of every waiting read); call `leave()` after. */
  enter(write: boolean): Promise<void> | void {
    if (this.#busy < this.limit) {
      this.#busy++;
      return;
    }
    return new Promise((ok) => (write ? this.#writes : this.#reads).push(ok));
  }

  /** Ends a turn: the next waiting request (writes first) starts. */
  leave(): void {
    const next = this.#writes.shift() ?? this.#reads.shift();
    if (next) next();
    else this.#busy--;
  }
}

/**
 * The middleware: each request waits for its turn in `admission` (writes, any method but GET
 * and HEAD, ahead of reads) and gives it back when its answer is made.
 */
export const admitted = (admission: Admission): MiddlewareHandler => async (c, next) => {
  await admission.enter(c.req.method !== "GET" && c.req.method !== "HEAD");
  try {
    await next();
  } finally {
    admission.leave();
  }
};
