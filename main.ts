import { createApp, prepareStore, warmIndexes } from "./app.ts";
import { backupDir } from "./lib/backup/backup.ts";
import { startDailyBackups } from "./lib/backup/schedule.ts";
import { loadConfig } from "./lib/config.ts";
import { DEMO_CODE, ensureDemoLicence, startDemoLicence } from "./lib/licence/demo.ts";
import { openConfiguredStore } from "./lib/backup/connection.ts";
import { type Store, StoreLockedError } from "./lib/db/store.ts";
import { ensureBuilt } from "./build.ts";

/** The app on the configured store (opened on the first request). */
export const app = createApp({ config: loadConfig() });

if (import.meta.main) {
  let config = loadConfig();
  await ensureBuilt();
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
  const server = Deno.serve(
    { port: config.port, hostname: "0.0.0.0", onListen: () => {} },
    createApp({ config, store }).fetch,
  );
  // the port the system gave (PORT=0 asks it for a free one)
  const port = server.addr.port;
  console.log(`Casemix RS berjalan di http://localhost:${port} (semua antarmuka jaringan)`);
  console.log(`Data disimpan di ${store.path}`);
  warmIndexes(store).then((ms) => console.log(`Indeks siap dalam ${(ms / 1000).toFixed(1)} s`));
  console.log(
    demo
      ? `Mode demo: LICENCE_URL tidak diatur; layanan lisensi demo berjalan di ${demo.server.url} ` +
        `dengan Kode Rumah Sakit ${DEMO_CODE}. Atur LICENCE_URL untuk pemakaian nyata.`
      : `Layanan lisensi: ${config.licenceUrl} (masa tenggang ${config.licenceGraceDays} hari)`,
  );
  const stopBackups = startDailyBackups(store, backupDir(config.dataDir), config.backupKeep);
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
  const stop = async () => {
    stopBackups();
    await server.shutdown();
    await demo?.server.close();
    store.close();
    Deno.exit(0);
  };
  Deno.addSignalListener("SIGINT", stop);
  Deno.addSignalListener("SIGTERM", stop);
}
