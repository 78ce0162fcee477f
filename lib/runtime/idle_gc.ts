/** `gc()`, present when Deno runs with `--v8-flags=--expose-gc`. */
export type Gc = (o?: { type: "major"; execution: "sync"; flavor?: "last-resort" }) => void;

/**
 * glibc's `malloc_trim`, which hands the free pages inside malloc's heap back to the system
 * (glibc keeps them otherwise, long after a busy spell).
 * Null where there is no glibc (Windows, macOS) or no FFI permission.
 */
export function mallocTrim(): (() => void) | null {
  if (Deno.build.os !== "linux") return null;
  try {
    const lib = Deno.dlopen("libc.so.6", {
      malloc_trim: { parameters: ["usize"], result: "i32" },
    });
    return () => void lib.symbols.malloc_trim(0n);
  } catch {
    return null;
  }
}

/** What `idleCollector` runs, and when; the defaults are the server's. */
export interface IdleOptions {
  /** Quiet time after the last request before collecting (default 5 s). */
  idleMs?: number;
  /** How often the quiet time is checked (default 1 s). */
  tickMs?: number;
  /** A full collection: `gc()`, present when Deno runs with `--v8-flags=--expose-gc`. */
  gc?: Gc;
  /** Hands malloc's free pages back (default `mallocTrim()`). */
  trim?: (() => void) | null;
}

/**
 * Gives memory back after a busy spell. Under load V8 lets garbage pile up and grows its heap,
 * and malloc keeps the pages of freed buffers; left alone the process holds that memory long
 * after the last request. Once the server has been idle for `idleMs` after taking requests, one
 * full collection and one trim run, so a 4 GB clinic PC gets the memory back for its other
 * programs. Without `gc()` it does nothing.
 */
export function idleCollector(o: IdleOptions = {}): { touch: () => void; stop: () => void } {
  const gc = o.gc ?? (globalThis as { gc?: Gc }).gc;
  const trim = gc ? (o.trim === undefined ? mallocTrim() : o.trim) : null;
  const idleMs = o.idleMs ?? 5_000;
  let last = 0;
  let busy = false;
  const timer = gc
    ? setInterval(() => {
      if (busy && Date.now() - last >= idleMs) {
        busy = false;
        // as under memory pressure: a few full collections that also shrink the heap and hand
        // its free pages back, which one plain `gc()` does not
        gc({ type: "major", execution: "sync", flavor: "last-resort" });
        trim?.();
      }
    }, o.tickMs ?? 1_000)
    : undefined;
  if (timer !== undefined) Deno.unrefTimer(timer);
  return {
    /** Called on each request. */
    touch: () => {
      last = Date.now();
      busy = true;
    },
    stop: () => clearInterval(timer),
  };
}
