import assert from "node:assert/strict";
import { users } from "../lib/auth/auth.ts";
import { writeXlsx } from "../lib/resource/spreadsheet.ts";
import user from "../resources/user.ts";
import { registry } from "../resources/mod.ts";
import { ADMIN_PASSWORD, setup, versionOf } from "./helpers.ts";
import { login, loginCookie } from "./user_fixtures.ts";

const USER = {
  id: "",
  fullname: "Siti Rahma",
  email: "siti@rs.test",
  phone: "0812",
  username: "siti",
  gender: "P",
};

/** Fails when an answer carries a password or its hash. */
function assertNoSecret(text: string, where: string) {
  assert.doesNotMatch(text, /passwordHash|"password"|pbkdf2/, where);
}

Deno.test("user: password required on create (>= 12, not common), kept on an empty edit, changed on a new one", async () => {
  await using t = await setup();
  let r = await t.post("/api/user/update", USER);
  assert.equal(r.status, 400);
  assert.equal(r.body.message, "Password wajib diisi untuk pengguna baru.");
  r = await t.post("/api/user/update", { ...USER, password: "pendek" });
  assert.equal(r.status, 400);
  assert.match(r.body.message, /Password minimal 12 karakter/);
  r = await t.post("/api/user/update", { ...USER, password: "password1234" });
  assert.equal(r.status, 400);
  assert.match(r.body.message, /terlalu umum/);
  r = await t.post("/api/user/update", {
    ...USER,
    username: "siti.rahmawati",
    password: "Siti.Rahmawati",
  });
  assert.match(r.body.message, /sama dengan username/);
  assert.equal((await t.json("/api/user")).body.recordsTotal, 1);

  r = await t.post("/api/user/update", { ...USER, password: "sandi-lama-1" });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const id = r.body.data._id;
  assert.equal((await login(t, "siti", "sandi-lama-1")).status, 200);

  // an edit with an empty password changes the rest and keeps the password
  r = await t.post("/api/user/update", {
    ...USER,
    id,
    _version: await versionOf(t, "user", id),
    fullname: "Siti Rahmawati",
    password: "",
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.data.fullname, "Siti Rahmawati");
  assert.equal((await login(t, "siti", "sandi-lama-1")).status, 200);
  // an edit without the field at all keeps it too
  r = await t.post("/api/user/update", {
    ...USER,
    id,
    _version: await versionOf(t, "user", id),
    phone: "0813",
  });
  assert.equal(r.status, 200);
  assert.equal((await login(t, "siti", "sandi-lama-1")).status, 200);
  // a short new password is refused and the old one still works
  r = await t.post("/api/user/update", {
    ...USER,
    id,
    _version: await versionOf(t, "user", id),
    password: "1234567",
  });
  assert.equal(r.status, 400);
  assert.equal((await login(t, "siti", "sandi-lama-1")).status, 200);

  r = await t.post("/api/user/update", {
    ...USER,
    id,
    _version: await versionOf(t, "user", id),
    password: "sandi-baru-2",
  });
  assert.equal(r.status, 200);
  assert.equal((await login(t, "siti", "sandi-lama-1")).status, 401);
  assert.equal((await login(t, "siti", "sandi-baru-2")).status, 200);
  // other users' passwords are untouched
  assert.equal((await login(t, "admin", ADMIN_PASSWORD)).status, 200);
});

Deno.test("user: the password hash never appears in any answer", async () => {
  await using t = await setup();
  const created = await t.req("/api/user/update", {
    method: "POST",
    body: new URLSearchParams({ ...USER, password: "sandi-rahasia" }),
  });
  assert.equal(created.status, 200);
  const createdText = await created.text();
  assertNoSecret(createdText, "create");
  assert.doesNotMatch(createdText, /sandi-rahasia/);
  const id = JSON.parse(createdText).data._id;
  const stored = (await users(t.store).find(id))!.value;
  assert.match(stored.passwordHash, /^pbkdf2-sha256\$/); // it is stored, just never sent
  assert.equal((stored as Record<string, unknown>).password, undefined);

  const edit = await t.req("/api/user/update", {
    method: "POST",
    body: new URLSearchParams({
      ...USER,
      id,
      _version: await versionOf(t, "user", id),
      password: "sandi-rahasia-2",
    }),
  });
  assert.equal(edit.status, 200);
  assertNoSecret(await edit.text(), "update");

  const imported = await t.upload(
    "/api/user/import",
    "u.csv",
    "username,fullname,email,password\nbudi,Budi,budi@rs.test,sandi-budi-1\n",
  );
  assert.equal(imported.status, 200, JSON.stringify(imported.body));
  assertNoSecret(JSON.stringify(imported.body), "import");

  for (
    const path of [
      "/api/user?draw=1&start=0&length=10",
      "/api/user?draw=1&start=0&length=10&search[value]=pbkdf2",
      "/api/user/select2",
      "/api/user/select2?q=siti",
      `/api/user/${id}`,
      "/pengguna",
    ]
  ) {
    const res = await t.req(path);
    assert.equal(res.status, 200, path);
    const text = await res.text();
    // the page's form declares a "password" input; only the hash must not be there
    if (path.startsWith("/api/")) assertNoSecret(text, path);
    else assert.doesNotMatch(text, /passwordHash|pbkdf2/, path);
    if (path.includes("search")) assert.equal(JSON.parse(text).recordsFiltered, 0);
  }
  const list = await t.json("/api/user");
  assert.equal(list.body.recordsTotal, 3);
  for (const u of list.body.data) {
    assert.equal("passwordHash" in u, false);
    assert.equal("password" in u, false);
  }
  assert.equal((await t.json(`/api/user/${id}`)).body.data.username, "siti");
});

Deno.test("user: email checked, username and email unique ignoring case (409 naming the field)", async () => {
  await using t = await setup();
  let r = await t.post("/api/user/update", {
    ...USER,
    email: "bukan-email",
    password: "sandi-siti-123",
  });
  assert.equal(r.status, 400);
  assert.match(r.body.message, /Invalid email address/);
  r = await t.post("/api/user/update", { ...USER, email: "", password: "sandi-siti-123" });
  assert.equal(r.status, 400);
  assert.match(r.body.message, /Email wajib diisi/);

  r = await t.post("/api/user/update", { ...USER, username: "ADMIN", password: "sandi-siti-123" });
  assert.equal(r.status, 409);
  assert.match(r.body.message, /^Username "ADMIN" sudah digunakan/);
  r = await t.post("/api/user/update", {
    ...USER,
    email: "Admin@RS.test",
    password: "sandi-siti-123",
  });
  assert.equal(r.status, 409);
  assert.match(r.body.message, /^Email "Admin@RS.test" sudah digunakan/);
  assert.equal((await t.json("/api/user")).body.recordsTotal, 1);

  r = await t.post("/api/user/update", { ...USER, password: "sandi-siti-123" });
  assert.equal(r.status, 200);
  // an edit onto another user's username is refused too, and changes nothing
  const id = r.body.data._id;
  r = await t.post("/api/user/update", {
    ...USER,
    id,
    _version: await versionOf(t, "user", id),
    username: "Admin",
  });
  assert.equal(r.status, 409);
  assert.match(r.body.message, /Username/);
  assert.equal((await t.json(`/api/user/${id}`)).body.data.username, "siti");
  // changing only the case of one's own username is fine
  r = await t.post("/api/user/update", {
    ...USER,
    id,
    _version: await versionOf(t, "user", id),
    username: "Siti",
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal((await login(t, "siti", "sandi-siti-123")).status, 200);
});

Deno.test("user: CSV import needs a CSV file; new rows need a password, existing ones keep theirs", async () => {
  await using t = await setup();
  let r = await t.json("/api/user/import", { method: "POST", body: new FormData() });
  assert.equal(r.status, 400);
  assert.equal(r.body.message, "Harap pilih file .xlsx atau CSV terlebih dahulu.");
  r = await t.upload("/api/user/import", "u.csv", "");
  assert.equal(r.status, 400);
  assert.equal(r.body.message, "Harap pilih file .xlsx atau CSV terlebih dahulu.");
  r = await t.upload("/api/user/import", "u.ods", writeXlsx([["username"], ["x"]]));
  assert.equal(r.status, 400);
  assert.match(r.body.message, /Berkas harus \.xlsx atau CSV \(bukan \.ods\)/);

  r = await t.upload(
    "/api/user/import",
    "u.csv",
    "username,nama,email,password\nbudi,Budi,budi@rs.test,sandi-budi-1\nani,Ani,ani@rs.test,\n",
  );
  assert.equal(r.status, 400);
  assert.match(r.body.message, /Baris 3: Password wajib diisi untuk pengguna baru/);
  assert.equal((await t.json("/api/user")).body.recordsTotal, 1);

  r = await t.upload(
    "/api/user/import",
    "u.csv",
    "username,nama,email,password\nbudi,Budi,budi@rs.test,sandi-budi-1\n" +
      "ani,Ani,ani@rs.test,sandi-ani-12\n",
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.created, 2);
  assert.equal((await login(t, "budi", "sandi-budi-1")).status, 200);

  // re-import without passwords, the admin row spelled in capitals: updates, no duplicates
  r = await t.upload(
    "/api/user/import",
    "u.csv",
    "username,nama,email,password\nBUDI,Budi Utomo,budi@rs.test,\nADMIN,Admin Baru,admin@rs.test,\n",
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual([r.body.created, r.body.updated], [0, 2]);
  const list = await t.json("/api/user?search[value]=budi");
  assert.equal(list.body.recordsFiltered, 1);
  assert.equal(list.body.data[0].fullname, "Budi Utomo");
  assert.equal((await t.json("/api/user")).body.recordsTotal, 3);
  assert.equal((await login(t, "budi", "sandi-budi-1")).status, 200);
  assert.equal((await login(t, "admin", ADMIN_PASSWORD)).status, 200);

  // an imported e-mail already used by another user is refused
  r = await t.upload(
    "/api/user/import",
    "u.csv",
    "username,nama,email,password\ncitra,Citra,ANI@rs.test,sandi-citra-1\n",
  );
  assert.equal(r.status, 400);
  assert.match(r.body.message, /Baris 2: Email "ANI@rs.test" sudah digunakan/);
});

Deno.test("user: not one's own account, not the last one; a deleted user's session ends", async () => {
  await using t = await setup();
  const admin = (await t.json("/api/user")).body.data[0];
  let r = await t.json(`/api/user/delete/${admin._id}`, { method: "DELETE" });
  assert.equal(r.status, 409);
  assert.equal(r.body.message, "Anda tidak dapat menghapus akun Anda sendiri.");

  // siti is a second administrator: only the self-delete rule can stop her
  const created = await t.post("/api/user/update", {
    ...USER,
    role: "admin",
    password: "sandi-siti-1",
  });
  const siti = created.body.data._id;
  const sitiCookie = await loginCookie(t, "siti", "sandi-siti-1");
  const asSiti = (path: string, init: RequestInit = {}) =>
    t.app.request(path, { ...init, headers: { cookie: sitiCookie } });
  assert.equal((await asSiti("/api/province")).status, 200);
  // siti cannot delete herself either, even with another user around
  let res = await asSiti(`/api/user/delete/${siti}`, { method: "DELETE" });
  assert.equal(res.status, 409);
  assert.equal((await res.json()).message, "Anda tidak dapat menghapus akun Anda sendiri.");

  r = await t.json(`/api/user/delete/${siti}`, { method: "DELETE" });
  assert.equal(r.status, 200);
  assert.equal((await t.json("/api/user")).body.recordsTotal, 1);
  res = await asSiti("/api/province");
  assert.equal(res.status, 401);
  assert.equal((await login(t, "siti", "sandi-siti-1")).status, 401);
  // the admin's own session is unaffected
  assert.equal((await t.req("/api/province")).status, 200);
  r = await t.json(`/api/user/delete/${siti}`, { method: "DELETE" });
  assert.equal(r.status, 404);

  // the last account: no session can reach it through the API (the only user is oneself),
  // so the rule is checked on the hook, without a request
  await assert.rejects(
    Promise.resolve(user.beforeDelete!(admin, { store: t.store, registry })),
    /Pengguna terakhir tidak dapat dihapus/,
  );
  assert.equal((await t.json("/api/user")).body.recordsTotal, 1);
});
