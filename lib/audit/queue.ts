/** Work run one task after another, in the order queued (a failed task is logged, not thrown). */
export class Queue {
  #last: Promise<void> = Promise.resolve();

  /** Runs `task` once the work queued before it is done; resolves when it is (never rejects). */
  add(task: () => Promise<unknown>): Promise<void> {
    return this.#last = this.#last.then(task).then(
      () => {},
      (e) => console.error("Jejak audit: penulisan tertunda gagal (tetap di outbox):", e),
    );
  }

  /** Resolves once the work queued so far is done. */
  done(): Promise<void> {
    return this.#last;
  }
}
