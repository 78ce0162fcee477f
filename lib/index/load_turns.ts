/**
 * Which index loads go first: a load some reader waits for (a request's list) runs its batches
 * back to back, and a background one (the loads started when the server starts listening,
 * `IndexKeeper.preload`) waits between its batches while such a load runs. One per store.
 */
export class LoadTurns {
  #held = 0;
  #waiting = new Set<() => void>();

  /** Counts `load` as one a reader waits for, until it settles. */
  hold(load: Promise<unknown>): void {
    this.#held++;
    const done = () => {
      this.#held--;
      this.#wake();
    };
    load.then(done, done);
    this.#wake();
  }

  /** Whether a load some reader waits for is running. */
  get busy(): boolean {
    return this.#held > 0;
  }

  /**
   * Resolves once no load a reader waits for runs, or `go()` is true (checked at every change:
   * a background load a reader came to wait for goes on at once).
   */
  async clear(go: () => boolean): Promise<void> {
    while (this.#held > 0 && !go()) await new Promise<void>((ok) => this.#waiting.add(ok));
  }

  /** Lets every waiting `clear` look again (a load was held, settled or came to be waited for). */
  #wake(): void {
    const waiting = [...this.#waiting];
    this.#waiting.clear();
    for (const ok of waiting) ok();
  }
}
