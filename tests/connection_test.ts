import assert from "node:assert/strict";
import { join } from "node:path";
import { users } from "../lib/auth/auth.ts";
import { locationOf, openConfiguredStore, readConnection } from "../lib/db/configured.ts";
import { loadConfig } from "../lib/config.ts";
import { Store } from "../lib/db/store.ts";
import { ADMIN_PASSWORD, dtQuery, setup, tempDir } from "./helpers.ts";

const exists = (p: string) => Deno.stat(p).then(() => true, () => false);

Deno.test("koneksi: empty address, missing token or a bad address is refused before any test", async () => {
  await using tmp = await tempDir();
  const dir = tmp.path;
  await using t = await setup({ dataDir: dir });
  assert.deepEqual(await t.post("/connection/save-ip", { password: ADMIN_PASSWORD, ip: "" }), {
    status: 400,
    body: { success: false, message: "Mohon masukkan alamat IP Server" },
  });
  assert.deepEqual(
    await t.post("/connection/save-ip", {
      password: ADMIN_PASSWORD,
      mode: "remote",
      ip: "  ",
      token: "x",
    }),
    {
      status: 400,
      body: { success: false, message: "Mohon masukkan alamat IP Server" },
    },
  );
  const noToken = await t.post("/connection/save-ip", { password: ADMIN_PASSWORD, ip: "10.0.0.5" });
  assert.equal(noToken.body.message, "Token akses KV Connect wajib diisi.");
  const bad = await t.post("/connection/save-ip", {
    password: ADMIN_PASSWORD,
    ip: "http://[zz",
    token: "x",
  });
  assert.match(bad.body.message, /^Alamat server tidak valid/);
  assert.equal(await exists(join(dir, "connection.json")), false);
});

Deno.test(
  "koneksi: a KV address that refuses or does not answer gives 400 quickly; nothing changes",
  {
    sanitizeOps: false, // Deno keeps waiting on the silent server in the background (30 s)
    sanitizeResources: false,
  },
  async () => {
    await using tmp = await tempDir();
    const dir = tmp.path;
    await using t = await setup({ dataDir: dir, connectTimeoutMs: 400 });
    const before = t.store.kv;
    let t0 = performance.now();
    const refused = await t.post("/connection/save-ip", {
      password: ADMIN_PASSWORD,
      ip: "127.0.0.1:1",
      token: "rahasia",
    });
    assert.equal(refused.status, 400);
    assert.match(
      refused.body.message,
      /^Koneksi ke http:\/\/127\.0\.0\.1:1 gagal: .*Pengaturan tidak diubah\.$/,
    );
    assert.ok(performance.now() - t0 < 2000);

    const silent = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const held: Deno.Conn[] = [];
    (async () => {
      for await (const c of silent) held.push(c); // accepts, never answers
    })();
    t0 = performance.now();
    const r = await t.post("/connection/save-ip", {
      password: ADMIN_PASSWORD,
      ip: `127.0.0.1:${silent.addr.port}`,
      token: "rahasia",
    });
    assert.equal(r.status, 400);
    assert.match(r.body.message, /tidak menjawab dalam 0\.4 detik\. Pengaturan tidak diubah\.$/);
    assert.ok(performance.now() - t0 < 2000);
    assert.equal(t.store.kv, before);
    assert.equal(t.store.kind, "memory");
    assert.equal(await exists(join(dir, "connection.json")), false);
    assert.equal(Deno.env.get("DENO_KV_ACCESS_TOKEN"), undefined);
    assert.equal((await t.req("/api/province")).status, 200);
    silent.close();
    for (const c of held) c.close();
  },
);

Deno.test("koneksi: switching to the local file tests it, saves the choice and moves the running app", async () => {
  await using tmp = await tempDir();
  const dir = tmp.path;
  await using t = await setup({ dataDir: dir });
  // the local file already holds data and the same account (e.g. set up earlier)
  const local = await Store.open(join(dir, "casemix.kv"));
  const me = (await users(t.store).find(t.admin._id))!.value;
  await users(local).writeMany([me]);
  await local.collection({ name: "province", unique: ["kode"] }).writeMany([
    { _id: "01J00000000000000000000011", kode: "11", desc: "Aceh (berkas)" },
  ]);
  local.close();
  await t.post("/api/province/update", { kode: "31", desc: "DKI (memori)" });

  const r = await t.post("/connection/save-ip", { password: ADMIN_PASSWORD, mode: "local" });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.success, true);
  assert.match(r.body.message, /sekarang memakai .*casemix\.kv/);
  assert.equal(t.store.kind, "file");
  // same cookie, no restart: the session came along, the data is the file's
  const list = await t.json(`/api/province?${dtQuery(["kode", "desc"])}`);
  assert.deepEqual(list.body.data.map((d: { desc: string }) => d.desc), ["Aceh (berkas)"]);
  assert.deepEqual(JSON.parse(await Deno.readTextFile(join(dir, "connection.json"))), {
    mode: "local",
  });
  // saving the same choice again only re-tests it
  assert.equal(
    (await t.post("/connection/save-ip", { password: ADMIN_PASSWORD, mode: "local" })).status,
    200,
  );
  // a restart opens what was saved, even though DB_PATH says :memory:
  const saved = await readConnection(dir);
  assert.equal(locationOf({ ...t.config, dbPath: ":memory:" }, saved), join(dir, "casemix.kv"));
});

Deno.test("koneksi: the page shows the current store and the form", async () => {
  await using tmp = await tempDir();
  const dir = tmp.path;
  await using t = await setup({ dataDir: dir });
  const html = await (await t.req("/koneksi")).text();
  assert.match(html, /Koneksi Database/);
  assert.match(html, /Alamat IP Server/);
  assert.match(html, /href="\/koneksi"[^>]*>Koneksi Database/);
  assert.match(html, /href="\/db-backup"[^>]*>Backup Database/);
});

Deno.test("koneksi: the start opens a saved KV Connect store with its token, leaving no token in the environment", async () => {
  await using tmp = await tempDir();
  const conn = { mode: "remote", url: "http://127.0.0.1:1", token: "rahasia-start" };
  await Deno.writeTextFile(join(tmp.path, "connection.json"), JSON.stringify(conn));
  const config = { ...loadConfig({ get: () => undefined }), dataDir: tmp.path };
  // the token reached the open (refused by the address, not for a missing token)
  await assert.rejects(openConfiguredStore(config), /failed to connect/);
  assert.equal(Deno.env.get("DENO_KV_ACCESS_TOKEN"), undefined);
});
