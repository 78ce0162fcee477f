import assert from "node:assert/strict";
import { basename, join } from "node:path";
import { ulid } from "ulid";
import { backupDir, backups, createBackup } from "../lib/backup/backup.ts";
import { restoreBackup } from "../lib/backup/restore.ts";
import { saveConnection } from "../lib/backup/connection.ts";
import { OutboxScope, withOutbox } from "../lib/db/outbox.ts";
import { entries } from "./audit_fixtures.ts";
import { runDailyBackup } from "../lib/backup/schedule.ts";
import { pointerOf, writePointer } from "../lib/db/db_file.ts";
import type { AppError } from "../lib/errors.ts";
import { Gate } from "../lib/db/switch_gate.ts";
import { Store } from "../lib/db/store.ts";
import { dtQuery, setup, tempDir } from "./helpers.ts";

/**
 * Progress of a loop running beside the test: the loop calls `tick()` after each step, the test
 * awaits `until(cond)`, woken by those ticks (no timed waits).
 */
function progress() {
  let waiters: (() => void)[] = [];
  return {
    tick() {
      const w = waiters;
      waiters = [];
      w.forEach((f) => f());
    },
    until(cond: () => boolean): Promise<void> {
      return new Promise((resolve) => {
        const check = () => cond() ? resolve() : void waiters.push(check);
        check();
      });
    },
  };
}

Deno.test("gate: a switch waits for requests in flight, holds new ones, refuses a second switch", async () => {
  const g = new Gate();
  const log: string[] = [];
  let release = () => {}, finish = () => {}, started = () => {};
  const switchStarted = new Promise<void>((r) => started = r);
  const slow = g.shared(() => new Promise<void>((r) => release = r).then(() => log.push("slow")));
  const ex = g.exclusive(async () => {
    log.push("switch");
    started();
    await new Promise<void>((r) => finish = r);
    log.push("switched");
  });
  const later = g.shared(() => Promise.resolve(log.push("later")));
  await assert.rejects(g.exclusive(async () => {}), (e: AppError) => e.status === 409);
  assert.deepEqual(log, []); // the switch waits for the slow request, the later one for both
  release();
  await switchStarted;
  assert.deepEqual(log, ["slow", "switch"]); // the later request still waits
  finish();
  await Promise.all([slow, ex, later]);
  assert.deepEqual(log, ["slow", "switch", "switched", "later"]);
  // a switch started from inside a request does not wait for that request itself
  assert.equal(await g.shared(() => g.exclusive(() => Promise.resolve(1))), 1);
  // requests that do not finish in time: 409, nothing runs
  let stuck = () => {};
  const held = g.shared(() => new Promise<void>((r) => stuck = r));
  let ran = false;
  await assert.rejects(
    g.exclusive(() => Promise.resolve(ran = true), 30),
    (e: AppError) => e.status === 409 && /tidak diganti/.test(e.message),
  );
  assert.equal(ran, false);
  stuck();
  await held;
});

Deno.test("store: the pointer decides which file opens; leftovers are cleaned, the lock is kept", async () => {
  const dir = await Deno.makeTempDir();
  const base = join(dir, "casemix.kv");
  let s = await Store.open(base);
  await s.kv.set(["who"], "base");
  s.close();
  const live = join(dir, `casemix-${ulid()}.kv`);
  const kv = await Deno.openKv(live);
  await kv.set(["who"], "live");
  kv.close();
  const stray = join(dir, `casemix-${ulid()}.kv`);
  await Deno.writeTextFile(stray, "half built");
  await Deno.writeTextFile(`${stray}-wal`, "x");
  await Deno.writeTextFile(`${pointerOf(base)}.tmp-1`, "{");
  await Deno.writeTextFile(join(dir, "notes.txt"), "keep");
  await writePointer(base, live);
  s = await Store.open(base);
  assert.equal((await s.kv.get(["who"])).value, "live");
  assert.equal(s.path, live);
  const names = [...Deno.readDirSync(dir)].map((e) => e.name).sort();
  assert.deepEqual(
    names.filter((n) => !n.startsWith(basename(live))),
    ["casemix.kv.current.json", "casemix.kv.lock", "notes.txt"],
  );
  s.close();
  // a pointer to a missing file is an error, not a silently empty database
  await Deno.remove(live);
  await assert.rejects(Store.open(base), /tidak ditemukan/);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("restore: readers during the switch see all old or all new data, never a mix", async () => {
  await using tmp = await tempDir();
  const dir = tmp.path;
  await using t = await setup({ dataDir: dir, file: true });
  const col = t.store.collection({ name: "province", unique: ["kode"], search: ["kode", "desc"] });
  const ids = Array.from({ length: 30 }, () => ulid());
  await col.writeMany(ids.map((_id, i) => ({ _id, kode: `K${i}`, desc: "LAMA" })));
  const old = (await t.post("/api/db-backup", { name: "lama" })).body.data;
  await col.writeMany(
    [...ids, ulid(), ulid()].map((_id, i) => ({ _id, kode: `K${i}`, desc: "BARU" })),
  );
  const fresh = (await t.post("/api/db-backup", { name: "baru" })).body.data;
  let stop = false, reads = 0;
  const seen = new Set<string>();
  const step = progress();
  const reader = (async () => {
    while (!stop) {
      const r = await t.json(`/api/province?${dtQuery(["kode", "desc"], { length: 100 })}`);
      assert.equal(r.status, 200);
      const descs = new Set(r.body.data.map((d: { desc: string }) => d.desc));
      assert.equal(descs.size, 1, `mixed answer: ${[...descs]}`);
      const state = [...descs][0] as string;
      assert.equal(r.body.data.length, state === "LAMA" ? 30 : 32);
      assert.equal(r.body.recordsTotal, r.body.data.length);
      seen.add(state);
      reads++;
      step.tick();
    }
  })();
  for (const b of [old, fresh, old, fresh]) {
    const r = await t.post(`/api/db-backup/restore/${b._id}`, {});
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const now = reads;
    await step.until(() => reads > now); // the reader has read the restored data
  }
  stop = true;
  await reader;
  assert.deepEqual([...seen].sort(), ["BARU", "LAMA"]);
});

Deno.test("restore: writes made while it runs land in the restored or the pre-restore data, none lost", async () => {
  await using tmp = await tempDir();
  const dir = tmp.path;
  await using t = await setup({ dataDir: dir, file: true });
  const kodes = async () =>
    (await t.json(`/api/province?${dtQuery(["kode"], { length: 1000 })}`)).body.data
      .map((d: { kode: string }) => d.kode);
  await t.post("/api/province/update", { kode: "0", desc: "awal" });
  const first = (await t.post("/api/db-backup", { name: "awal" })).body.data;
  const acked: string[] = [];
  let stop = false, restoring = false, during = 0;
  const step = progress();
  const writer = (async () => {
    for (let i = 1; !stop; i++) {
      if (restoring) during++;
      const r = await t.post("/api/province/update", { kode: String(i), desc: "tulis" });
      if (r.status === 200) acked.push(String(i));
      step.tick();
    }
  })();
  await step.until(() => acked.length >= 3);
  restoring = true;
  const r = await t.post(`/api/db-backup/restore/${first._id}`, {});
  restoring = false;
  assert.equal(r.status, 200);
  const then = acked.length;
  await step.until(() => acked.length >= then + 3);
  stop = true;
  await writer;
  assert.ok(during >= 1, "no write was sent while the restore ran");
  const after = new Set(await kodes());
  const before = (await backups(t.store).index()).rows().find((x) => x.value.auto === "restore")!;
  assert.equal((await t.post(`/api/db-backup/restore/${before.value._id}`, {})).status, 200);
  const saved = new Set(await kodes());
  assert.ok(acked.length > 2, `only ${acked.length} writes`);
  assert.deepEqual(acked.filter((k) => !after.has(k) && !saved.has(k)), []);
});

Deno.test("daily backup: once a day, only daily ones pruned beyond the retention count", async () => {
  await using tmp = await tempDir();
  const dir = tmp.path;
  await using t = await setup({ dataDir: dir });
  const bdir = join(dir, "backups");
  const day = (n: number) => new Date(Date.UTC(2030, 0, 1 + n, 1));
  assert.equal(await runDailyBackup(t.store, { dir: bdir, keep: 0 }, day(0)), null);
  assert.ok(await runDailyBackup(t.store, { dir: bdir, keep: 2 }, day(0)));
  assert.equal(
    await runDailyBackup(t.store, { dir: bdir, keep: 2 }, new Date(day(0).getTime() + 3600_000)),
    null,
  );
  await t.post("/api/db-backup", { name: "Manual" });
  for (const n of [1, 2, 3]) {
    assert.ok(await runDailyBackup(t.store, { dir: bdir, keep: 2 }, day(n)));
  }
  const docs = (await backups(t.store).index()).rows().map((r) => r.value);
  assert.deepEqual(
    docs.filter((d) => d.auto === "daily").map((d) => d.name).sort(),
    ["Harian 03-01-2030", "Harian 04-01-2030"],
  );
  assert.ok(docs.some((d) => d.name === "Manual"));
  assert.equal([...Deno.readDirSync(bdir)].length, 3);
});

Deno.test("restoreBackup and saveConnection move the outbox's undrained entries to the log first", async () => {
  await using tmp = await tempDir();
  await using t = await setup({ dataDir: tmp.path, file: true });
  const dir = backupDir(tmp.path);
  const made = await createBackup(t.store, dir, { name: "awal" });
  // a committed change whose entry was never appended: its intent waits in the outbox
  const pending = (kode: string) =>
    withOutbox(
      new OutboxScope(() => ({ username: "admin", role: "admin", ip: "-" })),
      () => t.store.collection({ name: "province" }).insert({ kode, nama: `Uji ${kode}` }),
    );
  const created = async (kode: string) =>
    (await entries(t, { entity: "province", action: "create" }))
      .filter((e) => (e.after as { kode?: string }).kode === kode).length;
  await pending("91");
  await restoreBackup(t.store, dir, made._id, { log: t.audit });
  assert.equal(await created("91"), 1);
  await using m = await setup();
  const one = await m.store.collection({ name: "province" }).insert({ kode: "0", nama: "x" });
  await withOutbox(
    new OutboxScope(() => ({ username: "admin", role: "admin", ip: "-" })),
    () =>
      m.store.collection({ name: "province" }).update(one.value._id, { kode: "92", nama: "Uji" }),
  );
  await saveConnection(m.store, m.config, { mode: "local" }, { log: m.audit });
  assert.equal((await entries(m, { entity: "province", action: "update" })).length, 1);
});
