import { getHeapStatistics } from "node:v8";

/** `gc()`, present when Deno runs with `--v8-flags=--expose-gc`. */
export type Gc = (
  options?: { type: "major"; execution: "sync"; flavor?: "last-resort" },
) => void;

/**
 * Keeps a long job's garbage from growing the process. A job that reads and drops many records
 * (an export of every stay) makes V8 promote them and let the old generation grow to about twice
 * the live heap before it collects.
 * The returned `check`, called between the job's chunks, runs one full collection once the heap
 * has grown by `growthBytes` since the last one (default 64 MB). Needs `gc()`
 * (`--v8-flags=--expose-gc`, as `deno task start`, the service and the binary run); without it
 * `check` does nothing.
 */
export function heapGuard(growthBytes = 64 * 1024 * 1024, gc?: Gc): () => void {
  const collect = gc ?? (globalThis as { gc?: Gc }).gc;
  if (!collect) return () => {};
  const used = () => getHeapStatistics().used_heap_size;
  let base = used();
  return () => {
    if (used() - base < growthBytes) return;
    collect({ type: "major", execution: "sync" });
    base = used();
  };
}
