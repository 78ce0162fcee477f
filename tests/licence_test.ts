import assert from "node:assert/strict";
import { BAD_CODE_MESSAGE, EMPTY_CODE_MESSAGE } from "../lib/licence/client.ts";
import { readLicence, saveLicence } from "../lib/licence/record.ts";
import { licensed } from "./licence_helpers.ts";

const form = (fields: Record<string, string>): RequestInit => ({
  method: "POST",
  body: new URLSearchParams(fields),
});

Deno.test("validation: the proxy answers the service's shape; the server stores only what it fetched", async () => {
  await using t = await licensed();
  const first = await t.anon("/auth/login");
  assert.equal(first.status, 302, "no licence yet: login page sends to validation");
  assert.equal(first.headers.get("location"), "/validation");
  assert.match(await (await t.anon("/validation")).text(), /data-island="LicenceForm"/);

  // whether the code is active and the service's message; never the licence key
  assert.deepEqual(await (await t.anon("/lisensi/RS01")).json(), {
    data: [{ actived: true }],
    message: "Lisensi aktif.",
  });
  const unknown = await t.anon("/lisensi/NOPE");
  assert.equal(unknown.status, 200);
  assert.deepEqual(await unknown.json(), {
    data: [],
    message: "Kode Rumah Sakit NOPE tidak terdaftar pada layanan lisensi.",
  });

  const refused: [string, number, string][] = [
    ["", 400, EMPTY_CODE_MESSAGE],
    ["NOPE", 422, "Kode Rumah Sakit NOPE tidak terdaftar pada layanan lisensi."],
    ["RSOFF", 422, "Lisensi untuk Kode Rumah Sakit RSOFF tidak aktif."],
  ];
  for (const [code, status, message] of refused) {
    const res = await t.anon("/validation", form({ hospitalCode: code, actived: "true" }));
    assert.equal(res.status, status, code);
    assert.equal((await res.json()).message, message);
  }
  assert.equal(await readLicence(t.store), null, "refusals store nothing");

  // licence data sent by the browser is ignored: the server fetches it again
  const saved = await t.anon("/validation", form({ hospitalCode: " RS01 ", lisensi: "PALSU" }));
  assert.equal(saved.status, 200);
  assert.equal((await saved.json()).data.hospitalCode, "RS01");
  assert.equal((await readLicence(t.store))?.lisensi, "LIS-RS01-2025");

  // an anonymous visitor cannot switch the server to another hospital's code
  const other = await t.anon("/validation", form({ hospitalCode: "RS02" }));
  assert.equal(other.status, 403);
  assert.match((await other.json()).message, /sudah tervalidasi untuk Kode Rumah Sakit RS01/);
  assert.equal((await readLicence(t.store))?.hospitalCode, "RS01");
  // a signed-in administrator may switch the server to another code
  assert.equal((await t.post("/validation", { hospitalCode: "RS02" })).status, 200);
  assert.equal((await readLicence(t.store))?.hospitalCode, "RS02");

  const page = await t.anon("/auth/login");
  assert.equal(page.status, 200);
  assert.match(await page.text(), /"hospitalCode":"RS02"/);
});

Deno.test("bad hospital codes: 400 with an Indonesian message, nothing stored or forwarded", async () => {
  await using t = await licensed();
  const raw = [
    "..%2F..%2Fadmin",
    "%2e%2e%2fx",
    "RS01%2Fx",
    "RS01%2F..%2FRS02",
    "a%5Cb",
    "RS%2001",
    "RS01%00",
    "RS01;ls",
    "x".repeat(33),
    "%E0%A4%A",
  ];
  for (const code of raw) {
    const res = await t.anon(`/lisensi/${code}`);
    assert.equal(res.status, 400, `GET /lisensi/${code}`);
    assert.equal((await res.json()).message, BAD_CODE_MESSAGE);
  }
  for (const code of ["../x", "a/b", "RS01/", "%2F", "RS 01", "..", "RS01\\x"]) {
    const v = await t.anon("/validation", form({ hospitalCode: code }));
    assert.equal(v.status, 400, `POST /validation ${code}`);
    assert.equal((await v.json()).message, BAD_CODE_MESSAGE);
    const l = await t.login(code);
    assert.equal(l.status, 400, `POST /auth/login ${code}`);
    assert.equal(l.body.message, BAD_CODE_MESSAGE);
  }
  assert.equal(await readLicence(t.store), null);
  assert.deepEqual(t.svc.requests, [], "nothing reached the licence service");
});

Deno.test("login checks the licence: missing, other code, active renews it, inactive is refused and removed by an administrator", async () => {
  await using t = await licensed();
  let r = await t.login("RS01");
  assert.equal(r.status, 403);
  assert.equal(r.body.licence, "missing");
  assert.match(r.body.message, /belum divalidasi/);

  assert.equal((await t.anon("/validation", form({ hospitalCode: "RS01" }))).status, 200);
  await saveLicence(t.store, { ...(await readLicence(t.store))!, verifiedAt: 1000 });
  r = await t.login("RS02");
  assert.equal(r.status, 403);
  assert.equal(r.body.licence, "mismatch");
  r = await t.login("rs01", "salah");
  assert.equal(r.status, 401, "licence fine, password wrong");
  r = await t.login("RS01");
  assert.equal(r.status, 200);
  assert.equal(r.body.success, true);
  assert.equal(r.body.notice, undefined);
  assert.ok((await readLicence(t.store))!.verifiedAt > Date.now() - 60_000, "verification renewed");

  // an administrator cannot remove a licence the service still reports active
  const early = await t.req("/validation/deactived", { method: "DELETE" });
  assert.equal(early.status, 409);
  assert.ok(await readLicence(t.store));

  t.codes.RS01.actived = false;
  r = await t.login("RS01");
  assert.equal(r.status, 403);
  assert.deepEqual([r.body.success, r.body.licence, r.body.message], [
    false,
    "inactive",
    "Lisensi tidak aktif.",
  ]);
  assert.equal(r.res.headers.get("set-cookie"), null);
  assert.equal((await t.anon("/validation/deactived", { method: "DELETE" })).status, 401);
  const del = await t.req("/validation/deactived", { method: "DELETE" });
  assert.equal(del.status, 200);
  assert.match((await del.json()).message, /dihapus/);
  assert.equal(await readLicence(t.store), null);
  assert.equal((await t.anon("/auth/login")).headers.get("location"), "/validation");
});

Deno.test("service unreachable: grace within the period, told on every page; refused after it", async () => {
  await using t = await licensed({ graceDays: 7 });
  assert.equal((await t.anon("/validation", form({ hospitalCode: "RS01" }))).status, 200);
  await t.stopService();

  const r = await t.login("RS01");
  assert.equal(r.status, 200);
  assert.match(r.body.notice, /masa tenggang lisensi sampai \d\d-\d\d-\d{4} \d\d:\d\d WIB/);
  const cookie = r.res.headers.get("set-cookie")!.split(";")[0];
  const home = await (await t.app.request("/", { headers: { cookie } })).text();
  assert.match(home, /class="alert alert-warning"[^>]*>Layanan lisensi tidak dapat dihubungi/);

  // the proxy, validation and deactivation all say the service is unreachable; nothing changes
  for (
    const [path, init] of [
      ["/lisensi/RS01", undefined],
      ["/validation", form({ hospitalCode: "RS01" })],
      ["/validation/deactived", { method: "DELETE" }],
    ] as const
  ) {
    const res = await t.req(path, init);
    assert.equal(res.status, 503, path);
    assert.match((await res.json()).message, /tidak dapat dihubungi/);
  }
  assert.ok(await readLicence(t.store));

  const eightDaysAgo = Date.now() - 8 * 86_400_000;
  await saveLicence(t.store, { ...(await readLicence(t.store))!, verifiedAt: eightDaysAgo });
  const late = await t.login("RS01");
  assert.equal(late.status, 503);
  assert.equal(late.body.licence, "offline");
  assert.equal(
    late.body.message,
    "Tidak ada koneksi internet. Silakan periksa jaringan Anda dan coba lagi.",
  );
  assert.match(late.body.detail, /7 hari .* sudah berakhir/);
});

Deno.test("service answering errors or nothing: grace still applies, then 'error' or 'offline'", async () => {
  // a service that fails with 500 (even with a well-formed body), then one that never answers
  const failing = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen: () => {} },
    () => Response.json({ data: [], message: "rusak" }, { status: 500 }),
  );
  const silent = Deno.listen({ port: 0, hostname: "127.0.0.1" });
  const held: Deno.Conn[] = [];
  (async () => {
    for await (const conn of silent) held.push(conn);
  })();
  try {
    for (
      const [url, reason, status] of [
        [`http://127.0.0.1:${failing.addr.port}`, "error", 502],
        [`http://127.0.0.1:${silent.addr.port}`, "offline", 503],
      ] as const
    ) {
      await using t = await licensed({ url, timeoutMs: 300 });
      await saveLicence(t.store, {
        hospitalCode: "RS01",
        lisensi: "LIS-RS01-2025",
        validatedAt: 0,
        verifiedAt: Date.now() - 86_400_000,
      });
      const ok = await t.login("RS01");
      assert.equal(ok.status, 200, `${reason}: within grace`);
      assert.match(ok.body.notice, /masa tenggang/);
      await saveLicence(t.store, { ...(await readLicence(t.store))!, verifiedAt: 0 });
      const no = await t.login("RS01");
      assert.equal(no.status, status);
      assert.equal(no.body.licence, reason);
      if (reason === "error") {
        assert.equal(no.body.message, "Terjadi kesalahan saat memeriksa lisensi.");
        // a failing service never counts as 'not active': nothing is removed
        const del = await t.req("/validation/deactived", { method: "DELETE" });
        assert.equal(del.status, 502);
        assert.ok(await readLicence(t.store));
      }
    }
  } finally {
    await failing.shutdown();
    silent.close();
    for (const c of held) c.close();
  }
});

Deno.test("grace period 0: an unreachable service refuses at once", async () => {
  await using t = await licensed({ graceDays: 0 });
  assert.equal((await t.anon("/validation", form({ hospitalCode: "RS01" }))).status, 200);
  await t.stopService();
  const r = await t.login("RS01");
  assert.equal(r.status, 503);
  assert.equal(r.body.licence, "offline");
  assert.equal(r.body.detail, undefined);
});
