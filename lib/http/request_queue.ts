import { AsyncLocalStorage } from "node:async_hooks";
import type { Context, MiddlewareHandler } from "hono";

/** Requests held to a share of the slots: anonymous ones, and uploads back from their parse. */
export type Share = "anonymous" | "upload";

interface Waiter {
  share?: Share;
  go: () => void;
}

/**
 * At most `limit` requests worked on at once, the others in arrival order, writes first: under
 * heavy load a request runs among a few, its store waits not stretched by all the others' work.
 * Anonymous requests hold at most half the slots and uploads back from their parse a third.
 */
export class RequestQueue {
  #busy = 0;
  readonly #held: Record<Share, number> = { anonymous: 0, upload: 0 };
  readonly #writes: Waiter[] = [];
  readonly #reads: Waiter[] = [];
  /** The most slots each share may hold. */
  readonly shares: Record<Share, number>;

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

  /** Waits for a turn (`write`: ahead of waiting reads; `share`: in its slots); `leave` after. */
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

/** Runs `wait` (an upload's parse) with the request's slot given back, then queues again. */
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

/** The middleware: each request waits its turn in `queue` (`anonymous(c)`: in that share). */
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
