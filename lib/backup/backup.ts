import { join, resolve, sep } from "node:path";
import type { Tracker } from "../progress/progress.ts";
import {
  BACKUP_EXT,
  type BackupHeader,
  type BackupJob,
  byteProgress,
  FORMAT,
  HEADER_BYTES,
  readHeader,
  runBackupJob,
} from "./format.ts";
import type { Collection } from "../db/collection.ts";
import { badRequest, notFound } from "../errors.ts";
import { newId } from "../db/ids.ts";
import { ignoreMissing } from "../db/db_file.ts";
import { exportLines } from "./kv_dump.ts";
import type { Doc } from "../index/index.ts";
import type { Store } from "../db/store.ts";
import { hospitalZone, type ZoneName, ZONES } from "../hospital_time.ts";

/** A backup in the list, from its header (`auto`: made by the app): `path` in the folder. */
export interface BackupDoc
  extends Doc, Pick<BackupHeader, "name" | "desc" | "auto" | "created" | "kind"> {
  path: string;
  size: number;
}

/** The backup list (collection `db_backup`). */
export const backups = (store: Store): Collection<BackupDoc> =>
  store.collection<BackupDoc>({ name: "db_backup", search: ["name", "desc", "path"] });

/** The backups folder of a data folder. */
export const backupDir = (dataDir: string) => join(dataDir, "backups");

/** A backup's file name: the hospital's wall-clock time of `at`, its zone, then the id. */
export function backupFileName(at: Date, id: string, zone: ZoneName = hospitalZone()): string {
  const wall = new Date(at.getTime() + ZONES[zone].hours * 3600_000).toISOString();
  const stamp = `${wall.slice(0, 10).replace(/\D/g, "")}-${wall.slice(11, 19).replace(/\D/g, "")}`;
  return `backup-${stamp}-${ZONES[zone].label}-${id}${BACKUP_EXT}`;
}

/** The absolute path of a listed file, refusing anything that would leave the folder. */
export function safePath(dir: string, rel: string): string {
  const root = resolve(dir);
  const full = resolve(root, rel);
  if (!/^[\w.-]+$/.test(rel) || rel.startsWith(".") || !full.startsWith(root + sep)) {
    throw badRequest("Lokasi berkas cadangan tidak valid.");
  }
  return full;
}

/** A backup's list entry, from its file's header and its path in the folder. */
export const docOf = (h: BackupHeader, path: string): BackupDoc => ({
  _id: h.id,
  name: h.name,
  desc: h.desc,
  path,
  auto: h.auto,
  created: h.created,
  size: HEADER_BYTES + h.size,
  kind: h.kind,
});

/** A listed backup, or 404. */
export async function findBackup(store: Store, id: string): Promise<BackupDoc> {
  const row = /^[0-9A-HJKMNP-TV-Z]{26}$/.test(id) ? await backups(store).find(id) : null;
  if (!row) throw notFound("Cadangan tidak ditemukan.");
  return row.value;
}

/** Whether node:sqlite may `VACUUM INTO` (every permission); else a local store is dumped. */
function copiesSqlite(): boolean {
  const names = ["read", "write", "net", "env", "sys", "run", "ffi", "import"] as const;
  return names.every((name) => Deno.permissions.querySync({ name }).state === "granted");
}

/** Writes a consistent snapshot of the whole store to a new file in `dir`, and lists it. */
export async function createBackup(
  store: Store,
  dir: string,
  o: {
    name: string;
    desc?: string;
    auto?: BackupDoc["auto"];
    at?: Date;
    /** The zone the file is named in (default: the hospital's, `hospitalZone()`). */
    zone?: ZoneName;
    /** Hears the bytes copied (phase 'Mencadangkan'). */
    progress?: Tracker;
  },
): Promise<BackupDoc> {
  const onBytes = byteProgress("Mencadangkan", o.progress);
  await Deno.mkdir(dir, { recursive: true, mode: 0o700 });
  const id = newId();
  const at = o.at ?? new Date();
  const rel = backupFileName(at, id, o.zone);
  const header = {
    format: FORMAT,
    id,
    name: o.name,
    desc: o.desc ?? "",
    auto: o.auto ?? "",
    created: at.toISOString(),
    kind: store.kind === "file" && copiesSqlite() ? "sqlite" as const : "jsonl" as const,
  };
  const out = safePath(dir, rel);
  let job: BackupJob = { op: "pack", vacuumFrom: store.path, out, header };
  if (header.kind === "jsonl") {
    const payload = join(dir, `.tmp-${id}.jsonl`);
    const enc = new TextEncoder();
    const entries = await exportLines(store.kv, async () => {
      const f = await Deno.open(payload, { write: true, create: true, truncate: true });
      const w = f.writable.getWriter();
      return { write: (l) => w.write(enc.encode(l)), close: () => w.close() };
    });
    job = { op: "pack", payload, out, header: { ...header, entries } };
  }
  const doc = docOf(await runBackupJob(job, onBytes), rel);
  await backups(store).writeMany([doc]);
  return doc;
}

/** A listed backup's file opened for reading, with its size; 404 when unlisted or gone. */
export async function openBackup(
  store: Store,
  dir: string,
  id: string,
): Promise<{ doc: BackupDoc; file: Deno.FsFile; size: number }> {
  const doc = await findBackup(store, id);
  const file = await Deno.open(safePath(dir, doc.path), { read: true }).catch(() => {
    throw notFound(`Berkas cadangan ${doc.path} tidak ada lagi di folder backups.`);
  });
  return { doc, file, size: (await file.stat()).size };
}

/** Removes a backup's file and its entry. */
export async function deleteBackup(store: Store, dir: string, id: string): Promise<BackupDoc> {
  const doc = await findBackup(store, id);
  await Deno.remove(safePath(dir, doc.path)).catch(ignoreMissing);
  await backups(store).remove(id);
  return doc;
}

/** Deletes the temp files of backups that never finished (at start, before any backup). */
export async function cleanBackupTemps(dir: string): Promise<void> {
  try {
    for await (const e of Deno.readDir(dir)) {
      if (e.isFile && e.name.startsWith(".tmp-")) await Deno.remove(join(dir, e.name));
    }
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
}

/** Makes the list match the files on disk (unreadable headers left unlisted). */
export async function syncBackupList(store: Store, dir: string): Promise<void> {
  const onDisk = new Map<string, BackupDoc>();
  try {
    for await (const e of Deno.readDir(dir)) {
      if (!e.isFile || !e.name.endsWith(BACKUP_EXT) || e.name.startsWith(".")) continue;
      const h = await readHeader(join(dir, e.name)).catch(() => null);
      if (h) onDisk.set(h.id, docOf(h, e.name));
    }
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  const col = backups(store);
  const index = await col.index();
  const missing = [...onDisk.values()].filter((d) => index.get(d._id)?.value.path !== d.path);
  if (missing.length) await col.writeMany(missing);
  for (const { value: { _id: id } } of index.rows()) {
    if (!onDisk.has(id)) await col.remove(id).catch(() => {});
  }
}
