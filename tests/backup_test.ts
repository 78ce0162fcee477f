import assert from "node:assert/strict";
import { basename, join } from "node:path";
import { encodeHeader, HEADER_BYTES, readHeader } from "../lib/backup/format.ts";
import { createHash } from "node:crypto";
import { backups } from "../lib/backup/backup.ts";
import { dtQuery, setup, tempDir } from "./helpers.ts";
import { addProvince, files, provinces } from "./backup_fixtures.ts";

const COLS = ["created", "name", "desc", "path", "size"];
type T = Awaited<ReturnType<typeof setup>>;

const list = async (t: T) =>
  (await t.json(`/api/db-backup?${dtQuery(COLS, { length: 100 })}`)).body;

Deno.test("db-backup: add, change data, restore brings it back; pre-restore backup; session kept; delete", async () => {
  await using tmp = await tempDir();
  const dir = tmp.path;
  await using t = await setup({ dataDir: dir, file: true });
  await addProvince(t, "11", "Aceh");
  await addProvince(t, "12", "Sumatera Utara");

  const add = await t.post("/api/db-backup", { name: "Awal", desc: "dua provinsi" });
  assert.equal(add.status, 200, JSON.stringify(add.body));
  assert.match(add.body.data.path, /^backup-\d{8}-\d{6}-WIB-[0-9A-Z]{26}\.kvbak$/);
  let l = await list(t);
  assert.equal(l.recordsTotal, 1);
  assert.deepEqual(
    [l.data[0].name, l.data[0].desc, l.data[0].path],
    ["Awal", "dua provinsi", add.body.data.path],
  );

  await addProvince(t, "13", "Sumatera Barat");
  const aceh = (await t.json(`/api/province?${dtQuery(["kode", "desc"])}`)).body.data[0];
  assert.equal((await t.req(`/api/province/delete/${aceh._id}`, { method: "DELETE" })).status, 200);
  assert.deepEqual(await provinces(t), ["12 Sumatera Utara", "13 Sumatera Barat"]);

  const restored = await t.post(`/api/db-backup/restore/${add.body.data._id}`, {});
  assert.equal(restored.status, 200, JSON.stringify(restored.body));
  assert.match(restored.body.message, /diganti dengan cadangan "Awal"/);
  // the same cookie still works: sessions are carried across the restore
  assert.deepEqual(await provinces(t), ["11 Aceh", "12 Sumatera Utara"]);
  // the live file is now a new one named by the pointer; the old one is gone
  assert.match(t.store.path, /casemix-[0-9A-Z]{26}\.kv$/);
  const live = basename(t.store.path);
  assert.deepEqual(
    (await files(dir)).filter((f) => f.includes(".kv")),
    [live, `${live}-shm`, `${live}-wal`, "casemix.kv.current.json", "casemix.kv.lock"].sort(),
  );
  // the list shows every file on disk: the backup and the automatic one made before the switch
  l = await list(t);
  assert.equal(l.recordsTotal, 2);
  const before = l.data.find((d: { auto: string }) => d.auto === "restore");
  assert.match(before.desc, /sebelum memulihkan "Awal"/);
  assert.equal((await files(join(dir, "backups"))).length, 2);

  // restoring the automatic backup returns the changed data
  assert.equal((await t.post(`/api/db-backup/restore/${before._id}`, {})).status, 200);
  assert.deepEqual(await provinces(t), ["12 Sumatera Utara", "13 Sumatera Barat"]);
  assert.equal((await list(t)).recordsTotal, 3);

  // delete removes the file and the entry
  const del = await t.json(`/api/db-backup/delete/${add.body.data._id}`, { method: "DELETE" });
  assert.equal(del.status, 200);
  assert.equal((await list(t)).recordsTotal, 2);
  assert.ok(!(await files(join(dir, "backups"))).includes(add.body.data.path));
});

Deno.test("db-backup: bad input gets 4xx with an Indonesian message and changes nothing", async () => {
  await using tmp = await tempDir();
  const dir = tmp.path;
  await using t = await setup({ dataDir: dir, file: true });
  await addProvince(t, "11", "Aceh");
  assert.deepEqual(await t.post("/api/db-backup", { name: " ", desc: "" }), {
    status: 400,
    body: {
      success: false,
      message: "Nama wajib diisi.",
      errors: ["Nama wajib diisi."],
      field: "name",
      fields: { name: "Nama wajib diisi." },
    },
  });
  for (const id of ["01HZZZZZZZZZZZZZZZZZZZZZZZ", "..%2F..%2Fetc", "x"]) {
    const r = await t.post(`/api/db-backup/restore/${id}`, {});
    assert.equal(r.status, 404);
    assert.equal(r.body.message, "Cadangan tidak ditemukan.");
    const d = await t.json(`/api/db-backup/delete/${id}`, { method: "DELETE" });
    assert.equal(d.status, 404);
  }
  // an entry pointing outside the backups folder is refused
  const evil = "01J0000000000000000000000E";
  await backups(t.store).writeMany([{
    _id: evil,
    name: "x",
    desc: "",
    path: "../casemix.kv",
    auto: "",
    created: "",
    size: 0,
    kind: "sqlite",
  }]);
  const r = await t.post(`/api/db-backup/restore/${evil}`, {});
  assert.deepEqual([r.status, r.body.message], [400, "Lokasi berkas cadangan tidak valid."]);
  assert.equal((await t.json(`/api/db-backup/delete/${evil}`, { method: "DELETE" })).status, 400);
  assert.ok(await Deno.stat(join(dir, "casemix.kv")));
});

Deno.test("db-backup: a tampered, truncated or foreign file is refused (422) and nothing changes", async () => {
  await using tmp = await tempDir();
  const dir = tmp.path;
  await using t = await setup({ dataDir: dir, file: true });
  await addProvince(t, "11", "Aceh");
  const made = (await t.post("/api/db-backup", { name: "Satu" })).body.data;
  await addProvince(t, "12", "Sumatera Utara");
  const file = join(dir, "backups", made.path);
  const good = await Deno.readFile(file);
  const attempt = async (bytes: Uint8Array, why: RegExp) => {
    await Deno.writeFile(file, bytes);
    const r = await t.post(`/api/db-backup/restore/${made._id}`, {});
    assert.equal(r.status, 422, JSON.stringify(r.body));
    assert.match(r.body.message, /^Berkas cadangan ditolak: /);
    assert.match(r.body.message, why);
    assert.match(r.body.message, /Basis data tidak diubah\.$/);
    assert.deepEqual(await provinces(t), ["11 Aceh", "12 Sumatera Utara"]);
    assert.equal(t.store.path, join(dir, "casemix.kv"));
    assert.deepEqual(
      (await files(dir)).filter((f) => f.startsWith("casemix")),
      ["casemix.kv", "casemix.kv-shm", "casemix.kv-wal", "casemix.kv.lock"],
    );
    assert.deepEqual(await files(join(dir, "backups")), [made.path]);
  };
  const flipped = good.slice();
  flipped[HEADER_BYTES + Math.floor((good.length - HEADER_BYTES) / 2)] ^= 0xff;
  await attempt(flipped, /checksum tidak cocok/);
  await attempt(good.slice(0, good.length - 100), /terpotong/);
  await attempt(good.slice(0, 100), /terpotong/);
  const v2 = good.slice();
  v2.set(new TextEncoder().encode('{"format":3'), "CASEMIX-KV-BACKUP\n".length);
  await attempt(v2, /format 3 tidak dikenal/);
  await attempt(new TextEncoder().encode("SQLite format 3\0".padEnd(8192, "x")), /bukan berkas/);
});

Deno.test("db-backup: a memory store is dumped logically (counters, sessions) and restored", async () => {
  await using tmp = await tempDir();
  const dir = tmp.path;
  await using t = await setup({ dataDir: dir });
  await addProvince(t, "11", "Aceh");
  const made = (await t.post("/api/db-backup", { name: "Logis" })).body.data;
  assert.equal(made.kind, "jsonl");
  await addProvince(t, "12", "Sumatera Utara");
  assert.equal((await t.post(`/api/db-backup/restore/${made._id}`, {})).status, 200);
  assert.deepEqual(await provinces(t), ["11 Aceh"]);
  // the write counter came back as a KvU64, so the unique index and new inserts still work
  const ver = await t.store.kv.get(["_meta", "ver", "province"]);
  assert.ok(ver.value instanceof Deno.KvU64);
  assert.equal((await addProvince(t, "11", "Ganda")).status, 409);
  assert.equal((await addProvince(t, "12", "Sumatera Utara")).status, 200);
});

Deno.test("db-backup: backups are gzip-compressed (format 2), 0600; a format 1 (plain) one restores", async () => {
  await using tmp = await tempDir();
  const dir = tmp.path;
  await using t = await setup({ dataDir: dir, file: true });
  await addProvince(t, "11", "Aceh");
  const made = (await t.post("/api/db-backup", { name: "Satu" })).body.data;
  const file = `${dir}/backups/${made.path}`;
  const header = await readHeader(file);
  assert.equal(header.format, 2);
  assert.equal(header.compression, "gzip");
  const bytes = await Deno.readFile(file);
  const raw = new Uint8Array(
    await new Response(
      new Blob([bytes.slice(HEADER_BYTES)]).stream().pipeThrough(new DecompressionStream("gzip")),
    ).arrayBuffer(),
  );
  console.log(
    `  backup of a small store: ${raw.length} bytes plain, ${bytes.length - HEADER_BYTES} gzip`,
  );
  assert.ok(bytes.length - HEADER_BYTES < raw.length / 3);
  if (Deno.build.os !== "windows") {
    assert.equal((await Deno.stat(file)).mode! & 0o777, 0o600);
    assert.equal((await Deno.stat(`${dir}/backups`)).mode! & 0o777, 0o700);
    assert.equal((await Deno.stat(`${dir}/casemix.kv`)).mode! & 0o777, 0o600);
    assert.equal((await Deno.stat(dir)).mode! & 0o777, 0o700);
  }
  // the same backup as version 1 wrote it: no compression, size and checksum of the plain copy
  const { compression: _, ...rest } = header;
  const v1 = {
    ...rest,
    format: 1 as const,
    size: raw.length,
    sha256: createHash("sha256").update(raw).digest("hex"),
  };
  await Deno.writeFile(file, new Uint8Array([...encodeHeader(v1), ...raw]));
  await addProvince(t, "12", "Sumatera Utara");
  const r = await t.post(`/api/db-backup/restore/${made._id}`, {});
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(await provinces(t), ["11 Aceh"]);
});
