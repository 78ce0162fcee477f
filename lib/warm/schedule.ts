import type { Store } from "../db/store.ts";
import type { Activity } from "../runtime/activity.ts";
import type { Registry } from "../resource/refs.ts";
import { preloadIndexes, warmIndexes } from "./warm.ts";

/** A moment without requests, in which background work (warm-up orderings, snapshots) runs. */
const QUIET_MS = 200;

/** How long after the start the warm-up waits (then for a quiet moment) before loading. */
const WARM_AFTER_MS = 2_000;

/** How often changed index snapshots are rewritten (see lib/index/snapshot.ts). */
const SNAPSHOT_EVERY_MS = 10 * 60_000;

/** What `startWarmUp` works on, and when it stops. */
export interface WarmUpOptions {
  store: Store;
  registry: Registry;
  /** The server's requests in flight: background work waits for them. */
  activity: Activity;
  /** Aborted at shutdown: the background work stops at its next wait (and rejects there). */
  signal: AbortSignal;
}

/**
 * The server's background work on its indexes, started once it listens: the big indexes load
 * at once (`preloadIndexes`), between their slices waiting until no request has run for 30 ms (a
 * login needs many turns of the event loop, and a browser sends its next request right after an
 * answer); the rest of the warm-up (`warmIndexes`) once the start is 2 s behind and the server
 * quiet, each step after the requests in flight; then "Indeks siap" is printed and the snapshots
 * saved in a quiet moment (within 2 minutes), and again every 10 minutes when something changed.
 * Once `signal` is aborted, every wait rejects, so nothing more runs on a closing store.
 */
export function startWarmUp({ store, registry, activity, signal }: WarmUpOptions): void {
  const unlessStopped = (wait: () => Promise<void>) => async () => {
    signal.throwIfAborted();
    await wait();
    signal.throwIfAborted();
  };
  const saveSnapshots = () =>
    unlessStopped(() => activity.quiet(QUIET_MS, 120_000))()
      .then(() => store.saveSnapshots()).catch(() => {});
  store.idle = unlessStopped(() => activity.calm(30, 1_000));
  const preloaded = preloadIndexes(store, registry);
  const snapshots = setInterval(saveSnapshots, SNAPSHOT_EVERY_MS);
  signal.addEventListener("abort", () => clearInterval(snapshots), { once: true });
  const quiet = unlessStopped(() => activity.quiet(QUIET_MS));
  (async () => {
    await new Promise((ok) => setTimeout(ok, WARM_AFTER_MS));
    await preloaded;
    await quiet();
    const ms = await warmIndexes(store, registry, quiet, unlessStopped(() => activity.idle(100)));
    if (signal.aborted) return;
    console.log(`Indeks siap dalam ${(ms / 1000).toFixed(1)} s`);
    await saveSnapshots();
  })().catch(() => {}); // stopped
}
