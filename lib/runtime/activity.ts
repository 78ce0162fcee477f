/**
 * The requests in flight, so background work (the warm-up's optional builds, index snapshots)
 * can wait for a quiet moment instead of taking turns with a busy office's requests.
 */
export class Activity {
  #running = 0;
  #last = -Infinity;
  /** Waiting `idle()` calls, resolved when the last request in flight ends. */
  #idle: (() => void)[] = [];

  /** Called when a request starts. */
  begin(): void {
    this.#running++;
    this.#last = performance.now();
  }

  /** Called when a request has its answer. */
  end(): void {
    this.#running--;
    this.#last = performance.now();
    if (this.#running === 0) { for (const ok of this.#idle.splice(0)) ok(); }
  }

  /**
   * Resolves once no request is running, or after `maxMs` at the latest: a slice of background
   * work then waits for the requests in flight instead of taking every other turn with them.
   */
  idle(maxMs: number): Promise<void> {
    if (this.#running === 0) return new Promise((ok) => setTimeout(ok, 0));
    return new Promise((ok) => {
      const done = () => {
        clearTimeout(timer);
        ok();
      };
      const timer = setTimeout(() => {
        this.#idle = this.#idle.filter((f) => f !== done);
        ok();
      }, maxMs);
      this.#idle.push(done);
    });
  }

  /**
   * Resolves after a turn of the event loop (so work in slices always lets waiting requests
   * in) once no request has run for `ms`, or after `maxMs` at the latest: a response just
   * answered goes out, and the request a browser sends right after it starts, before the next
   * slice of background work.
   */
  async calm(ms: number, maxMs: number): Promise<void> {
    await new Promise((ok) => setTimeout(ok, 0));
    await this.quiet(ms, maxMs);
  }

  /** Whether no request has run for `ms`. */
  isQuiet(ms: number): boolean {
    return this.#running === 0 && performance.now() - this.#last >= ms;
  }

  /**
   * Resolves once no request has run for `ms` (checked every `ms / 2`), or after `maxMs` at
   * the latest.
   */
  async quiet(ms = 200, maxMs = Infinity): Promise<void> {
    const until = performance.now() + maxMs;
    while (!this.isQuiet(ms) && performance.now() < until) {
      await new Promise((ok) => setTimeout(ok, ms / 2));
    }
  }
}
