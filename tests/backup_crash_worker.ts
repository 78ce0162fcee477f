/**
 * Crash-test worker: opens the store in DATA_DIR (argument 2), prints `ready`, then runs one
 * operation: a new backup (`add`), the restore of backup 'A' (`restore`), or the restore of A's
 * file uploaded (`upload`: the file taken out of the folder and A deleted first, so the upload
 * is kept in the folder again); prints `done` and waits to be killed. Run by
 * tests/backup_crash_test.ts, which kills it at a chosen stage.
 */
import { join } from "node:path";
import { backupDir, backups, createBackup, deleteBackup } from "../lib/backup/backup.ts";
import { restoreBackup } from "../lib/backup/restore.ts";
import { restoreUpload } from "../lib/backup/upload.ts";
import { Store } from "../lib/db/store.ts";
import { AuditLog } from "../lib/audit/log.ts";

const [mode, dataDir] = Deno.args;
const store = await Store.open(join(dataDir, "casemix.kv"));
const dir = backupDir(dataDir);
const log = await AuditLog.open(":memory:");
const byName = new Map((await backups(store).index()).rows().map((r) => [r.value.name, r.value]));
const a = byName.get("A")!;
const sent = join(dataDir, "unggahan.kvbak");
if (mode === "upload") {
  await Deno.copyFile(join(dir, a.path), sent);
  await deleteBackup(store, dir, a._id);
}
console.log("ready");
// as from the list: the click's request reaches the operation a moment later (a kill aimed at
// the start lands in that moment on a loaded Windows machine too, where a kill takes longer)
if (mode !== "upload") await new Promise((ok) => setTimeout(ok, 150));
if (mode === "add") await createBackup(store, dir, { name: "baru" });
else if (mode === "restore") await restoreBackup(store, dir, a._id, { log });
else {
  // as over the LAN: the body's first bytes come a moment after the request
  const body = (await Deno.open(sent)).readable.pipeThrough(
    new TransformStream({ start: () => new Promise((ok) => setTimeout(ok, 150)) }),
  );
  await restoreUpload(store, dir, body, { limit: 2 ** 30, declared: null, log });
}
console.log("done");
setInterval(() => {}, 60_000); // stays alive until killed
