/**
 * Crash-test worker: opens the store in DATA_DIR (argument 2), prints `ready`, then runs one
 * operation: a new backup (`add`) or the restore of backup 'A' (`restore`); prints `done` and
 * waits to be killed. Run by tests/backup_crash_test.ts, which kills it at a chosen stage.
 */
import { join } from "node:path";
import { backupDir, backups, createBackup } from "../lib/backup/backup.ts";
import { restoreBackup } from "../lib/backup/restore.ts";
import { Store } from "../lib/db/store.ts";

const [mode, dataDir] = Deno.args;
const store = await Store.open(join(dataDir, "casemix.kv"));
const dir = backupDir(dataDir);
const byName = new Map((await backups(store).index()).rows().map((r) => [r.value.name, r.value]));
console.log("ready");
if (mode === "add") await createBackup(store, dir, { name: "baru" });
else await restoreBackup(store, dir, byName.get("A")!._id);
console.log("done");
setInterval(() => {}, 60_000); // stays alive until killed
