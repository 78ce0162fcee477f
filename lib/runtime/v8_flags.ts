/**
 * The V8 flags the server runs with (`deno task start`, the service, the compiled binary);
 * tests/v8_flags_test.ts checks every launcher carries them.
 * - `--expose-gc`: `gc()`, for the collection after a busy spell (idle_gc.ts) and long jobs
 *   (heap_guard.ts).
 * - `--no-allocation-site-pretenuring`: a page's Preact tree is alive while it renders, so when a
 *   young-generation collection falls inside a render, V8 judged the JSX call site long-lived and
 *   from then on made every page's nodes in the old generation (a page's whole tree promoted,
 *   most of the old generation's growth under load).
 * - `--heap-growing-percent=25`: the old generation may grow by a quarter over what the last full
 *   collection left before the next one (V8 otherwise lets it reach about 3.5x the live heap,
 *   ~900 MB over a 256 MB index). Incremental, with a pause of ~15 ms, every few seconds
 *   under a heavy load (docs/PERFORMANCE.md).
 */
export const V8_FLAGS = "--expose-gc,--no-allocation-site-pretenuring,--heap-growing-percent=25";
