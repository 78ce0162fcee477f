import { Hono } from "hono";
import { z } from "zod";
import BackupTable from "../islands/BackupTable.tsx";
import { Island } from "../components/Island.tsx";
import { backupDir, backups, createBackup, deleteBackup } from "../lib/backup/backup.ts";
import { parseTableRequest } from "../lib/resource/datatables.ts";
import type { AppEnv, NavItem } from "../lib/http/env.ts";
import { readFields } from "../lib/http/http.ts";
import { renderPage } from "./_render.tsx";
import { drainOutbox } from "../lib/http/outbox.ts";
import { audit } from "../lib/http/request.ts";
import { restoreBackup } from "../lib/backup/restore.ts";
import type { ColumnDef } from "../lib/resource/resource.ts";
import { parseOr400, text } from "../lib/resource/validate.ts";
import { trackJob } from "../lib/http/progress.ts";
import { diskSpace } from "../lib/backup/disk.ts";

const sizeText = (bytes: number) =>
  `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("id-ID")} KB`;

/** The backup screen in the sidebar. */
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
const SEARCH = ["name", "desc", "path"];
const PAGE = 10;

const form = z.object({
  name: text("Nama", { max: 100 }),
  desc: text("Keterangan", { required: false, max: 255 }),
});

const list = async (store: AppEnv["Variables"]["store"], params: URLSearchParams) => {
  const req = parseTableRequest(params, {
    search: SEARCH,
    order: BACKUP_COLUMNS.map((c) => c.data),
    pageSize: PAGE,
  });
  const res = (await backups(store).index()).query(req.query);
  return {
    draw: req.draw,
    recordsTotal: res.total,
    recordsFiltered: res.filtered,
    data: res.rows.map((r) => r.value),
  };
};

/** The backup page and `/api/db-backup` (list, add, restore, delete). */
export function backupRoutes() {
  const r = new Hono<AppEnv>();
  const dir = (c: { get(k: "config"): AppEnv["Variables"]["config"] }) =>
    backupDir(c.get("config").dataDir);

  r.get("/db-backup", async (c) => {
    const first = new URLSearchParams({ "order[0][column]": "0", "order[0][dir]": "desc" });
    BACKUP_COLUMNS.forEach((col, i) => first.set(`columns[${i}][data]`, col.data));
    const initial = await list(c.get("store"), first);
    return renderPage(c, {
      title: "Backup Database",
      body: (
        <Island
          name="BackupTable"
          component={BackupTable}
          props={{
            columns: BACKUP_COLUMNS,
            pageSize: PAGE,
            initial,
            disk: await diskSpace(dir(c)),
          }}
        />
      ),
    });
  });

  r.get(
    "/api/db-backup",
    async (c) => c.json(await list(c.get("store"), new URL(c.req.url).searchParams)),
  );

  r.post("/api/db-backup", async (c) => {
    const f = parseOr400(form, await readFields(c));
    const progress = trackJob(c, "Cadangan");
    try {
      const doc = await createBackup(c.get("store"), dir(c), {
        name: f.name,
        desc: f.desc,
        progress,
      });
      await audit(c, { action: "backup", entity: "db-backup", entityId: doc._id, after: doc });
      const message = `Cadangan "${doc.name}" berhasil dibuat (${sizeText(doc.size)}).`;
      progress.finish(message);
      return c.json({ success: true, message, data: doc });
    } catch (e) {
      progress.fail((e as Error).message);
      throw e;
    }
  });

  r.post("/api/db-backup/restore/:id", async (c) => {
    const progress = trackJob(c, "Pemulihan");
    try {
      // entries still waiting in the outbox go to the log before the database is replaced
      await drainOutbox(c.get("store").kv, c.get("audit"));
      const { restored, before } = await restoreBackup(
        c.get("store"),
        dir(c),
        c.req.param("id"),
        progress,
      );
      await audit(c, {
        action: "restore",
        entity: "db-backup",
        entityId: restored._id,
        after: { restored, automaticBackup: before },
      });
      const message = `Basis data diganti dengan cadangan "${restored.name}". ` +
        `Keadaan sebelumnya tersimpan sebagai "${before.name}".`;
      progress.finish(message);
      return c.json({ success: true, message });
    } catch (e) {
      progress.fail((e as Error).message);
      throw e;
    }
  });

  r.delete("/api/db-backup/delete/:id", async (c) => {
    const doc = await deleteBackup(c.get("store"), dir(c), c.req.param("id"));
    await audit(c, { action: "delete", entity: "db-backup", entityId: doc._id, before: doc });
    return c.json({ success: true, message: `Cadangan "${doc.name}" dihapus.` });
  });
  return r;
}
