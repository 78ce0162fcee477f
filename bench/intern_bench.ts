/**
 * `deno run -A --unstable-kv bench/intern_bench.ts --data DIR [--runs 3]`: what `Interner.record`
 * saves. Copies nothing: DIR must be a copy of the five-year set (`deno task bench:data`) without
 * its index cache, as its KV is opened. Each run is its own process (the server's V8 flags and
 * `MALLOC_ARENA_MAX=2`), alternating with `record` and without it (`text` kept): it loads the
 * indexes the server preloads (`preloadIndexes`: stays, patients, ICD) from KV, collects four
 * times and prints the heap used and RSS, then the medians of each arm.
 */
import { parseArgs } from "node:util";
import { V8_FLAGS } from "../lib/runtime/v8_flags.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    data: { type: "string" },
    runs: { type: "string", default: "3" },
    arm: { type: "string" },
  },
});
if (!values.data) throw new Error("--data DIR wajib (salinan folder data lima tahun).");
const MB = 1024 * 1024;

if (values.arm) {
  const { Interner } = await import("../lib/index/intern.ts");
  if (values.arm === "off") Interner.prototype.record = () => 0;
  const { Store } = await import("../lib/db/store.ts");
  const { preloadIndexes } = await import("../lib/warm/warm.ts");
  const { registry } = await import("../resources/mod.ts");
  const store = await Store.open(`${values.data}/casemix.kv`);
  await preloadIndexes(store, registry);
  const gc = (globalThis as unknown as { gc: () => void }).gc;
  for (let i = 0; i < 4; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 250));
  }
  const m = Deno.memoryUsage();
  // the indexes stay alive with their store to here
  if (!store.path) throw new Error("no store");
  console.log(JSON.stringify({ heap: m.heapUsed / MB, rss: m.rss / MB }));
  Deno.exit(0);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const got: Record<string, { heap: number; rss: number }[]> = { on: [], off: [] };
for (let i = 0; i < Number(values.runs); i++) {
  for (const arm of ["on", "off"]) {
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        "--unstable-kv",
        `--v8-flags=${V8_FLAGS}`,
        import.meta.filename!,
        "--data",
        values.data,
        "--arm",
        arm,
      ],
      env: { MALLOC_ARENA_MAX: "2" },
      stderr: "inherit",
    }).output();
    const r = JSON.parse(new TextDecoder().decode(out.stdout).trim().split("\n").at(-1)!);
    got[arm].push(r);
    console.log(`record ${arm}: heap ${r.heap.toFixed(1)} MB, RSS ${r.rss.toFixed(1)} MB`);
  }
}
for (const arm of ["on", "off"]) {
  const rows = got[arm];
  console.log(
    `median record ${arm}: heap ${median(rows.map((r) => r.heap)).toFixed(1)} MB, RSS ${
      median(rows.map((r) => r.rss)).toFixed(1)
    } MB`,
  );
}
