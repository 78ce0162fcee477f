/**
 * A backup taken off the machine (download: admin only, audited, streamed from its file) and one
 * sent back to restore from (upload: the restore's checks, a size limit, nothing changed when
 * refused).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { HEADER_BYTES } from "../lib/backup/format.ts";
import { setup, tempDir } from "./helpers.ts";
import { addProvince, files, provinces } from "./backup_fixtures.ts";

type T = Awaited<ReturnType<typeof setup>>;

/** Sends `body` as an uploaded backup file (the request body itself, as the screen does). */
const upload = async (t: T, body: BodyInit, headers: Record<string, string> = {}) => {
  const res = await t.req("/api/db-backup/upload", {
    method: "POST",
    body,
    headers: {
      "content-type": "application/octet-stream",
      "x-file-name": "unduhan.kvbak",
      ...headers,
    },
  });
  return { status: res.status, body: await res.json() };
};
/** A body sent in pieces, without a length (as a chunked upload). */
const chunked = (bytes: Uint8Array, piece = 4096) =>
  new ReadableStream<Uint8Array>({
    start(ctl) {
      for (let i = 0; i < bytes.length; i += piece) ctl.enqueue(bytes.slice(i, i + piece));
      ctl.close();
    },
  });
/** Text no gzip can shrink much, so a backup holding it is several hundred KB. */
const noise = (n: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => (b % 36).toString(36)).join("");

Deno.test("db-backup download: the admin gets the file as on disk, streamed, audited; others 403", async () => {
  await using tmp = await tempDir();
  await using t = await setup({ dataDir: tmp.path, file: true });
  for (let i = 0; i < 8; i++) await t.store.kv.set(["uji_derau", i], noise(50_000));
  const made = (await t.post("/api/db-backup", { name: "Bulanan" })).body.data;
  const onDisk = await Deno.readFile(join(tmp.path, "backups", made.path));
  assert.ok(onDisk.length > 200_000, `${onDisk.length} bytes`);

  const res = await t.req(`/api/db-backup/download/${made._id}`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "application/octet-stream");
  assert.equal(res.headers.get("content-disposition"), `attachment; filename="${made.path}"`);
  assert.equal(res.headers.get("content-length"), String(onDisk.length));
  // streamed from the file: the body comes in many pieces, not as one buffer
  let pieces = 0;
  const got: Uint8Array[] = [];
  for await (const p of res.body!) got.push(p), pieces++;
  assert.ok(pieces > 2, `${pieces} pieces`);
  assert.deepEqual(new Uint8Array(await new Blob(got as BlobPart[]).arrayBuffer()), onDisk);

  const log = (await t.audit.list({ action: "download" }, 0, 10)).rows;
  assert.deepEqual(
    log.map((e) => [e.username, e.entity, e.entityId, (e.after as { path: string }).path]),
    [["admin", "db-backup", made._id, made.path]],
  );

  for (const role of ["casemix", "viewer"] as const) {
    const r = await (await t.as(role)).req(`/api/db-backup/download/${made._id}`);
    assert.equal(r.status, 403, role);
    assert.equal((await r.json()).message, "Anda tidak memiliki akses untuk tindakan ini.");
  }
  assert.equal((await t.audit.list({ action: "download" }, 0, 10)).rows.length, 1);
  assert.equal((await t.req("/api/db-backup/download/01HZZZZZZZZZZZZZZZZZZZZZZZ")).status, 404);
});

Deno.test("db-backup upload: the downloaded file restores the data; kept under its own id; audited", async () => {
  await using tmp = await tempDir();
  await using t = await setup({ dataDir: tmp.path, file: true });
  await addProvince(t, "11", "Aceh");
  const made = (await t.post("/api/db-backup", { name: "Awal" })).body.data;
  const file = new Uint8Array(
    await (await t.req(`/api/db-backup/download/${made._id}`)).arrayBuffer(),
  );
  await addProvince(t, "12", "Sumatera Utara");

  const r = await upload(t, file);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.match(
    r.body.message,
    /^Basis data diganti dengan cadangan "Awal" \(dibuat \d\d-\d\d-\d{4} \d\d:\d\d\)\./,
  );
  assert.deepEqual(await provinces(t), ["11 Aceh"]); // the session was carried over
  // the upload is a backup of its own beside the one it came from (and the automatic one)
  const names = await files(join(tmp.path, "backups"));
  assert.equal(names.length, 3);
  assert.ok(names.includes(made.path));
  const [entry] = (await t.audit.list({ action: "restore" }, 0, 10)).rows;
  const after = entry.after as { restored: { _id: string; path: string }; upload: unknown };
  assert.notEqual(after.restored._id, made._id);
  assert.equal(entry.entityId, after.restored._id);
  assert.ok(names.includes(after.restored.path));
  assert.deepEqual(after.upload, { fileName: "unduhan.kvbak", bytes: file.length, id: made._id });

  // on another server (another data folder), the file is kept in its backups and listed
  await using tmp2 = await tempDir();
  await using other = await setup({ dataDir: tmp2.path, file: true });
  await addProvince(other, "31", "DKI Jakarta");
  const r2 = await upload(other, chunked(file));
  assert.equal(r2.status, 200, JSON.stringify(r2.body));
  const [got] = (await other.audit.list({ action: "restore" }, 0, 10)).rows;
  const keptPath = (got.after as { restored: { path: string } }).restored.path;
  const kept = await files(join(tmp2.path, "backups"));
  assert.ok(kept.includes(keptPath), kept.join());
  // the same payload, under a header naming its own id
  const keptFile = new Uint8Array(await Deno.readFile(join(tmp2.path, "backups", keptPath)));
  assert.deepEqual(keptFile.subarray(HEADER_BYTES), file.subarray(HEADER_BYTES));
  const listed = await other.store.kv.get<{ name: string }>(["db_backup", got.entityId!]);
  assert.equal(listed.value?.name, "Awal");
  // its data is the backup's (its own session ended: the backup has other accounts)
  const descs: string[] = [];
  for await (const e of other.store.kv.list<{ desc: string }>({ prefix: ["province"] })) {
    if (e.key.length === 2) descs.push(e.value.desc);
  }
  assert.deepEqual(descs, ["Aceh"]);
});

Deno.test("db-backup upload: a non-backup, damaged, oversized or empty file is refused (4xx), nothing changes", async () => {
  await using tmp = await tempDir();
  const dir = tmp.path;
  await using t = await setup({
    dataDir: dir,
    file: true,
    config: { backupUploadBytes: 64 * 1024 },
  });
  await addProvince(t, "11", "Aceh");
  const made = (await t.post("/api/db-backup", { name: "Satu" })).body.data;
  const good = await Deno.readFile(join(dir, "backups", made.path));
  assert.ok(good.length < 64 * 1024);
  await addProvince(t, "12", "Sumatera Utara");
  const refused = async (body: BodyInit, status: number, message: RegExp) => {
    const r = await upload(t, body);
    assert.equal(r.status, status, JSON.stringify(r.body));
    assert.equal(r.body.success, false);
    assert.match(r.body.message, message);
    assert.deepEqual(await provinces(t), ["11 Aceh", "12 Sumatera Utara"]);
    assert.equal(t.store.path, join(dir, "casemix.kv"));
    assert.deepEqual(await files(join(dir, "backups")), [made.path]); // no temp file left
    assert.deepEqual(
      (await files(dir)).filter((f) => f.startsWith("casemix")),
      ["casemix.kv", "casemix.kv-shm", "casemix.kv-wal", "casemix.kv.lock"],
    );
  };
  const ditolak = (why: string) =>
    new RegExp(`^Berkas cadangan ditolak: ${why}.* Basis data tidak diubah\\.$`);
  // not a backup of this app: a spreadsheet, a bare SQLite file, text
  const zip = new Uint8Array(8192).fill(0x41);
  zip.set([0x50, 0x4b, 0x03, 0x04]);
  await refused(zip, 422, ditolak("bukan berkas cadangan Casemix RS"));
  await refused(
    new TextEncoder().encode("SQLite format 3\0".padEnd(8192, "x")),
    422,
    ditolak("bukan"),
  );
  await refused(chunked(new TextEncoder().encode("halo ".repeat(2000))), 422, ditolak("bukan"));
  // damaged: a flipped byte, cut short, a byte added
  const flipped = good.slice();
  flipped[HEADER_BYTES + 100] ^= 0xff;
  await refused(flipped, 422, ditolak("checksum tidak cocok"));
  await refused(good.slice(0, good.length - 10), 422, ditolak("ukuran berkas tidak cocok"));
  await refused(good.slice(0, 1000), 422, ditolak("berkas terpotong"));
  await refused(new Uint8Array([...good, 0]), 422, ditolak("ukuran berkas tidak cocok"));
  // too large: said by its length, or found while it streams in
  const big = new Uint8Array(64 * 1024 + 1);
  big.set(good);
  const tooLarge =
    /^Berkas cadangan terlalu besar \(paling besar 64 KB\)\. Basis data tidak diubah\.$/;
  await refused(big, 413, tooLarge);
  await refused(chunked(big), 413, tooLarge);
  await refused(new Uint8Array(0), 400, /^Pilih berkas cadangan \(\.kvbak\)/);
  // nothing was restored, so nothing was logged as one
  assert.equal((await t.audit.list({ action: "restore" }, 0, 10)).rows.length, 0);
});
