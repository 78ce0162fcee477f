/**
 * The first login with the password printed to the service log must set a new one before
 * anything else is served; an administrator seeded from ADMIN_PASSWORD is not held. The seeded
 * account passes the account form's checks, so it can be edited.
 */
import assert from "node:assert/strict";
import { createApp } from "../app.ts";
import { ensureAdmin, users } from "../lib/auth/auth.ts";
import { AuditLog } from "../lib/audit/log.ts";
import { loadConfig } from "../lib/config.ts";
import { Store } from "../lib/db/store.ts";
import { allowAnyLicence } from "../lib/licence/gate.ts";
import { auditFold } from "../lib/http/folded.ts";

const NEW_PASSWORD = "kopi-tubruk-pagi-hari";

/** A fresh store whose first admin `ensureAdmin` made (password as given, else printed), served. */
async function firstStart(adminPassword?: string) {
  const store = await Store.open(":memory:");
  const made = await ensureAdmin(store, adminPassword);
  const audit = await AuditLog.open(":memory:");
  const dataDir = await Deno.makeTempDir({ prefix: "casemix-test-" });
  const config = { ...loadConfig({ get: () => undefined }), dbPath: ":memory:", dataDir };
  const app = createApp({ config, store, audit, licence: allowAnyLicence });
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, app.fetch);
  const url = `http://127.0.0.1:${server.addr.port}`;
  let cookie = "";
  const http = (path: string, init: RequestInit = {}) =>
    fetch(`${url}${path}`, { redirect: "manual", ...init, headers: { cookie, ...init.headers } });
  const login = async (password: string) => {
    const r = await http("/auth/login", {
      method: "POST",
      body: new URLSearchParams({ hospitalCode: "RS01", username: "admin", password }),
    });
    assert.equal(r.status, 200, await r.clone().text());
    await r.body?.cancel();
    cookie = r.headers.get("set-cookie")!.split(";")[0];
  };
  return {
    store,
    audit,
    password: made.password ?? adminPassword!,
    http,
    login,
    async [Symbol.asyncDispose]() {
      await server.shutdown();
      await auditFold.flush();
      await audit.close();
      store.close();
      await Deno.remove(dataDir, { recursive: true });
    },
  };
}

/** Status and, for a redirect, where to; else the message of a JSON answer. */
async function answer(r: Response) {
  if (r.status === 302) {
    await r.body?.cancel();
    return [r.status, r.headers.get("location")];
  }
  const type = r.headers.get("content-type") ?? "";
  return [r.status, type.includes("json") ? (await r.json()).message : (await r.text(), "")];
}

const FIRST = "Ganti password awal Anda terlebih dahulu: password itu tercetak di log layanan.";

Deno.test("the printed password: every page and API waits until it is changed", async () => {
  await using s = await firstStart();
  assert.ok(s.password.length >= 12);
  await s.login(s.password);
  assert.deepEqual(await answer(await s.http("/")), [302, "/akun/password"]);
  assert.deepEqual(await answer(await s.http("/pasien")), [302, "/akun/password"]);
  assert.deepEqual(await answer(await s.http("/api/pasien")), [403, FIRST]);
  const write = await s.http("/api/province/update", {
    method: "POST",
    body: new URLSearchParams({ id: "", kode: "11", desc: "Aceh" }),
  });
  assert.equal(write.headers.get("cache-control"), "no-store");
  assert.deepEqual(await answer(write), [403, FIRST]);
  const page = await s.http("/akun/password");
  assert.equal(page.status, 200);
  assert.match(await page.text(), /Password awal harus diganti sebelum aplikasi dapat dipakai/);
  const changed = await s.http("/api/user/password", {
    method: "POST",
    body: new URLSearchParams({ oldPassword: s.password, newPassword: NEW_PASSWORD }),
  });
  assert.equal(changed.status, 200, await changed.clone().text());
  await changed.body?.cancel();
  // the same session goes on, everywhere
  assert.deepEqual(await answer(await s.http("/")), [200, ""]);
  assert.equal((await answer(await s.http("/api/pasien")))[0], 200);
  await s.login(NEW_PASSWORD);
  assert.deepEqual(await answer(await s.http("/pasien")), [200, ""]);
  // the refusals are in the trail, under the admin's name
  await auditFold.flush();
  const held = (await s.audit.list({ action: "password_change_required" }, 0, 10)).rows;
  assert.deepEqual(held.map((e) => [e.username, e.entityId]).sort(), [
    ["admin", "GET /api/pasien"],
    ["admin", "POST /api/province/update"],
  ]);
  // and the refused write wrote nothing
  let provinces = 0;
  for await (const _ of s.store.kv.list({ prefix: ["province"] })) provinces++;
  assert.equal(provinces, 0);
});

Deno.test("an administrator seeded from ADMIN_PASSWORD is not held; its account can be edited", async () => {
  await using s = await firstStart("kunci-gudang-rs-7");
  await s.login("kunci-gudang-rs-7");
  assert.deepEqual(await answer(await s.http("/")), [200, ""]);
  const id = (await users(s.store).idBy("username", "admin"))!;
  const row = (await (await s.http(`/api/user/${id}`)).json()).data;
  const r = await s.http("/api/user/update", {
    method: "POST",
    body: new URLSearchParams({ ...row, id, fullname: "Kepala Instalasi", password: "" }),
  });
  assert.equal(r.status, 200, await r.clone().text());
  await r.body?.cancel();
  assert.equal((await users(s.store).find(id))!.value.fullname, "Kepala Instalasi");
});

Deno.test("an account seeded with the old address admin@localhost is given one the form accepts", async () => {
  const store = await Store.open(":memory:");
  await users(store).insert({
    fullname: "Administrator",
    email: "admin@localhost",
    phone: "",
    username: "admin",
    gender: "",
    role: "admin",
    passwordHash: "x",
  });
  await ensureAdmin(store);
  const [row] = (await users(store).index()).rows();
  assert.equal(row.value.email, "admin@rumahsakit.local");
  // the unique key moved with it: the old address is free, the new one names the account
  assert.equal(await users(store).idBy("email", "admin@localhost"), null);
  assert.equal(await users(store).idBy("email", "admin@rumahsakit.local"), row.value._id);
  store.close();
});
