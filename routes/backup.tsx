import { type Context, Hono } from "hono";
import { z } from "zod";
import BackupTable from "../islands/BackupTable.tsx";
import {
  backupDir,
  backups,
  createBackup,
  deleteBackup,
  openBackup,
} from "../lib/backup/backup.ts";
import { parseTableRequest, tableAnswer } from "../lib/resource/datatables.ts";
import type { AppEnv, NavItem } from "../lib/http/env.ts";
import { readFields } from "../lib/http/http.ts";
import { islandPage } from "./_render.tsx";
import { audit, queryOf } from "../lib/http/request.ts";
import { restoreBackup, type Restored } from "../lib/backup/restore.ts";
import { restoreUpload } from "../lib/backup/upload.ts";
import type { Tracker } from "../lib/progress/progress.ts";
import type { ColumnDef } from "../lib/resource/resource.ts";
import { parseOr400, text } from "../lib/resource/validate.ts";
import { trackJob } from "../lib/http/progress.ts";
import { diskSpace } from "../lib/backup/disk.ts";
import { formatBytes, formatDateTime } from "../lib/format.ts";

export const NAV: NavItem[] = [
  { group: "Pengaturan", title: "Backup Database", path: "/db-backup" },
];

/** Columns of the backup list: the spec's name, desc, path, plus when and how big. */
export const BACKUP_COLUMNS: ColumnDef[] = [
  { data: "created", title: "Dibuat", format: "datetime" },
  { data: "name", title: "Nama" },
  { data: "desc", title: "Keterangan" },
  { data: "path", title: "Berkas" },
  { data: "size", title: "Ukuran", align: "right", searchable: false },
];
const PAGE = 10;

const form = z.object({
  name: text("Nama", { max: 100 }),
  desc: text("Keterangan", { required: false, max: 255 }),
});

const list = async (store: AppEnv["Variables"]["store"], params: URLSearchParams) => {
  const req = parseTableRequest(params, {
    search: ["name", "desc", "path"],
    order: BACKUP_COLUMNS.map((c) => c.data),
    pageSize: PAGE,
  });
  const res = (await backups(store).index()).query(req.query);
  return tableAnswer(req.draw, res, res.rows.map((r) => r.value));
};

/** Where a backup file is uploaded to restore from (its body is streamed, not read first). */
export const UPLOAD_PATH = "/api/db-backup/upload";

/** The uploaded file's name as the browser sent it (`X-File-Name`, URI-encoded), for the log. */
function uploadName(c: Context<AppEnv>): string {
  try {
    return decodeURIComponent(c.req.header("x-file-name") ?? "").slice(0, 255);
  } catch {
    return "";
  }
}

/** A restore request: run with its progress, audited, answered with what happened. */
async function restoring(
  c: Context<AppEnv>,
  label: string,
  run: (progress: Tracker) => Promise<Restored & { upload?: unknown }>,
) {
  const progress = trackJob(c, label);
  try {
    const { restored, before, upload } = await run(progress);
    const after = { restored, automaticBackup: before, ...(upload ? { upload } : {}) };
    await audit(c, { action: "restore", entity: "db-backup", entityId: restored._id, after });
    const made = formatDateTime(restored.created);
    const message = `Basis data diganti dengan cadangan "${restored.name}" (dibuat ${made}). ` +
      `Keadaan sebelumnya tersimpan sebagai "${before.name}".`;
    progress.finish(message);
    return c.json({ success: true, message });
  } catch (e) {
    progress.fail((e as Error).message);
    throw e;
  }
}

/** A backup file download, audited, streamed outside the gate (a restore never waits for it). */
async function download(c: Context<AppEnv>, dir: string, id: string) {
  const { doc, file, size } = await openBackup(c.get("store"), dir, id);
  try {
    const after = { name: doc.name, path: doc.path, size };
    await audit(c, { action: "download", entity: "db-backup", entityId: doc._id, after });
  } catch (e) {
    file.close();
    throw e;
  }
  return new Response(file.readable, {
    headers: {
      "content-type": "application/octet-stream",
      "content-length": String(size),
      "content-disposition": `attachment; filename="${doc.path}"`,
    },
  });
}

/** The backup page and `/api/db-backup` (list, add, restore, delete, download, upload). */
export function backupRoutes() {
  const r = new Hono<AppEnv>();
  const dir = (c: { get(k: "config"): AppEnv["Variables"]["config"] }) =>
    backupDir(c.get("config").dataDir);

  r.get("/db-backup", async (c) => {
    const first = new URLSearchParams({ "order[0][column]": "0", "order[0][dir]": "desc" });
    BACKUP_COLUMNS.forEach((col, i) => first.set(`columns[${i}][data]`, col.data));
    const initial = await list(c.get("store"), first);
    return islandPage(c, "Backup Database", "BackupTable", BackupTable, {
      columns: BACKUP_COLUMNS,
      pageSize: PAGE,
      initial,
      disk: await diskSpace(dir(c)),
      uploadMax: c.get("config").backupUploadBytes,
    });
  });

  r.get("/api/db-backup", async (c) => c.json(await list(c.get("store"), queryOf(c))));

  r.post("/api/db-backup", async (c) => {
    const f = parseOr400(form, await readFields(c));
    const progress = trackJob(c, "Cadangan");
    try {
      const doc = await createBackup(c.get("store"), dir(c), { ...f, progress });
      await audit(c, { action: "backup", entity: "db-backup", entityId: doc._id, after: doc });
      const message = `Cadangan "${doc.name}" berhasil dibuat (${formatBytes(doc.size)}).`;
      progress.finish(message);
      return c.json({ success: true, message, data: doc });
    } catch (e) {
      progress.fail((e as Error).message);
      throw e;
    }
  });

  r.post("/api/db-backup/restore/:id", (c) =>
    restoring(c, "Pemulihan", (progress) => {
      const opts = { log: c.get("audit"), progress };
      return restoreBackup(c.get("store"), dir(c), c.req.param("id"), opts);
    }));

  // a backup file sent as the body itself (never a form: it is streamed to disk, not held)
  r.post(UPLOAD_PATH, (c) =>
    restoring(c, "Pemulihan dari berkas", async (progress) => {
      const declared = c.req.header("content-length");
      const fileName = uploadName(c);
      const done = await restoreUpload(c.get("store"), dir(c), c.req.raw.body, {
        limit: c.get("config").backupUploadBytes,
        declared: declared && /^\d+$/.test(declared) ? Number(declared) : null,
        fileName,
        log: c.get("audit"),
        progress,
      });
      return { ...done, upload: { fileName, bytes: done.received, id: done.sourceId } };
    }));

  r.get("/api/db-backup/download/:id", (c) => download(c, dir(c), c.req.param("id")));

  r.delete("/api/db-backup/delete/:id", async (c) => {
    const doc = await deleteBackup(c.get("store"), dir(c), c.req.param("id"));
    await audit(c, { action: "delete", entity: "db-backup", entityId: doc._id, before: doc });
    return c.json({ success: true, message: `Cadangan "${doc.name}" dihapus.` });
  });
  return r;
}
