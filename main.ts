import { createApp, ensureBundle, prepareStore, STATIC_DIR } from "./app.ts";
import { startWarmUp } from "./lib/warm/warm.ts";
import { registry } from "./resources/mod.ts";
import { readManifest } from "./lib/http/islands.ts";
import { backupDir } from "./lib/backup/backup.ts";
import { startDailyBackups } from "./lib/backup/schedule.ts";
import { type Config, loadConfig } from "./lib/config.ts";
import { DEMO_CODE, ensureDemoLicence, startDemoLicence } from "./lib/licence/demo.ts";
import { openConfiguredStore } from "./lib/db/configured.ts";
import { type Store, StoreLockedError } from "./lib/db/store.ts";
import { denoVersionProblem, readBuildInfo } from "./lib/runtime/version.ts";
import { onStopSignal } from "./lib/runtime/stop.ts";
import { idleCollector } from "./lib/runtime/idle_gc.ts";
import { Activity } from "./lib/runtime/activity.ts";
import { storedZone } from "./lib/settings/zone.ts";
import { auditFold } from "./lib/http/folded.ts";
import { movesDone } from "./lib/http/outbox.ts";
import { lanLine } from "./lib/runtime/lan.ts";

type DemoLicence = ReturnType<typeof startDemoLicence> | null;

/** Prints `e`'s message and exits with 1. */
function fail(e: unknown): never {
  console.error(e instanceof Error ? e.message : String(e));
  Deno.exit(1);
}

/** Refuses a Deno other than the one the app (or this binary) was built for. */
async function checkDeno(): Promise<void> {
  const problem = denoVersionProblem(Deno.version.deno, await readBuildInfo(STATIC_DIR));
  if (problem) fail(problem);
}

/** Opens the configured store; a second server on the same data (the lock) exits. */
async function openStore(config: Config): Promise<Store> {
  const store = await openConfiguredStore(config).catch((e) => {
    if (e instanceof StoreLockedError) fail(e);
    throw e;
  });
  // index snapshots made by other code (another release, a changed lib/) are not read back
  store.snapshotTag = (await readManifest(STATIC_DIR))?.source ?? "";
  return store;
}

/** No LICENCE_URL: the shipped licence service runs here, with the demo code validated. */
async function startLicence(config: Config, store: Store): Promise<[Config, DemoLicence]> {
  const demo = config.licenceUrl ? null : startDemoLicence(config);
  if (demo) await ensureDemoLicence(store, demo.config);
  console.log(
    demo
      ? `Mode demo: LICENCE_URL tidak diatur; layanan lisensi demo berjalan di ${demo.server.url} ` +
        `dengan Kode Rumah Sakit ${DEMO_CODE}. Atur LICENCE_URL untuk pemakaian nyata.`
      : `Layanan lisensi: ${config.licenceUrl} (masa tenggang ${config.licenceGraceDays} hari)`,
  );
  return [demo?.config ?? config, demo];
}

/** Serves the app on the configured port, counting the requests in flight. */
function serve(config: Config, store: Store, activity: Activity, touch: () => void) {
  const app = createApp({ config, store, bundleReady: true });
  return Deno.serve(
    { port: config.port, hostname: config.host, onListen: () => {} },
    async (req, info) => {
      touch();
      activity.begin();
      try {
        return await app.fetch(req, info);
      } finally {
        activity.end();
      }
    },
  );
}

/** Where the server listens, the LAN addresses when on every interface, and the data folder. */
function printWhere(config: Config, port: number, store: Store): void {
  const everywhere = config.host === "0.0.0.0" || config.host === "::";
  const where = everywhere
    ? "semua antarmuka jaringan"
    : /^(127\.|::1$|localhost$)/.test(config.host)
    ? "hanya komputer ini"
    : `alamat ${config.host}`;
  console.log(`Casemix RS berjalan di http://localhost:${port} (${where})`);
  if (everywhere) console.log(lanLine(port));
  console.log(`Data disimpan di ${store.path}`);
}

/** On a new install, the first login. */
function printLogin(
  port: number,
  demo: DemoLicence,
  admin: { created: boolean; password?: string },
) {
  if (!admin.created) return;
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

async function main(): Promise<void> {
  await checkDeno();
  const loaded = await Promise.resolve().then(() => loadConfig()).catch(fail); // a bad setting
  await ensureBundle();
  const store = await openStore(loaded);
  const [config, demo] = await startLicence(loaded, store);
  const { admin, demo: demoData } = await prepareStore(store, config);
  if (config.demoData && !demoData) {
    console.log("DEMO_DATA=1 diabaikan: basis data sudah berisi data, data demo tidak dibuat.");
  }
  const collector = idleCollector();
  const activity = new Activity();
  const server = serve(config, store, activity, collector.touch);
  printWhere(config, server.addr.port, store);
  const background = new AbortController(), signal = background.signal;
  // the warm-up and each snapshot save leave garbage: collected in the next quiet moment
  startWarmUp({ store, registry, activity, signal, afterSave: collector.touch });
  // outside a request: the hospital's zone is read from its profile at each check
  const dir = backupDir(config.dataDir), keep = config.backupKeep;
  startDailyBackups(store, { dir, keep, zone: () => storedZone(store), signal });
  printLogin(server.addr.port, demo, admin);
  // let running requests (and a backup) finish their commits, then close the store (its lock)
  onStopSignal(async () => {
    console.log("Menghentikan server...");
    background.abort();
    collector.stop();
    await server.shutdown();
    await auditFold.flush(); // the last minute's folded entries: repeated refusals, list reads
    await movesDone(); // an import's entries still moving from the outbox to the log
    await store.gate.exclusive(async () => {});
    await store.saveSnapshots().catch(() => {});
    await demo?.server.close();
    store.close();
    console.log("Server berhenti.");
  });
}

if (import.meta.main) await main();
