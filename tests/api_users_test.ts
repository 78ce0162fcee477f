import assert from "node:assert/strict";
import { users } from "../lib/auth/auth.ts";
import { writeXlsx } from "../lib/resource/spreadsheet.ts";
import user from "../resources/user.ts";
import { registry } from "../resources/mod.ts";
import { ADMIN_PASSWORD, setup, versionOf } from "./helpers.ts";

type T = Awaited<ReturnType<typeof setup>>;

const login = (t: T, username: string, password: string) =>
  t.app.request("/auth/login", {
    method: "POST",
    body: new URLSearchParams({ hospitalCode: "RS01", username, password }),
  });

/** The session cookie (`sid=...`) of a successful login. */
async function loginCookie(t: T, username: string, password: string): Promise<string> {
  const res = await login(t, username, password);
  assert.equal(res.status, 200, `login ${username}: ${await res.clone().text()}`);
  return res.headers.get("set-cookie")!.split(";")[0];
}

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
  assert.equal(r.body.message, "Harap pilih file CSV terlebih dahulu.");
  r = await t.upload("/api/user/import", "u.csv", "");
  assert.equal(r.status, 400);
  assert.equal(r.body.message, "Harap pilih file CSV terlebih dahulu.");
  r = await t.upload("/api/user/import", "u.xlsx", writeXlsx([["username"], ["x"]]));
  assert.equal(r.status, 400);
  assert.match(r.body.message, /Berkas harus CSV/);

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

const DOCTOR = {
  id: "",
  front_title: "dr.",
  first_name: "Budi",
  last_name: "Santoso",
  last_title: "Sp.PD",
  phone: "0811",
  gender: "L",
};

async function doctor(t: T, fields: Record<string, string>) {
  const r = await t.post("/api/doctor/update", { ...DOCTOR, ...fields });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.data as Record<string, unknown> & { _id: string; _version: string };
}

Deno.test("doctor: full name built from titles and names; switches off by default", async () => {
  await using t = await setup();
  const d = await doctor(t, {});
  assert.equal(d.fullname, "dr. Budi Santoso, Sp.PD");
  assert.deepEqual([d.dpjp, d.igd, d.approval], [false, false, false]);
  const plain = await doctor(t, {
    front_title: "",
    last_name: "",
    last_title: "",
    first_name: "Ani",
  });
  assert.equal(plain.fullname, "Ani");
  const noTitle = await doctor(t, { last_title: "  ", first_name: "Citra", last_name: "Dewi" });
  assert.equal(noTitle.fullname, "dr. Citra Dewi");
  const r = await t.post("/api/doctor/update", { ...DOCTOR, first_name: "" });
  assert.equal(r.status, 400);
  assert.match(r.body.message, /Nama depan wajib diisi/);
  // search reaches the built name
  const found = await t.json("/api/doctor?search[value]=santoso, sp.pd");
  assert.deepEqual(found.body.data.map((x: { _id: string }) => x._id), [d._id]);
});

Deno.test("doctor: a switch saves only its field; other fields 400, unknown id 404", async () => {
  await using t = await setup();
  const d = await doctor(t, {});
  let r = await t.post(`/api/doctor/update/dpjp/${d._id}`, { dpjp: "true" });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const { _version: v1, ...after } = r.body.data;
  const { _version: v0, ...before } = d;
  assert.notEqual(v1, v0);
  assert.deepEqual(after, { ...before, dpjp: true });

  // JSON body, as the switch sends it
  r = await t.json(`/api/doctor/update/igd/${d._id}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ igd: true }),
  });
  assert.equal(r.status, 200);
  assert.deepEqual([r.body.data.dpjp, r.body.data.igd, r.body.data.approval], [true, true, false]);
  r = await t.post(`/api/doctor/update/approval/${d._id}`, { approval: "true" });
  r = await t.post(`/api/doctor/update/dpjp/${d._id}`, { dpjp: "false" });
  assert.equal(r.status, 200);
  assert.deepEqual([r.body.data.dpjp, r.body.data.igd, r.body.data.approval], [false, true, true]);
  const saved = r.body.data;

  // a field that is not a switch: refused, nothing changed
  for (
    const [field, body] of [["fullname", { fullname: "x" }], ["phone", { phone: "1" }]] as const
  ) {
    r = await t.post(`/api/doctor/update/${field}/${d._id}`, body);
    assert.equal(r.status, 400, field);
    assert.match(r.body.message, /tidak bisa diubah/);
  }
  r = await t.post(`/api/doctor/update/igd/${d._id}`, { igd: "mungkin" });
  assert.equal(r.status, 400);
  r = await t.post(`/api/doctor/update/igd/${d._id}`, {});
  assert.equal(r.status, 400);
  assert.deepEqual((await t.json(`/api/doctor/${d._id}`)).body.data, saved);

  r = await t.post("/api/doctor/update/dpjp/01HZZZZZZZZZZZZZZZZZZZZZZZ", { dpjp: "true" });
  assert.equal(r.status, 404);
  assert.equal((await t.json("/api/doctor")).body.recordsTotal, 1);
});

Deno.test("doctor: DPJP and IGD lookups list only doctors with the switch on; edits keep switches", async () => {
  await using t = await setup();
  const a = await doctor(t, { first_name: "Andi" });
  const b = await doctor(t, { first_name: "Bayu" });
  const c = await doctor(t, { first_name: "Cahya" });
  await t.post(`/api/doctor/update/dpjp/${a._id}`, { dpjp: "true" });
  await t.post(`/api/doctor/update/dpjp/${b._id}`, { dpjp: "true" });
  await t.post(`/api/doctor/update/igd/${c._id}`, { igd: "true" });
  const texts = async (path: string) =>
    (await t.json(path)).body.results.map((o: { text: string }) => o.text);
  assert.deepEqual(await texts("/api/doctor/dpjpselect2"), [
    "dr. Andi Santoso, Sp.PD",
    "dr. Bayu Santoso, Sp.PD",
  ]);
  assert.deepEqual(await texts("/api/doctor/dpjpselect2?q=bayu"), ["dr. Bayu Santoso, Sp.PD"]);
  assert.deepEqual(await texts("/api/doctor/dpjpselect2?q=cahya"), []);
  assert.deepEqual(await texts("/api/doctor/igdpselect2"), ["dr. Cahya Santoso, Sp.PD"]);
  assert.equal((await texts("/api/doctor/select2")).length, 3);

  // an ordinary edit (the modal sends no switches) keeps them
  const r = await t.post("/api/doctor/update", {
    ...DOCTOR,
    id: a._id,
    _version: await versionOf(t, "doctor", a._id),
    first_name: "Andika",
  });
  assert.equal(r.status, 200);
  assert.equal(r.body.data.fullname, "dr. Andika Santoso, Sp.PD");
  assert.deepEqual([r.body.data.dpjp, r.body.data.igd, r.body.data.approval], [true, false, false]);
  assert.deepEqual(await texts("/api/doctor/dpjpselect2"), [
    "dr. Andika Santoso, Sp.PD",
    "dr. Bayu Santoso, Sp.PD",
  ]);
  // switching off removes the doctor from the lookup
  await t.post(`/api/doctor/update/dpjp/${b._id}`, { dpjp: "false" });
  assert.deepEqual(await texts("/api/doctor/dpjpselect2"), ["dr. Andika Santoso, Sp.PD"]);
});

Deno.test("doctor: .xlsx import (no file, CSV refused), blank switch cells, re-import keeps switches", async () => {
  await using t = await setup();
  let r = await t.json("/api/doctor/import", { method: "POST", body: new FormData() });
  assert.equal(r.status, 400);
  assert.equal(r.body.message, "Harap pilih file .xlsx terlebih dahulu.");
  r = await t.upload("/api/doctor/import", "dokter.csv", "first_name\nBudi\n");
  assert.equal(r.status, 400);
  assert.match(r.body.message, /Berkas harus \.xlsx/);
  assert.equal((await t.json("/api/doctor")).body.recordsTotal, 0);

  r = await t.upload(
    "/api/doctor/import",
    "dokter.xlsx",
    writeXlsx([
      [
        "gelar_depan",
        "first_name",
        "last_name",
        "gelar_belakang",
        "phone",
        "gender",
        "dpjp",
        "igd",
      ],
      ["dr.", "Budi", "Santoso", "Sp.PD", "0811", "Laki-laki", "ya", ""],
      ["dr.", "Ani", "", "", "0812", "P", "", "1"],
    ]),
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.created, 2);
  const list = await t.json("/api/doctor?order[0][column]=0&columns[0][data]=fullname");
  assert.deepEqual(
    list.body.data.map((d: Record<string, unknown>) => [d.fullname, d.gender, d.dpjp, d.igd]),
    [["dr. Ani", "P", false, true], ["dr. Budi Santoso, Sp.PD", "L", true, false]],
  );

  // the same doctors again, without switch columns: matched by full name, switches kept
  r = await t.upload(
    "/api/doctor/import",
    "dokter.xlsx",
    writeXlsx([
      ["front_title", "first_name", "last_name", "last_title", "phone"],
      ["dr.", "Budi", "Santoso", "Sp.PD", "0899"],
      ["dr.", "Ani", "", "", "0812"],
    ]),
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual([r.body.created, r.body.updated], [0, 2]);
  const dpjp = await t.json("/api/doctor/dpjpselect2");
  assert.deepEqual(dpjp.body.results.map((o: { text: string }) => o.text), [
    "dr. Budi Santoso, Sp.PD",
  ]);
  const budi = (await t.json("/api/doctor?search[value]=budi")).body.data[0];
  assert.equal(budi.phone, "0899");
  assert.equal(budi.igd, false);
});
