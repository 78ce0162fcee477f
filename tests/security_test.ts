import assert from "node:assert/strict";
import { ensureAdmin, users } from "../lib/auth/auth.ts";
import { FORBIDDEN } from "../lib/auth/roles.ts";
import { Store } from "../lib/db/store.ts";
import { auditFold } from "../lib/http/folded.ts";
import { ADMIN_PASSWORD, setup } from "./helpers.ts";

type T = Awaited<ReturnType<typeof setup>>;

const login = (t: T, username: string, password: string, headers: Record<string, string> = {}) =>
  t.app.request("/auth/login", {
    method: "POST",
    headers,
    body: new URLSearchParams({ hospitalCode: "RS01", username, password }),
  });

const actions = async (t: T, f: Record<string, string> = {}) =>
  (await t.audit.list(f, 0, 1000)).rows.map((r) => r.action);

Deno.test("takeover refused and audited: casemix cannot set admin's password, restore, delete backups or move the database", async () => {
  const dir = await Deno.makeTempDir();
  await using t = await setup({ dataDir: dir });
  const backup = await t.post("/api/db-backup", { name: "Awal" });
  assert.equal(backup.status, 200);
  const clerk = await t.as("casemix", "petugas");
  const attempts = [
    clerk.post("/api/user/update", {
      id: t.admin._id,
      fullname: "x",
      email: "admin@rs.test",
      username: "admin",
      password: "diambil-alih-123",
    }),
    clerk.post(`/api/db-backup/restore/${backup.body.data._id}`, {}),
    clerk.json(`/api/db-backup/delete/${backup.body.data._id}`, { method: "DELETE" }),
    clerk.post("/connection/save-ip", {
      ip: "http://127.0.0.1:9",
      token: "x",
      password: ADMIN_PASSWORD,
    }),
    clerk.post("/api/user/update", {
      fullname: "Baru",
      email: "baru@rs.test",
      username: "baru",
      password: "pengguna-baru-123",
    }),
  ];
  for (const r of await Promise.all(attempts)) {
    assert.deepEqual(r, { status: 403, body: { success: false, message: FORBIDDEN } });
  }
  // nothing changed: admin's password works, the backup is still there, one more user only
  assert.equal((await login(t, "admin", ADMIN_PASSWORD)).status, 200);
  assert.equal((await t.json("/api/db-backup")).body.recordsTotal, 1);
  assert.equal((await t.json("/api/user")).body.recordsTotal, 2);
  assert.equal(t.store.kind, "memory");
  // and every attempt is in the trail under the clerk's name
  const refused = (await t.audit.list({ username: "petugas", action: "forbidden" }, 0, 100)).rows;
  assert.deepEqual(refused.map((r) => r.entityId).sort(), [
    "DELETE /api/db-backup/delete/:id",
    "POST /api/db-backup/restore/:id",
    "POST /api/user/update",
    "POST /api/user/update",
    "POST /connection/save-ip",
  ]);
  assert.ok(refused.every((r) => r.role === "casemix"));
  await Deno.remove(dir, { recursive: true });
});

Deno.test("viewer reads every list and export but writes nothing", async () => {
  await using t = await setup();
  const viewer = await t.as("viewer");
  for (const path of ["/api/province", "/api/ipd", "/api/ipd/export-ipd-data", "/ipd", "/"]) {
    assert.equal((await viewer.req(path)).status, 200, path);
  }
  const r = await viewer.post("/api/province/update", { kode: "11", desc: "Aceh" });
  assert.equal(r.status, 403);
  assert.equal((await t.json("/api/province")).body.recordsTotal, 0);
  assert.equal((await viewer.req("/api/user")).status, 403);
  assert.equal((await viewer.req("/pengguna")).status, 403);
});

Deno.test("brute force meets the lockout; it never tells whether the username exists; admin unlocks", async () => {
  await using t = await setup();
  const clerk = await t.as("casemix", "petugas");
  for (const name of ["petugas", "tidak-ada"]) {
    for (let i = 0; i < 5; i++) {
      const r = await login(t, name, `salah-${i}`);
      assert.equal(r.status, 401, `${name} ${i}`);
      assert.equal((await r.json()).message, "Username atau password salah.");
    }
    const r = await login(t, name, "salah-lagi");
    assert.equal(r.status, 429);
    assert.equal(
      (await r.json()).message,
      "Terlalu banyak percobaan login. Coba lagi dalam 15 menit.",
    );
  }
  // the right password is refused too while locked
  assert.equal((await login(t, "petugas", ADMIN_PASSWORD)).status, 429);
  // another account is not affected
  assert.equal((await login(t, "admin", ADMIN_PASSWORD)).status, 200);
  // failures and refusals of one username are folded into entries of a minute with a count
  await auditFold.flush();
  const counts: Record<string, number> = {};
  for (const r of (await t.audit.list({ username: "petugas" }, 0, 100)).rows) {
    const after = r.after as { username: string; count?: number };
    assert.equal(after.username, "petugas");
    counts[r.action] = (counts[r.action] ?? 0) + (after.count ?? 1);
  }
  assert.deepEqual(counts, { lockout: 1, login_failed: 5, login_locked: 2 });
  // the admin unlocks; the clerk can log in again
  assert.equal((await clerk.post(`/api/user/unlock/${clerk.id}`, {})).status, 403);
  const u = await t.post(`/api/user/unlock/${clerk.id}`, {});
  assert.equal(u.status, 200, JSON.stringify(u.body));
  assert.equal((await login(t, "petugas", ADMIN_PASSWORD)).status, 200);
});

Deno.test("one client address gets at most 20 failures at unknown usernames in 15 minutes (behind a trusted proxy)", async () => {
  await using t = await setup({ config: { trustProxy: 1 } });
  // the proxy appends the address it saw; what the client wrote before it is not read
  const from = (ip: string) => ({ "x-forwarded-for": `203.0.113.50, ${ip}` });
  for (let i = 0; i < 20; i++) {
    assert.equal((await login(t, `orang-${i}`, "salah", from("192.0.2.7"))).status, 401);
  }
  // refused unchecked, answered as a wrong password is
  assert.equal((await login(t, "orang-lain", "salah", from("192.0.2.7"))).status, 401);
  assert.equal((await login(t, "orang-lain", "salah", from("192.0.2.8"))).status, 401);
  // accounts that exist still log in from the limited address
  assert.equal((await login(t, "admin", ADMIN_PASSWORD, from("192.0.2.7"))).status, 200);
  await auditFold.flush();
  const failed = (await t.audit.list({ action: "login_failed" }, 0, 100)).rows;
  assert.equal(failed.filter((r) => r.ip === "192.0.2.7").length, 20);
  assert.deepEqual(
    (await t.audit.list({ action: "login_locked" }, 0, 100)).rows.map((r) => r.after),
    [
      { address: "192.0.2.7", username: "orang-lain", count: 1 },
    ],
  );
});

Deno.test("own password: policy, old one checked, other sessions end; admin sets others' and a role change ends theirs", async () => {
  await using t = await setup();
  const me = await t.as("casemix", "petugas");
  const other = await t.as("casemix", "petugas"); // a second session of the same account
  let r = await me.post("/api/user/password", { oldPassword: "salah", newPassword: "x" });
  assert.deepEqual([r.status, r.body.message], [400, "Password sekarang salah."]);
  r = await me.post("/api/user/password", { oldPassword: ADMIN_PASSWORD, newPassword: "pendek" });
  assert.deepEqual([r.status, r.body.message], [400, "Password minimal 12 karakter."]);
  r = await me.post("/api/user/password", {
    oldPassword: ADMIN_PASSWORD,
    newPassword: "qwerty123456",
  });
  assert.match(r.body.message, /terlalu umum/);
  r = await me.post("/api/user/password", {
    oldPassword: ADMIN_PASSWORD,
    newPassword: "kopi-tubruk-pagi",
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal((await me.req("/api/province")).status, 200);
  assert.equal((await other.req("/api/province")).status, 401);
  assert.equal((await login(t, "petugas", "kopi-tubruk-pagi")).status, 200);
  assert.equal((await login(t, "petugas", ADMIN_PASSWORD)).status, 401);
  assert.ok((await actions(t, { username: "petugas" })).includes("password_change"));
  const page = await (await me.req("/akun/password")).text();
  assert.match(page, /Ganti Password/);

  // the admin makes the clerk a viewer: the clerk's session ends, and writes are refused
  const row = (await t.json(`/api/user/${me.id}`)).body.data;
  r = await t.post("/api/user/update", { ...row, id: me.id, role: "viewer", password: "" });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal((await me.req("/api/province")).status, 401);
  const audited = (await t.audit.list({ entity: "user", action: "update" }, 0, 10)).rows[0];
  // the sessions' counter the change bumped is bookkeeping, not logged
  assert.deepEqual([audited.before, audited.after], [{ role: "casemix" }, { role: "viewer" }]);
  // the last administrator cannot be demoted
  const admin = (await t.json(`/api/user/${t.admin._id}`)).body.data;
  r = await t.post("/api/user/update", { ...admin, id: admin._id, role: "casemix" });
  assert.equal(r.status, 409);
  assert.equal((await t.req("/api/user")).status, 200);
});

Deno.test("sessions: idle timeout; Secure cookie and HSTS over HTTPS; no-store on authenticated answers", async () => {
  await using t = await setup({ config: { sessionIdleMinutes: 30 } });
  // idle: the stored session's last request 31 minutes ago
  const s = await t.as("viewer");
  for await (
    const e of t.store.kv.list<{ userId: string; lastSeen: number }>({ prefix: ["session"] })
  ) {
    if (e.value.userId === s.id) {
      await t.store.kv.set(e.key, { ...e.value, lastSeen: Date.now() - 31 * 60_000 });
    }
  }
  assert.equal((await s.req("/api/province")).status, 401);

  for (
    const [url, headers, secure] of [
      ["https://rs.test/auth/login", {}, true],
      ["http://rs.test/auth/login", { "x-forwarded-proto": "https" }, false],
    ] as const
  ) {
    const res = await t.app.request(url, {
      method: "POST",
      headers: { ...headers, origin: new URL(url).origin },
      body: new URLSearchParams({
        hospitalCode: "RS01",
        username: "admin",
        password: ADMIN_PASSWORD,
      }),
    });
    assert.equal(res.status, 200);
    assert.equal(/;\s*Secure/i.test(res.headers.get("set-cookie")!), secure, url);
    assert.equal(!!res.headers.get("strict-transport-security"), secure, url);
  }
  await using p = await setup({ config: { trustProxy: 1 } });
  const proxied = await p.app.request("http://rs.test/auth/login", {
    method: "POST",
    headers: { "x-forwarded-proto": "https", origin: "http://rs.test" },
    body: new URLSearchParams({
      hospitalCode: "RS01",
      username: "admin",
      password: ADMIN_PASSWORD,
    }),
  });
  assert.match(proxied.headers.get("set-cookie")!, /;\s*Secure/i);
  assert.match(proxied.headers.get("strict-transport-security")!, /max-age=/);

  for (const path of ["/", "/api/province", "/api/ipd/export-ipd-data", "/provinsi"]) {
    assert.equal((await t.req(path)).headers.get("cache-control"), "no-store", path);
  }
  assert.notEqual((await t.app.request("/auth/login")).headers.get("cache-control"), "no-store");
});

Deno.test("ADMIN_PASSWORD obeys the policy; existing weak hashes keep working", async () => {
  const store = await Store.open(":memory:");
  await assert.rejects(
    ensureAdmin(store, "admin123"),
    /ADMIN_PASSWORD ditolak: Password minimal 12/,
  );
  await assert.rejects(ensureAdmin(store, "password12345"), /terlalu umum/);
  assert.equal((await ensureAdmin(store, "kunci-gudang-rs-7")).created, true);
  store.close();
  // accounts from before roles: `admin` stays administrator, the others become casemix
  const old = await Store.open(":memory:");
  for (const username of ["admin", "budi"]) {
    await users(old).insert({
      fullname: username,
      email: `${username}@rs.test`,
      phone: "",
      username,
      gender: "",
      passwordHash: "x",
    });
  }
  await ensureAdmin(old);
  const roles = (await users(old).index()).rows().map((r) => [r.value.username, r.value.role]);
  assert.deepEqual(roles.sort(), [["admin", "admin"], ["budi", "casemix"]]);
  old.close();
  // the test admin's password is 11 characters, from before the policy: login still works
  await using t = await setup();
  assert.ok(ADMIN_PASSWORD.length < 12);
  assert.equal((await login(t, "admin", ADMIN_PASSWORD)).status, 200);
});

Deno.test("connection: admin's password asked again, only http(s), the remote's answer never echoed", async () => {
  const dir = await Deno.makeTempDir();
  await using t = await setup({ dataDir: dir, connectTimeoutMs: 2000 });
  let r = await t.post("/connection/save-ip", { ip: "10.0.0.5", token: "x", password: "salah" });
  assert.deepEqual([r.status, r.body.message], [400, "Password Anda salah; koneksi tidak diubah."]);
  r = await t.post("/connection/save-ip", {
    ip: "ftp://10.0.0.5",
    token: "x",
    password: ADMIN_PASSWORD,
  });
  assert.deepEqual([r.status, r.body.message], [
    400,
    "Alamat server harus http:// atau https:// (KV Connect).",
  ]);
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    () => new Response("JAWABAN-RAHASIA-SERVER <script>", { status: 500 }),
  );
  r = await t.post("/connection/save-ip", {
    ip: `http://127.0.0.1:${server.addr.port}`,
    token: "x",
    password: ADMIN_PASSWORD,
  });
  await server.shutdown();
  assert.equal(r.status, 400);
  assert.doesNotMatch(r.body.message, /JAWABAN|script/);
  assert.match(r.body.message, /Pengaturan tidak diubah\.$/);
  assert.deepEqual(await actions(t, { entity: "connection" }), ["connection_refused"]);
  await Deno.remove(dir, { recursive: true });
});
