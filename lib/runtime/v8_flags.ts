/**
 * The V8 flag the server runs with (`deno task start`, the service, the compiled binary):
 * `--expose-gc`, for the full collection once the server is idle after a busy spell
 * (idle_gc.ts). tests/v8_flags_test.ts checks every launcher carries it.
 */
export const V8_FLAGS = "--expose-gc";
