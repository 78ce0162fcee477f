import assert from "node:assert/strict";
import { join } from "node:path";
import { createApp } from "../app.ts";
import { createSession, users } from "../lib/auth/auth.ts";
import { AuditLog } from "../lib/audit/log.ts";
import { createBackup, syncBackupList } from "../lib/backup/backup.ts";
import { type Config, loadConfig } from "../lib/config.ts";
import { Store } from "../lib/db/store.ts";
import { allowAnyLicence } from "../lib/licence/gate.ts";

const mode = async (path: string) => (await Deno.stat(path)).mode! & 0o777;

/** Modes of the paths as `{path: "0600"}`, so a failure names every wrong one. */
async function modes(paths: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const p of paths) out[p] = (await mode(p)).toString(8).padStart(4, "0");
  return out;
}
const all = (paths: string[], m: string) => Object.fromEntries(paths.map((p) => [p, m]));
const kvFiles = (f: string) => [f, `${f}-wal`, `${f}-shm`];

/**
 * The app as the server builds it (its own audit log, opened at start), on a local KV file in
 * `dataDir`, with an admin session. The audit log stays open until the process ends.
 */
async function start(config: Partial<Config> & { dataDir: string }) {
  const dbPath = join(config.dataDir, "casemix.kv");
  const store = await Store.open(dbPath);
  const app = createApp({
    // an operator's ADMIN_PASSWORD: the first login is not held for a password change
    config: {
      ...loadConfig({ get: () => undefined }),
      dbPath,
      adminPassword: "kopi-tubruk-pagi-hari",
      ...config,
    },
    store,
    licence: allowAnyLicence,
  });
  assert.equal((await app.request("/auth/login")).status, 200, "started");
  const id = (await users(store).idBy("username", "admin"))!;
  const cookie = `sid=${await createSession(store, {
    userId: id,
    username: "admin",
    fullname: "Admin",
    hospitalCode: "RS01",
  })}`;
  const post = async (path: string, fields: Record<string, string> = {}) => {
    const res = await app.request(path, {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams(fields),
    });
    const body = await res.json();
    assert.equal(res.status, 200, `${path}: ${JSON.stringify(body)}`);
    return body;
  };
  return { store, post };
}

Deno.test({
  name: "file modes: the audit log 0600 (with -wal, -shm), its folders and uploads/ 0700, " +
    "after start and after a restore",
  ignore: Deno.build.os === "windows",
  // the app keeps its audit log open (as the server does until it stops)
  sanitizeResources: false,
  async fn() {
    const dataDir = await Deno.makeTempDir({ prefix: "casemix-test-" });
    const elsewhere = await Deno.makeTempDir({ prefix: "casemix-test-" });
    try {
      // an install from before: uploads/ made 0755
      await Deno.mkdir(join(dataDir, "uploads"), { mode: 0o755 });
      await Deno.chmod(join(dataDir, "uploads"), 0o755);
      const auditPath = join(elsewhere, "log", "casemix", "audit.kv");
      const t = await start({ dataDir, auditPath });
      // the same data as a logical dump (what a server run with narrowed permissions makes)
      const mem = await Store.open(":memory:");
      for await (const e of t.store.kv.list({ prefix: [] })) await mem.kv.set(e.key, e.value);
      const dump = await createBackup(mem, join(dataDir, "backups"), { name: "Dump" });
      mem.close();
      assert.equal(dump.kind, "jsonl");
      await syncBackupList(t.store, join(dataDir, "backups"));
      const made = await t.post("/api/db-backup", { name: "Uji mode", desc: "" });
      const dirs = [join(elsewhere, "log"), join(elsewhere, "log", "casemix")];
      const expect = { ...all(kvFiles(auditPath), "0600"), ...all(dirs, "0700") };
      const uploads = join(dataDir, "uploads");
      assert.deepEqual(await modes([...kvFiles(auditPath), ...dirs]), expect);
      assert.deepEqual(await modes([uploads]), { [uploads]: "0700" });

      assert.equal(made.data.kind, "sqlite");
      for (const id of [dump._id, made.data._id]) {
        await t.post(`/api/db-backup/restore/${id}`);
        await t.post("/api/db-backup", { name: "Sesudah pemulihan", desc: "" });
        assert.deepEqual(await modes(kvFiles(t.store.path)), all(kvFiles(t.store.path), "0600"));
      }
      assert.notEqual(t.store.path, join(dataDir, "casemix.kv"), "a restore opens another file");
      assert.deepEqual(await modes([...kvFiles(auditPath), ...dirs]), expect);
      assert.deepEqual(await modes([uploads]), { [uploads]: "0700" });
      t.store.close();
    } finally {
      await Deno.remove(dataDir, { recursive: true });
      await Deno.remove(elsewhere, { recursive: true });
    }
  },
});

Deno.test({
  name: "file modes: an audit log left 0644 in DATA_DIR by an earlier version is made 0600",
  ignore: Deno.build.os === "windows",
  sanitizeResources: false,
  async fn() {
    const dataDir = await Deno.makeTempDir({ prefix: "casemix-test-" });
    try {
      const auditPath = join(dataDir, "audit.kv");
      const old = await AuditLog.open(auditPath);
      await old.append({ username: "admin", role: "admin", ip: "-" }, { action: "login" });
      await old.close();
      for (const f of kvFiles(auditPath)) await Deno.chmod(f, 0o644).catch(() => {});
      const t = await start({ dataDir });
      await t.post("/api/db-backup", { name: "Uji mode", desc: "" });
      assert.deepEqual(await modes(kvFiles(auditPath)), all(kvFiles(auditPath), "0600"));
      t.store.close();
    } finally {
      await Deno.remove(dataDir, { recursive: true });
    }
  },
});
