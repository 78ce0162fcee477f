/**
 * The V8 flags the server runs with (`deno task start`, the service, the compiled binary);
 * tests/v8_flags_test.ts checks every launcher carries them. `--expose-gc`: the full collection
 * once the server is idle after a busy spell (idle_gc.ts). `--heap-growing-percent=25`: the old
 * generation grows by a quarter over the live heap before the next full collection (bounds the
 * peak under load). `--no-allocation-site-pretenuring`: no allocation site's objects go straight
 * to the old generation, so a request's short-lived objects die young. Figures: docs/PERFORMANCE.md.
 */
export const V8_FLAGS = "--expose-gc,--heap-growing-percent=25,--no-allocation-site-pretenuring";
