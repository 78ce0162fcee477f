import { join } from "node:path";
import { ulid } from "ulid";
import {
  type BackupDoc,
  createBackup,
  deleteBackup,
  findBackup,
  safePath,
  syncBackupList,
} from "./backup.ts";
import { byteProgress, runBackupJob } from "./format.ts";
import type { Tracker } from "../progress/progress.ts";
import { recoverJournals } from "../db/journal.ts";
import { dropIntents, outboxKeys } from "../db/outbox.ts";
import { openPrivately } from "../db/reserve.ts";
import { SESSION_TTL_MS } from "../auth/auth.ts";
import { cleanStrays, newLiveFile, syncPath, writePointer } from "../db/db_file.ts";
import { badRequest, conflict, notFound } from "../errors.ts";
import { counters, dumpEntries, importEntries, readLines } from "./kv_dump.ts";
import type { Store } from "../db/store.ts";
import type { AuditLog } from "../audit/log.ts";
import { drainOutbox } from "../http/outbox.ts";
import { formatDateTime } from "../format.ts";
import { zoneLabel } from "../hospital_time.ts";

const removeDb = (path: string) =>
  Promise.all(["", "-wal", "-shm"].map((s) => Deno.remove(path + s).catch(() => {})));

/** Verifies the backup while unpacking it, and builds the new store from it aside (else 422). */
async function buildAside(store: Store, file: string, dir: string, progress?: Tracker) {
  const target = store.kind === "file" ? newLiveFile(store.base) : ":memory:";
  const tmp = join(dir, `.tmp-${ulid()}.restore`);
  // the file the payload's rows go into, made by Deno KV (for a memory store, read into it)
  const into = target === ":memory:" ? join(dir, `.tmp-${ulid()}.kv`) : target;
  let kv: Deno.Kv | null = null;
  const discard = async () => {
    try {
      kv?.close();
    } catch { /* closed */ }
    await Promise.all([removeDb(tmp), removeDb(into)]);
  };
  // the new store file, and its -wal and -shm, readable by the server's user only
  const openInto = () => openPrivately(into, (p) => Deno.openKv(p));
  try {
    (await openInto()).close();
    const header = await runBackupJob(
      { op: "unpack", file, out: tmp, into },
      byteProgress("Memeriksa dan membuka cadangan", progress),
    );
    if (target === ":memory:") {
      kv = await Deno.openKv(":memory:");
      if (header.kind === "jsonl") await importEntries(kv, readLines(tmp));
      else {
        const src = await Deno.openKv(into);
        await importEntries(kv, dumpEntries(src)).finally(() => src.close());
      }
      await removeDb(into);
    } else {
      kv = await openInto();
      // a logical dump (made by a server with narrowed permissions) is read in
      if (header.kind === "jsonl") await importEntries(kv, readLines(tmp));
    }
    await removeDb(tmp);
    // a backup taken during an import holds its unfinished part: rolled back like at a start
    await recoverJournals(kv);
    // entries waiting in its audit outbox were appended in the timeline it was taken from
    await dropIntents(kv, await outboxKeys(kv));
    return { kv, path: target, discard };
  } catch (e) {
    await discard();
    throw e;
  }
}

/** Replaces the sessions of `to` with the live ones of `from` whose user exists in `to`. */
export async function carrySessions(from: Deno.Kv, to: Deno.Kv): Promise<void> {
  let del = to.atomic();
  let n = 0;
  for await (const e of to.list({ prefix: ["session"] })) {
    del.delete(e.key);
    if (++n % 500 === 0) {
      await del.commit();
      del = to.atomic();
    }
  }
  await del.commit();
  const now = Date.now();
  for await (const e of from.list<{ userId: string; expiresAt: number }>({ prefix: ["session"] })) {
    const left = Math.min(e.value.expiresAt - now, SESSION_TTL_MS);
    if (left <= 0 || !(await to.get(["user", e.value.userId])).versionstamp) continue;
    await to.set(e.key, e.value, { expireIn: left });
  }
}

/** Replaces the whole database with a listed backup (the steps: lib/backup/README.md). */
export async function restoreBackup(
  store: Store,
  dir: string,
  id: string,
  opts: { log: AuditLog; progress?: Tracker },
): Promise<Restored> {
  const doc = await findBackup(store, id);
  return await aloneRestoring(store, async () => {
    const file = safePath(dir, doc.path);
    await Deno.stat(file).catch(() => {
      throw notFound(`Berkas cadangan ${doc.path} tidak ada lagi di folder backups.`);
    });
    return await restoreFrom(store, dir, { doc, file }, opts);
  });
}

/** What a restore replaced the database with, and the automatic backup of what it was. */
export interface Restored {
  restored: BackupDoc;
  before: BackupDoc;
}

/** Stores with a restore under way (one at a time: a second one is refused). */
const running = new WeakSet<Store>();

/** Runs `job` as the store's only restore (else 409; a KV Connect store: 400). */
export async function aloneRestoring<T>(store: Store, job: () => Promise<T>): Promise<T> {
  if (running.has(store)) {
    throw conflict("Pemulihan lain sedang berjalan. Tunggu sampai selesai lalu coba lagi.");
  }
  if (store.kind === "remote") {
    throw badRequest(
      "Pemulihan ke server KV Connect tidak didukung (tidak bisa diganti sekaligus). " +
        "Pindah ke berkas lokal di halaman Koneksi Database, pulihkan, lalu salin datanya.",
    );
  }
  running.add(store);
  try {
    return await job();
  } finally {
    running.delete(store);
  }
}

/**
 * Restores `src.file` inside `aloneRestoring` (`src.keep`: once verified). The outbox goes to
 * `log` first: it is the old database's.
 */
export async function restoreFrom(
  store: Store,
  dir: string,
  src: { doc: BackupDoc; file: string; keep?: () => Promise<void> },
  { log, progress }: { log: AuditLog; progress?: Tracker },
): Promise<Restored> {
  await drainOutbox(store.kv, log);
  const aside = await buildAside(store, src.file, dir, progress);
  let pointed = false;
  let before: BackupDoc;
  const backupNow = () =>
    createBackup(store, dir, {
      name: `Sebelum pemulihan ${formatDateTime(new Date())} ${zoneLabel()}`,
      desc: `Otomatis, sebelum memulihkan "${src.doc.name}"`,
      auto: "restore",
      progress,
    });
  try {
    // the automatic backup is taken while requests run, and again with them held back if any
    // collection but the backup list (rebuilt after the switch) was written meanwhile
    await src.keep?.();
    const ver = await counters(store.kv, ["db_backup"]);
    let auto = await backupNow();
    before = await store.gate.exclusive(async () => {
      if (await counters(store.kv, ["db_backup"]) !== ver) {
        const stale = auto;
        auto = await backupNow();
        await deleteBackup(store, dir, stale._id);
      }
      await carrySessions(store.kv, aside.kv);
      if (store.kind === "file") {
        for (const f of [aside.path, `${aside.path}-wal`]) await syncPath(f);
        await writePointer(store.base, aside.path);
        pointed = true;
      }
      store.switchTo({ kv: aside.kv, path: aside.path });
      return auto;
    });
  } catch (e) {
    if (!pointed) await aside.discard();
    throw e;
  }
  if (store.kind === "file") await cleanStrays(store.base, store.path);
  await syncBackupList(store, dir);
  return { restored: src.doc, before };
}
