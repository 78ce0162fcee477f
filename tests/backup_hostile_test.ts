/**
 * Uploaded backups that are not what the app's own backups are, sent over real HTTP: SQL objects
 * planted in the SQLite copy (a trigger, a view, another table, `kv` as a view), a payload that
 * unpacks far past its size (a compression bomb), and a backup whose id is already listed.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { decodeHeader, HEADER_BYTES } from "../lib/backup/format.ts";
import { newId } from "../lib/db/ids.ts";
import { adoptRows } from "../lib/backup/adopt.ts";
import { writeXlsx } from "../lib/resource/spreadsheet.ts";
import { collectionOf } from "../lib/resource/resource.ts";
import { registry } from "../resources/mod.ts";
import { setup, tempDir } from "./helpers.ts";
import { backupFile, files, gunzip, gzip, tampered } from "./backup_fixtures.ts";

type T = Awaited<ReturnType<typeof setup>>;

/** The app served on a loopback port (real sockets), closed with the test. */
function served(t: T) {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, t.app.fetch);
  const base = `http://127.0.0.1:${server.addr.port}`;
  return {
    /** Sends a backup file as the upload's body, as the backup screen does. */
    async upload(body: Uint8Array) {
      const res = await fetch(`${base}/api/db-backup/upload`, {
        method: "POST",
        body: body as BodyInit,
        headers: {
          cookie: t.cookie,
          "content-type": "application/octet-stream",
          "x-file-name": "kiriman.kvbak",
        },
      });
      return { status: res.status, body: await res.json() };
    },
    async json(path: string) {
      const res = await fetch(`${base}${path}`, { headers: { cookie: t.cookie } });
      return { status: res.status, body: await res.json() };
    },
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
}

/** 40 patients, the first state of every test. */
async function patients(t: T) {
  await collectionOf(t.store, registry.get("pasien")!).writeMany(
    Array.from({ length: 40 }, (_, i) => ({
      _id: newId(),
      erm: String(i + 1).padStart(4, "0"),
      first_name: `Pasien ${i + 1}`,
      fullname: `Pasien ${i + 1}`,
      gender: "L",
    })),
  );
}

const countPatients = async (s: ReturnType<typeof served>) =>
  (await s.json("/api/pasien?length=1")).body.recordsTotal;

Deno.test("db-backup upload: planted triggers, views or tables are refused (422 'bukan cadangan aplikasi'), nothing replaced", async () => {
  await using tmp = await tempDir();
  const dir = tmp.path;
  await using t = await setup({ dataDir: dir, file: true });
  await using s = served(t);
  await patients(t);
  const made = (await t.post("/api/db-backup", { name: "Asli" })).body.data;
  const good = await Deno.readFile(join(dir, "backups", made.path));
  const listedBefore = (await s.json("/api/db-backup?length=100")).body.recordsTotal;
  const planted: [string, string][] = [
    ["trigger", "CREATE TRIGGER hapus AFTER INSERT ON kv BEGIN DELETE FROM kv; END;"],
    ["view", "CREATE VIEW semua AS SELECT k FROM kv;"],
    ["table", "CREATE TABLE lain (x);"],
    ["index", "CREATE INDEX kv_versi ON kv (version);"],
    ["kv view", "ALTER TABLE kv RENAME TO kv_asli; CREATE VIEW kv AS SELECT * FROM kv_asli;"],
  ];
  const said: Record<string, string> = {};
  for (const [what, sql] of planted) {
    const r = await s.upload(await tampered(good, sql, dir));
    assert.equal(r.status, 422, `${what}: ${JSON.stringify(r.body)}`);
    assert.match(
      r.body.message,
      /^Berkas cadangan ditolak: isi berkas bukan cadangan aplikasi \(.+\)\. Basis data tidak diubah\.$/,
      what,
    );
    said[what] = r.body.message;
    // nothing replaced: the same live file and data, no backup kept or made, no file left
    assert.equal(await countPatients(s), 40, what);
    assert.equal(t.store.path, join(dir, "casemix.kv"), what);
    assert.deepEqual(await files(join(dir, "backups")), [made.path], what);
    assert.deepEqual(
      (await files(dir)).filter((f) => f.startsWith("casemix")),
      ["casemix.kv", "casemix.kv-shm", "casemix.kv-wal", "casemix.kv.lock"],
      what,
    );
    assert.equal((await s.json("/api/db-backup?length=100")).body.recordsTotal, listedBefore);
  }
  assert.match(said.trigger, /trigger hapus/);
  assert.match(said.view, /view semua/);
  assert.match(said.table, /tabel lain/);
  assert.match(said.index, /indeks kv_versi/);
  assert.match(said["kv view"], /view kv/);
  assert.equal((await t.audit.list({ action: "restore" }, 0, 10)).rows.length, 0);

  // the app's own backup still restores, into a file holding only what a fresh store holds
  await t.upload("/api/pasien/import", "p.xlsx", writeXlsx([["erm", "first_name"], ["0041", "X"]]));
  const r = await s.upload(good);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(await countPatients(s), 40);
  const db = new DatabaseSync(t.store.path, { readOnly: true });
  const objects = db.prepare("SELECT type, name FROM sqlite_master ORDER BY name").all()
    .map((o) => `${o.type} ${o.name}`);
  db.close();
  assert.deepEqual(objects, [
    "table data_version",
    "table kv",
    "index kv_expiration_ms_idx",
    "table migration_state",
    "table queue",
    "table queue_running",
    "index sqlite_autoindex_queue_1",
    "index sqlite_autoindex_queue_running_1",
  ]);
});

Deno.test("db-backup upload: a payload unpacking far past its size is refused while it unpacks; no file left", async () => {
  await using tmp = await tempDir();
  const dir = tmp.path;
  await using t = await setup({ dataDir: dir, file: true });
  await using s = served(t);
  await patients(t);
  const made = (await t.post("/api/db-backup", { name: "Asli" })).body.data;
  const header = decodeHeader((await Deno.readFile(join(dir, "backups", made.path))).subarray(
    0,
    HEADER_BYTES,
  ));
  // 32 MiB of zeros (twice the cap): about 32 KB gzipped
  const zeros = new ReadableStream<Uint8Array>({
    pull(ctl) {
      if ((this as { n?: number }).n === undefined) (this as { n?: number }).n = 0;
      if ((this as { n: number }).n++ >= 32) return ctl.close();
      ctl.enqueue(new Uint8Array(1 << 20));
    },
  });
  const bomb = new Uint8Array(
    await new Response(
      zeros.pipeThrough(
        new CompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>,
      ),
    ).arrayBuffer(),
  );
  assert.ok(bomb.length < 1 << 20, `${bomb.length} bytes`);
  // the largest file the restore writes meanwhile (anything that is not a listed backup)
  let largest = 0;
  let sending = true;
  const watch = (async () => {
    while (sending) {
      for (const folder of [dir, join(dir, "backups")]) {
        for await (const e of Deno.readDir(folder)) {
          if (!e.isFile || e.name === made.path || e.name.startsWith("casemix.kv")) continue;
          const size = await Deno.stat(join(folder, e.name)).then((st) => st.size, () => 0);
          largest = Math.max(largest, size);
        }
      }
      await new Promise((r) => setTimeout(r, 2));
    }
  })();
  const r = await s.upload(backupFile({ ...header, id: newId(), name: "Bom" }, bomb))
    .finally(() => sending = false);
  await watch;
  assert.equal(r.status, 422, JSON.stringify(r.body));
  assert.match(
    r.body.message,
    /^Berkas cadangan ditolak: isi terkompresi mengembang lebih dari 50 kali saat dibuka \(berhenti di 16 MB dari [\d.,]+ KB\), ciri bom kompresi\. Basis data tidak diubah\.$/,
  );
  console.log(`  bomb of ${bomb.length} bytes: largest file written meanwhile ${largest} bytes`);
  assert.ok(largest <= 17 * 2 ** 20, `${largest} bytes written`);
  assert.equal(await countPatients(s), 40);
  assert.deepEqual(await files(join(dir, "backups")), [made.path]);
  assert.deepEqual(
    (await files(dir)).filter((f) => f.startsWith("casemix")),
    ["casemix.kv", "casemix.kv-shm", "casemix.kv-wal", "casemix.kv.lock"],
  );
});

Deno.test("db-backup upload: a file reusing a listed backup's id gets its own id, is kept, and the audit names it", async () => {
  await using tmp = await tempDir();
  const dir = tmp.path;
  await using t = await setup({ dataDir: dir, file: true });
  await using s = served(t);
  await patients(t);
  const made = (await t.post("/api/db-backup", { name: "Asli", desc: "40 pasien" })).body.data;
  const good = await Deno.readFile(join(dir, "backups", made.path));
  // another file under the listed backup's id: the same backup with a patient fewer
  const kv = join(dir, "lain.kv");
  await Deno.writeFile(kv, await gunzip(good.subarray(HEADER_BYTES)));
  const copy = await Deno.openKv(kv);
  const one = (await Array.fromAsync(copy.list({ prefix: ["pasien"] })))
    .find((e) => e.key.length === 2)!;
  await copy.delete(one.key);
  copy.close();
  const db = new DatabaseSync(kv);
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  db.close();
  const raw = await Deno.readFile(kv);
  for (const f of ["", "-wal", "-shm"]) await Deno.remove(kv + f).catch(() => {});
  const header = decodeHeader(good.subarray(0, HEADER_BYTES));
  const sameId = backupFile(header, await gzip(raw));

  const r = await s.upload(sameId);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const [entry] = (await t.audit.list({ action: "restore" }, 0, 10)).rows;
  const after = entry.after as {
    restored: { _id: string; path: string; desc: string; auto: string };
    upload: { fileName: string; bytes: number; id: string };
  };
  // its own id, named in the audit, with the id the file carried beside it
  assert.notEqual(entry.entityId, made._id);
  assert.equal(entry.entityId, after.restored._id);
  assert.deepEqual(after.upload, { fileName: "kiriman.kvbak", bytes: sameId.length, id: made._id });
  assert.equal(after.restored.auto, "");
  assert.equal(
    after.restored.desc,
    `Diunggah dari berkas "kiriman.kvbak" (cadangan asal ${made._id}): 40 pasien`,
  );
  // kept as a backup: the uploaded content under its own id, beside the listed one, untouched
  const kept = join(dir, "backups", after.restored.path);
  assert.match(after.restored.path, new RegExp(`-${entry.entityId}\\.kvbak$`));
  const keptBytes = await Deno.readFile(kept);
  assert.equal(decodeHeader(keptBytes.subarray(0, HEADER_BYTES)).id, entry.entityId);
  assert.deepEqual(keptBytes.subarray(HEADER_BYTES), sameId.subarray(HEADER_BYTES));
  assert.deepEqual(await Deno.readFile(join(dir, "backups", made.path)), good);
  assert.equal(await countPatients(s), 39);
  const list = (await s.json("/api/db-backup?length=100")).body.data as { _id: string }[];
  assert.ok(list.some((d) => d._id === made._id));
  assert.ok(list.some((d) => d._id === entry.entityId));
  // the listed backup still holds what it held, the kept upload what was sent
  assert.equal((await t.post(`/api/db-backup/restore/${made._id}`, {})).status, 200);
  assert.equal(await countPatients(s), 40);
  assert.equal((await t.post(`/api/db-backup/restore/${entry.entityId}`, {})).status, 200);
  assert.equal(await countPatients(s), 39);
});

Deno.test("adoptRows: with ATTACH or row by row (narrowed permissions), a fresh file gets exactly the backup's rows", async () => {
  await using tmp = await tempDir();
  const dir = tmp.path;
  await using t = await setup({ dataDir: dir, file: true });
  await patients(t);
  await t.store.kv.set(["uji", "besar"], 2n ** 62n); // a bigint past 2^53, kept exact
  const made = (await t.post("/api/db-backup", { name: "Asli" })).body.data;
  const payload = join(dir, "payload.sqlite");
  const file = await Deno.readFile(join(dir, "backups", made.path));
  await Deno.writeFile(payload, await gunzip(file.subarray(HEADER_BYTES)));
  /** Every row of every table but the migration state, in key order, as text. */
  const rows = (path: string) => {
    const db = new DatabaseSync(path, { readOnly: true });
    const out = ["kv", "data_version", "queue", "queue_running"].map((table) => {
      const read = db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`);
      read.setReadBigInts(true);
      return JSON.stringify(read.all(), (_, v) => typeof v === "bigint" ? `${v}n` : v);
    });
    db.close();
    return out;
  };
  const want = rows(payload);
  assert.ok(want[0].length > 10_000, "the backup holds the patients");
  for (const attach of [true, false]) {
    const into = join(dir, `baru-${attach}.kv`);
    (await Deno.openKv(into)).close();
    adoptRows(payload, into, { attach });
    assert.deepEqual(rows(into), want, `attach: ${attach}`);
    const kv = await Deno.openKv(into);
    assert.equal((await kv.get(["uji", "besar"])).value, 2n ** 62n);
    kv.close();
  }
});
