/** The requests in flight, so background work can wait for a quiet moment. */
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

  /** Resolves once no request is running, or after `maxMs` at the latest. */
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
   * Resolves after a loop turn once no request has run for `ms` (or after `maxMs`): an answer
   * goes out and the browser's next request starts before the next slice of background work.
   */
  async calm(ms: number, maxMs: number): Promise<void> {
    await new Promise((ok) => setTimeout(ok, 0));
    await this.quiet(ms, maxMs);
  }

  /** Whether no request has run for `ms`. */
  isQuiet(ms: number): boolean {
    return this.#running === 0 && performance.now() - this.#last >= ms;
  }

  /** Resolves once no request has run for `ms` (checked every `ms / 2`), or after `maxMs`. */
  async quiet(ms = 200, maxMs = Infinity): Promise<void> {
    const until = performance.now() + maxMs;
    while (!this.isQuiet(ms) && performance.now() < until) {
      await new Promise((ok) => setTimeout(ok, ms / 2));
    }
  }
}
