import { AsyncLocalStorage } from "node:async_hooks";
import type { Context, MiddlewareHandler } from "hono";

/**
 * Requests held to a share of the slots: anonymous ones (no session), and uploads back from
 * their parse (`steppedOut`) with the rows to check and write.
 */
export type Share = "anonymous" | "upload";

interface Waiter {
  share?: Share;
  go: () => void;
}

/**
 * A request queue: at most `limit` requests are worked on at once; the others wait their turn in
 * arrival order, writes ahead of reads. Under a load heavier than one JavaScript thread serves,
 * a request then runs to its answer among a few others instead of among all fifty, so its
 * waits on the store are not each stretched by every other request's work.
 * Anonymous requests hold at most half the slots and uploads back from their parse a third (at
 * least one each), so neither a flood of anonymous requests nor a dozen imports at once takes
 * every slot from the signed-in users' lists and saves.
 */
export class RequestQueue {
  #busy = 0;
  readonly #held: Record<Share, number> = { anonymous: 0, upload: 0 };
  readonly #writes: Waiter[] = [];
  readonly #reads: Waiter[] = [];
  /** The most slots each share may hold. */
  readonly shares: Record<Share, number>;

  /** `limit`: requests worked on at once. */
  constructor(readonly limit: number) {
    this.shares = {
      anonymous: Math.max(1, Math.floor(limit / 2)),
      upload: Math.max(1, Math.floor(limit / 3)),
    };
  }

  #fits(share?: Share): boolean {
    return this.#busy < this.limit && (!share || this.#held[share] < this.shares[share]);
  }

  #take(share?: Share): void {
    this.#busy++;
    if (share) this.#held[share]++;
  }

  /**
   * Waits for a turn (`write`: ahead of every waiting read; `share`: within that share's slots);
   * call `leave(share)` after.
   */
  enter(write: boolean, share?: Share): Promise<void> | void {
    if (this.#fits(share)) return this.#take(share);
    return new Promise((go) => (write ? this.#writes : this.#reads).push({ share, go }));
  }

  /** Ends a turn: the next waiting request that fits (writes first) starts. */
  leave(share?: Share): void {
    this.#busy--;
    if (share) this.#held[share]--;
    for (const queue of [this.#writes, this.#reads]) {
      const i = queue.findIndex((w) => this.#fits(w.share));
      if (i < 0) continue;
      const [next] = queue.splice(i, 1);
      this.#take(next.share);
      return next.go();
    }
  }
}

/** The turn a request holds, for `steppedOut` (`over`: the request has its answer). */
interface Turn {
  queue: RequestQueue;
  share?: Share;
  held: boolean;
  over: boolean;
}

const turns = new AsyncLocalStorage<Turn>();

/** Takes a turn again after `steppedOut` (in the uploads' share), unless the request ended. */
async function back(turn: Turn): Promise<void> {
  if (turn.over) return;
  await turn.queue.enter(false, "upload");
  if (turn.over) turn.queue.leave("upload");
  else {
    turn.share = "upload";
    turn.held = true;
  }
}

/**
 * Runs `wait` with the current request's turn given back (an upload waiting for its parse, which
 * needs no request slot), then waits for a turn again before going on: in arrival order with the
 * reads (not ahead of them) and within the uploads' share (a dozen uploads back from their parse
 * one after another kept a list waiting for seconds). Outside a queued request it just runs
 * `wait`.
 */
export async function steppedOut<T>(wait: () => Promise<T>): Promise<T> {
  const turn = turns.getStore();
  if (!turn?.held) return await wait();
  turn.held = false;
  turn.queue.leave(turn.share);
  try {
    return await wait();
  } finally {
    await back(turn);
  }
}

/**
 * The middleware: each request waits for its turn in `queue` (writes, any method but GET
 * and HEAD, ahead of reads; `anonymous(c)`: within the anonymous share) and gives it back when
 * its answer is made.
 */
export const queued = (
  queue: RequestQueue,
  anonymous: (c: Context) => boolean = () => false,
): MiddlewareHandler =>
async (c, next) => {
  const share: Share | undefined = anonymous(c) ? "anonymous" : undefined;
  const turn: Turn = { queue, share, held: true, over: false };
  await queue.enter(c.req.method !== "GET" && c.req.method !== "HEAD", share);
  try {
    await turns.run(turn, next);
  } finally {
    turn.over = true;
    if (turn.held) queue.leave(turn.share);
  }
};
