import type { Store } from "../db/store.ts";
import { nextTurn } from "../runtime/turn.ts";
import type { Activity } from "../runtime/activity.ts";
import { DISCHARGE_COLUMNS, LIST_PAGE, VISIT_COLUMNS } from "../ipd/columns.ts";
import { ipdTable, warmListOrders } from "../ipd/list.ts";
import { visitsOf } from "../ipd/stay.ts";
import { backfillPackages } from "../ipd/exam.ts";
import { claimChecks } from "../claim/checks.ts";
import { migrateClaimPackages } from "../claim/claim_package.ts";
import { currentMonth } from "../report/period.ts";
import { medicalRecordInfo } from "../report/report.ts";
import { warmStayColumns } from "../report/columns.ts";
import { tableQuery } from "../resource/datatables.ts";
import type { Registry } from "../resource/refs.ts";
import { collectionOf, type ResourceDef } from "../resource/resource.ts";

/** The big collections warmed besides the stays; the others are small and load on first use. */
const WARM = ["pasien", "icd"];

/**
 * Loads the indexes the first screens read (stays, then patients and ICD codes) in the
 * background once the server listens, then parses their snapshots' left blocks; requests that
 * need another index go first. A failure is left to the request that needs the index.
 */
export async function preloadIndexes(store: Store, registry: Registry): Promise<void> {
  const defs = WARM.map((name) => registry.get(name)).filter((def) => !!def);
  const cols = [visitsOf(store), ...defs.map((def) => collectionOf(store, def))];
  try {
    for (const c of cols) await c.indexing.preload();
    // then what their snapshots left to parse when first read
    for (const c of cols) await c.indexing.settle();
  } catch { /* loaded again by the request that needs it */ }
}

/** A search term no record holds, to warm the search structures. */
const NONE = "\u0000";

/** A resource's default list order: its first sortable column, ascending. */
function firstOrder(def: ResourceDef): { field: string; dir: "asc" }[] {
  const first = def.columns.find((col) => col.orderable !== false)?.data;
  return first ? [{ field: first, dir: "asc" }] : [];
}

/**
 * Warms what the first screens read after a restart, each step after `pause()`: the stays'
 * index, the dashboard, ICD and patient pages and trigrams, both stay lists' first pages and
 * searches, the patients' searches; then, each after `quiet()`, the lists' orderings,
 * `backfillPackages`, `migrateClaimPackages` (once per install) and `claimChecks`. Returns how
 * long it took; a failure is logged, never thrown.
 */
export async function warmIndexes(
  store: Store,
  registry: Registry,
  quiet: () => Promise<void> = nextTurn,
  pause: () => Promise<void> = nextTurn,
): Promise<number> {
  const t0 = performance.now();
  try {
    const warm = WARM.map((name) => registry.get(name)).filter((def) => !!def);
    // the stays, then the dashboard's figures (the home page) while the other indexes load
    const stays = await visitsOf(store).index();
    const others = (async () => {
      const out = [];
      for (const def of warm) out.push({ def, index: await collectionOf(store, def).index() });
      return out;
    })();
    await warmStayColumns(stays);
    medicalRecordInfo(await visitsOf(store).index(), currentMonth(new Date()));
    await pause();
    const loaded = await others;
    // their first pages (each builds its ordering)
    for (const { def, index } of loaded) {
      index.query({ order: firstOrder(def), start: 0, length: def.pageSize ?? 10 });
      await pause();
    }
    // the patients' trigrams in slices, so requests get in between
    for (const { index } of loaded) await index.warmGrams(10_000, pause);
    for (
      const [mode, columns] of [["dirawat", VISIT_COLUMNS], ["pulang", DISCHARGE_COLUMNS]] as const
    ) {
      // the first page, then searches that join the search text and build the trigrams
      for (const search of ["", NONE, NONE.repeat(3)]) {
        const q = tableQuery(columns, { draw: 0, start: 0, length: LIST_PAGE, order: [0, "asc"] });
        q.set("search[value]", search);
        await ipdTable(store, q, mode);
        await pause();
      }
    }
    // the patients' searches (which join their search text)
    for (const { def, index } of loaded.filter((l) => l.def.name === "pasien")) {
      for (const search of [NONE, NONE.repeat(3)]) {
        index.query({ order: firstOrder(def), search, length: 10 });
      }
      await pause(); // requests first
    }
    // last, in quiet moments: every index the first screens read is loaded by then, and a busy
    // office's requests build the few orderings they use themselves
    await warmListOrders(store, quiet);
    // stays written before a stay kept its INA-CBG package get it, in quiet moments
    await backfillPackages(store, quiet);
    // once per install: stays claimed by a TXT imported before, E-Klaim's package in force
    await migrateClaimPackages(store, quiet);
    // then the readiness of every discharged stay (the dashboard's claim counters, the Klaim list)
    await quiet();
    await claimChecks(store, registry);
  } catch (e) {
    if ((e as Error).name === "AbortError") return performance.now() - t0;
    console.error("Pemanasan indeks gagal (indeks dimuat saat dibutuhkan):", e);
  }
  return performance.now() - t0;
}

// a moment without requests; the wait after the start; how often changed snapshots are saved
const QUIET_MS = 200, WARM_AFTER_MS = 2_000, SNAPSHOT_EVERY_MS = 10 * 60_000;

/** What `startWarmUp` works on, and when it stops. */
export interface WarmUpOptions {
  store: Store;
  registry: Registry;
  /** The server's requests in flight: background work waits for them. */
  activity: Activity;
  /** Aborted at shutdown: the background work stops at its next wait (and rejects there). */
  signal: AbortSignal;
  /** After each snapshot save (the server's: its idle collector counts it as a request). */
  afterSave?: () => void;
}

/**
 * The server's background work once it listens: `preloadIndexes` at once, `warmIndexes` 2 s
 * after the start when quiet, then the snapshots saved when quiet and every 10 minutes after a
 * change. Once `signal` is aborted every wait rejects.
 */
export function startWarmUp(o: WarmUpOptions): void {
  const { store, registry, activity, signal } = o;
  const unlessStopped = (wait: () => Promise<void>) => async () => {
    signal.throwIfAborted();
    await wait();
    signal.throwIfAborted();
  };
  const saveSnapshots = () =>
    unlessStopped(() => activity.quiet(QUIET_MS, 120_000))()
      .then(() => store.saveSnapshots()).catch(() => {}).then(o.afterSave);
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
