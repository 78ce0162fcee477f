import { createApp } from "./lib/app.ts";
import { ensureAdmin } from "./lib/auth.ts";
import { backupDir } from "./lib/backup.ts";
import { startDailyBackups } from "./lib/backup_schedule.ts";
import { loadConfig } from "./lib/config.ts";
import { openConfiguredStore } from "./lib/connection.ts";
import { type Store, StoreLockedError } from "./lib/store.ts";
import { ensureBuilt } from "./build.ts";

/** The app on the configured store (opened on the first request). */
export const app = createApp({ config: loadConfig() });

if (import.meta.main) {
  const config = loadConfig();
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
  const admin = await ensureAdmin(store, config.adminPassword);
  const server = Deno.serve(
    { port: config.port, hostname: "0.0.0.0", onListen: () => {} },
    createApp({ config, store }).fetch,
  );
  console.log(`Casemix RS berjalan di http://localhost:${config.port} (semua antarmuka jaringan)`);
  console.log(`Data disimpan di ${store.path}`);
  const stopBackups = startDailyBackups(store, backupDir(config.dataDir), config.backupKeep);
  if (admin.created) {
    console.log(
      "Login pertama: Kode Rumah Sakit bebas (mis. DEMO), username 'admin', password " +
        (admin.password
          ? `'${admin.password}' (catat sekarang, tidak ditampilkan lagi)`
          : "dari ADMIN_PASSWORD"),
    );
  }
  const stop = async () => {
    stopBackups();
    await server.shutdown();
    store.close();
    Deno.exit(0);
  };
  Deno.addSignalListener("SIGINT", stop);
  Deno.addSignalListener("SIGTERM", stop);
}
