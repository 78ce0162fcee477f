import { nextTurn } from "../runtime/turn.ts";

/** One index's load: whether a reader waits for it (else it yields), how background work waits. */
export class LoadState {
  #wanted = false;
  /** Resolved when a reader comes to wait for the load running. */
  #go = Promise.withResolvers<void>();

  /** `holder.idle`: how background work waits (the server's: for its requests). */
  constructor(readonly holder: { idle?(): Promise<void> }) {}

  /** A new load begins, nobody waiting for it yet. */
  begin(): void {
    this.#wanted = false;
    this.#go = Promise.withResolvers<void>();
  }

  /** Counts the load running as one a reader waits for. */
  want(): void {
    if (this.#wanted) return;
    this.#wanted = true;
    this.#go.resolve();
  }

  /** Between two batches of a load: a background load waits, until a reader waits for it. */
  async between(): Promise<void> {
    if (!this.#wanted) await Promise.race([this.#go.promise, this.idle()]);
  }

  /** How background index work waits between slices: the holder's `idle`, else a loop turn. */
  async idle(): Promise<void> {
    await (this.holder.idle?.() ?? nextTurn());
  }
}
