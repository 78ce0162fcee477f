import { nextTurn } from "../runtime/turn.ts";

/**
 * Which index loads go first: a load some reader waits for (a request's list) runs its batches
 * back to back, and a background one (the loads started when the server starts listening,
 * `IndexSync.preload`) waits between its batches while such a load runs. One per store.
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

/** The load turns of each store (`LoadState.holder`). */
const TURNS = new WeakMap<object, LoadTurns>();

/**
 * One index's load: whether a reader waits for the one running (else it runs in the background
 * and waits between its batches, `between`), and how background work on the index waits
 * (`idle`).
 */
export class LoadState {
  #wanted = false;
  /** Resolved when a reader comes to wait for the load running. */
  #go = Promise.withResolvers<void>();
  readonly #turns: LoadTurns;

  /** `holder.idle`: how background work waits besides (the server's: for its requests). */
  constructor(readonly holder: { idle?(): Promise<void> }) {
    let turns = TURNS.get(holder);
    if (!turns) TURNS.set(holder, turns = new LoadTurns());
    this.#turns = turns;
  }

  /** A new load begins, nobody waiting for it yet. */
  begin(): void {
    this.#wanted = false;
    this.#go = Promise.withResolvers<void>();
  }

  /** Counts `load` (the one running) as one a reader waits for. */
  want(load: Promise<unknown>): void {
    if (this.#wanted) return;
    this.#wanted = true;
    this.#turns.hold(load);
    this.#go.resolve();
  }

  /** Between two batches of a load: a background load waits, until a reader waits for it. */
  async between(): Promise<void> {
    if (!this.#wanted) await Promise.race([this.#go.promise, this.idle(() => this.#wanted)]);
  }

  /**
   * How background work on the index (a preload's batches, a restored snapshot's blocks) waits
   * between its slices: while a load some reader waits for runs, then for the holder's `idle`
   * (the server's: the requests in flight first), else a turn of the event loop; either ends
   * early once `go()` holds.
   */
  async idle(go: () => boolean = () => false): Promise<void> {
    await this.#turns.clear(go);
    if (!go()) await (this.holder.idle?.() ?? nextTurn());
  }
}
