/**
 * Crash-test worker: opens the store in DATA_DIR (argument 2) and backs it up (`add`) or
 * restores backups 'A' and 'B' in turn (`restore`) until it is killed. Prints `ready` once the
 * store is open. Run by tests/backup_crash_test.ts.
 */
import { join } from "node:path";
import { backupDir, backups, createBackup } from "../lib/backup/backup.ts";
import { restoreBackup } from "../lib/backup/restore.ts";
import { Store } from "../lib/db/store.ts";

const [mode, dataDir] = Deno.args;
const store = await Store.open(join(dataDir, "casemix.kv"));
const dir = backupDir(dataDir);
const byName = new Map((await backups(store).index()).rows().map((r) => [r.value.name, r.value]));
const a = byName.get("A")!._id, b = byName.get("B")!._id;
console.log("ready");
for (let i = 0;; i++) {
  if (mode === "add") await createBackup(store, dir, { name: `n${i}` });
  else await restoreBackup(store, dir, i % 2 ? b : a);
}
