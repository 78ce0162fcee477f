import { createApp, ensureBundle, prepareStore, STATIC_DIR } from "./app.ts";
import { preloadIndexes, warmIndexes } from "./lib/warm/warm.ts";
import { registry } from "./resources/mod.ts";
import { readManifest } from "./lib/http/islands.ts";
import { backupDir } from "./lib/backup/backup.ts";
import { startDailyBackups } from "./lib/backup/schedule.ts";
import { loadConfig } from "./lib/config.ts";
import { DEMO_CODE, ensureDemoLicence, startDemoLicence } from "./lib/licence/demo.ts";
import { openConfiguredStore } from "./lib/db/configured.ts";
import { type Store, StoreLockedError } from "./lib/db/store.ts";
import { denoVersionProblem, readBuildInfo } from "./lib/runtime/version.ts";
import { onStopSignal } from "./lib/runtime/stop.ts";
import { idleCollector } from "./lib/runtime/idle_gc.ts";
import { Activity } from "./lib/runtime/activity.ts";
import { storedZone } from "./lib/settings/zone.ts";
import { auditFold } from "./lib/http/folded.ts";
import { lanLine } from "./lib/runtime/lan.ts";

/** A moment without requests, in which background work (warm-up orderings, snapshots) runs. */
const QUIET_MS = 200;

/** How long after the start the warm-up waits (then for a quiet moment) before loading. */
const WARM_AFTER_MS = 2_000;

/** How often changed index snapshots are rewritten (see lib/index/snapshot.ts). */
const SNAPSHOT_EVERY_MS = 10 * 60_000;

if (import.meta.main) {
  const problem = denoVersionProblem(Deno.version.deno, await readBuildInfo(STATIC_DIR));
  if (problem) {
    console.error(problem);
    Deno.exit(1);
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    console.error((e as Error).message);
    Deno.exit(1);
  }
  await ensureBundle();
  let store: Store;
  try {
    store = await openConfiguredStore(config);
  } catch (e) {
    if (e instanceof StoreLockedError) {
      console.error(e.message);
      Deno.exit(1);
    }
    throw e;
  }
  // index snapshots made by other code (another release, a changed lib/) are not read back
  store.snapshotTag = (await readManifest(STATIC_DIR))?.source ?? "";
  // no LICENCE_URL: run the shipped licence service here, with the demo code validated
  const demo = config.licenceUrl ? null : startDemoLicence(config);
  if (demo) {
    config = demo.config;
    await ensureDemoLicence(store, config);
  }
  const { admin, demo: demoData } = await prepareStore(store, config);
  if (config.demoData && !demoData) {
    console.log("DEMO_DATA=1 diabaikan: basis data sudah berisi data, data demo tidak dibuat.");
  }
  const app = createApp({ config, store, bundleReady: true });
  const collector = idleCollector();
  const activity = new Activity();
  const server = Deno.serve(
    { port: config.port, hostname: config.host, onListen: () => {} },
    async (req, info) => {
      collector.touch();
      activity.begin();
      try {
        return await app.fetch(req, info);
      } finally {
        activity.end();
      }
    },
  );
  const port = server.addr.port;
  const everywhere = config.host === "0.0.0.0" || config.host === "::";
  const where = everywhere
    ? "semua antarmuka jaringan"
    : /^(127\.|::1$|localhost$)/.test(config.host)
    ? "hanya komputer ini"
    : `alamat ${config.host}`;
  console.log(`Casemix RS berjalan di http://localhost:${port} (${where})`);
  if (everywhere) console.log(lanLine(port));
  console.log(`Data disimpan di ${store.path}`);
  // the indexes load right after listening (from their snapshots when those fit); then the
  // snapshots are refreshed in a quiet moment (within 2 minutes), every 10 minutes when
  // something changed, and at a graceful stop
  // the warm-up and a snapshot leave garbage behind: collected and trimmed in the next quiet
  // moment, as after a busy spell (idle_gc.ts)
  const saveSnapshots = () =>
    activity.quiet(QUIET_MS, 120_000).then(() => store.saveSnapshots()).catch(() => {})
      .then(() => collector.touch());
  // between the warm-up's slices the requests in flight go first (at most 100 ms each); once
  // the server stops, the warm-up stops at its next step (nothing runs on a closing store)
  let stopping = false;
  const unless = (wait: () => Promise<void>) => () =>
    stopping ? new Promise<void>(() => {}) : wait();
  const pause = unless(() => activity.idle(100));
  // background work on the indexes waits until no request has run for 30 ms (a login needs many
  // turns of the event loop, and a browser sends its next request right after an answer); the
  // big indexes start loading now, and a request that needs one waits only for the rest of it
  store.idle = unless(() => activity.calm(30, 1_000));
  const preloaded = preloadIndexes(store, registry);
  // the rest of the warm-up starts once the start is 2 s behind and the server quiet, so a
  // clerk logging in right away and opening a list is not kept waiting behind it
  const settled = new Promise((ok) => setTimeout(ok, WARM_AFTER_MS))
    .then(() => preloaded).then(() => activity.quiet(QUIET_MS));
  settled.then(() => warmIndexes(store, registry, unless(() => activity.quiet(QUIET_MS)), pause))
    .then((ms) => {
      if (stopping) return;
      console.log(`Indeks siap dalam ${(ms / 1000).toFixed(1)} s`);
      return saveSnapshots();
    });
  const snapshots = setInterval(saveSnapshots, SNAPSHOT_EVERY_MS);
  console.log(
    demo
      ? `Mode demo: LICENCE_URL tidak diatur; layanan lisensi demo berjalan di ${demo.server.url} ` +
        `dengan Kode Rumah Sakit ${DEMO_CODE}. Atur LICENCE_URL untuk pemakaian nyata.`
      : `Layanan lisensi: ${config.licenceUrl} (masa tenggang ${config.licenceGraceDays} hari)`,
  );
  // outside a request: the hospital's zone is read from its profile at each check
  const stopBackups = startDailyBackups(
    store,
    backupDir(config.dataDir),
    config.backupKeep,
    undefined,
    () => storedZone(store),
  );
  if (admin.created) {
    const code = demo
      ? `'${DEMO_CODE}'`
      : `Anda (validasi dulu di http://localhost:${port}/validation)`;
    console.log(
      `Login pertama: Kode Rumah Sakit ${code}, username 'admin', password ` +
        (admin.password
          ? `'${admin.password}' (catat sekarang, tidak ditampilkan lagi)`
          : "dari ADMIN_PASSWORD"),
    );
  }
  // stop taking requests, let the ones running (and a backup) finish their commits, then close
  // the store, which releases the single-server lock
  onStopSignal(async () => {
    console.log("Menghentikan server...");
    stopping = true;
    stopBackups();
    clearInterval(snapshots);
    collector.stop();
    await server.shutdown();
    await auditFold.flush(); // the last minute's folded entries: repeated refusals, list reads
    await store.gate.exclusive(async () => {});
    await store.saveSnapshots().catch(() => {});
    await demo?.server.close();
    store.close();
    console.log("Server berhenti.");
  });
}
