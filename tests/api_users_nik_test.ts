/**
 * The coder's NIK E-Klaim records on every change (issue 43): set by an administrator in the
 * user form and the CSV import, and by each user for their own account ('Akun Saya'), unique.
 */
import assert from "node:assert/strict";
import { readTable } from "../lib/resource/spreadsheet.ts";
import { setup, versionOf } from "./helpers.ts";

type T = Awaited<ReturnType<typeof setup>>;

const SITI = {
  id: "",
  fullname: "Siti Rahma",
  email: "siti@rs.test",
  username: "siti",
  role: "casemix",
  password: "sandi-siti-123",
  nik: "3201234567890123",
};

const niks = async (t: T) =>
  Object.fromEntries(
    (await t.json("/api/user?length=50")).body.data.map((u: Record<string, string>) => [
      u.username,
      u.nik ?? "",
    ]),
  );

Deno.test("user NIK: set in the user form and the CSV import, unique; each bad value a 400 at NIK, nothing changed", async () => {
  await using t = await setup();
  for (
    const [nik, message] of [
      ["320123456789012", /^NIK harus 16 angka, terisi 15/],
      ["3201-2345-6789-012X", /^NIK hanya boleh berisi angka/],
    ] as const
  ) {
    const r = await t.post("/api/user/update", { ...SITI, nik });
    assert.equal(r.status, 400);
    assert.deepEqual([r.body.field, r.body.message.match(message) !== null], ["nik", true]);
  }
  assert.deepEqual(await niks(t), { admin: "" });
  let r = await t.post("/api/user/update", { ...SITI, nik: "3201 2345 6789 0123" });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const id = r.body.data._id;
  assert.equal((await t.json(`/api/user/${id}`)).body.data.nik, "3201234567890123");
  // the admin's account may not take Siti's NIK
  r = await t.post("/api/user/update", {
    id: t.admin._id,
    _version: await versionOf(t, "user", t.admin._id),
    fullname: "Admin Uji",
    email: "admin@rs.test",
    username: "admin",
    nik: "3201234567890123",
  });
  assert.equal(r.status, 409);
  assert.deepEqual([r.body.field, r.body.message], [
    "nik",
    'NIK "3201234567890123" sudah digunakan.',
  ]);
  assert.deepEqual(await niks(t), { admin: "", siti: "3201234567890123" });

  // the CSV import: its template has the column; bad or taken values name the row
  const template = await t.req("/api/user/template");
  const headers = readTable(new Uint8Array(await template.arrayBuffer()), "xlsx", 10).headers;
  assert.ok(headers.includes("NIK"), headers.join(","));
  const head = "username,nama,email,password,nik\n";
  for (
    const [csv, message] of [
      ["budi,Budi,budi@rs.test,sandi-budi-123,32012345\n", /Baris 2: NIK harus 16 angka, terisi 8/],
      [
        "budi,Budi,budi@rs.test,sandi-budi-123,3201234567890123\n",
        /Baris 2: NIK "3201234567890123" sudah digunakan/,
      ],
    ] as const
  ) {
    r = await t.upload("/api/user/import", "u.csv", head + csv);
    assert.equal(r.status, 400, csv);
    assert.match(r.body.message, message);
  }
  assert.deepEqual(await niks(t), { admin: "", siti: "3201234567890123" });
  r = await t.upload(
    "/api/user/import",
    "u.csv",
    head + "budi,Budi,budi@rs.test,sandi-budi-123,7301020304050607\n",
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  // a file without the column leaves every NIK as it is
  r = await t.upload(
    "/api/user/import",
    "u.csv",
    "username,nama,email\nbudi,Budi Utomo,budi@rs.test\n",
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(await niks(t), {
    admin: "",
    budi: "7301020304050607",
    siti: "3201234567890123",
  });
});

Deno.test("own NIK over HTTP: each role sets its own on 'Akun Saya', audited; a bad or taken one a 400/409, nothing changed", async () => {
  await using t = await setup();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, t.app.fetch);
  const url = `http://127.0.0.1:${server.addr.port}`;
  try {
    const viewer = await t.as("viewer", "lihat");
    const clerk = await t.as("casemix", "koder");
    const send = (cookie: string, nik: string) =>
      fetch(`${url}/api/user/nik`, {
        method: "POST",
        headers: { cookie },
        body: new URLSearchParams({ nik }),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    let r = await send(clerk.cookie, "3201234567890123");
    assert.deepEqual([r.status, r.body.message, r.body.nik], [
      200,
      "NIK disimpan.",
      "3201234567890123",
    ]);
    r = await send(viewer.cookie, "3201234567890124");
    assert.equal(r.status, 200, JSON.stringify(r.body));
    for (
      const [nik, status, message] of [
        ["32012345678901", 400, /^NIK harus 16 angka, terisi 14/],
        ["3201234567890123", 409, /^NIK "3201234567890123" sudah digunakan\.$/],
      ] as const
    ) {
      r = await send(viewer.cookie, nik);
      assert.deepEqual([r.status, r.body.field], [status, "nik"]);
      assert.match(r.body.message, message);
    }
    assert.deepEqual(await niks(t), {
      admin: "",
      koder: "3201234567890123",
      lihat: "3201234567890124",
    });
    // the page shows it; clearing it is one's own choice too
    const page = await (await fetch(`${url}/akun/password`, { headers: { cookie: clerk.cookie } }))
      .text();
    assert.match(page, /<title>[^<]*Akun Saya/);
    assert.match(page, /3201234567890123/);
    r = await send(clerk.cookie, "");
    assert.deepEqual([r.status, r.body.message], [200, "NIK dihapus."]);
    r = await send(clerk.cookie, ""); // unchanged: nothing written, nothing audited
    assert.equal(r.status, 200);
    const trail = (await t.audit.list({ entity: "user", action: "update" }, 0, 20)).rows
      .map((e) => [e.username, e.entityId, e.before, e.after]).reverse();
    assert.deepEqual(trail, [
      ["koder", clerk.id, { nik: "" }, { nik: "3201234567890123" }],
      ["lihat", viewer.id, { nik: "" }, { nik: "3201234567890124" }],
      ["koder", clerk.id, { nik: "3201234567890123" }, { nik: "" }],
    ]);
    const anon = await fetch(`${url}/api/user/nik`, {
      method: "POST",
      body: new URLSearchParams({ nik: "3201234567890125" }),
    });
    assert.equal(anon.status, 401);
    await anon.body?.cancel();
  } finally {
    await server.shutdown();
  }
});
