import assert from "node:assert/strict";
import { readLicence } from "../lib/licence/record.ts";
import { ADMIN_PASSWORD } from "./helpers.ts";
import { licensed } from "./licence_helpers.ts";

type T = Awaited<ReturnType<typeof licensed>>;

/** An anonymous request from client address `ip`. */
const from = (t: T, ip: string, path: string, init?: RequestInit) =>
  t.app.request(path, init, { remoteAddr: { hostname: ip } });
const form = (fields: Record<string, string>): RequestInit => ({
  method: "POST",
  body: new URLSearchParams(fields),
});
const remove = (): RequestInit => ({ method: "DELETE" });
const validations = async (t: T) =>
  (await t.audit.list({ action: "licence_validate" }, 0, 100)).rows;

Deno.test("licence: once validated, only an administrator deactivates or replaces it", async () => {
  await using t = await licensed();
  // the first validation is open: there is no administrator who could sign in before it
  assert.equal(
    (await from(t, "10.0.0.1", "/validation", form({ hospitalCode: "RS01" }))).status,
    200,
  );

  // the service stops reporting it active: an anonymous visitor can neither remove it ...
  t.codes.RS01.actived = false;
  const del = await from(t, "10.0.0.2", "/validation/deactived", remove());
  assert.equal(del.status, 401);
  assert.equal((await readLicence(t.store))?.hospitalCode, "RS01");
  // ... nor bind the server to another code
  const other = await from(t, "10.0.0.2", "/validation", form({ hospitalCode: "RS02" }));
  assert.equal(other.status, 403);
  assert.match((await other.json()).message, /sudah tervalidasi untuk Kode Rumah Sakit RS01/);
  assert.equal((await readLicence(t.store))?.hospitalCode, "RS01");

  const byCasemix = await (await t.as("casemix", "petugas")).json("/validation/deactived", {
    method: "DELETE",
  });
  assert.equal(byCasemix.status, 403);
  assert.equal((await readLicence(t.store))?.hospitalCode, "RS01");

  // nobody can sign in on an inactive licence: the administrator gives username and password
  const casemix = await t.as("casemix", "petugas");
  for (
    const [username, password, status] of [
      ["admin", "salah-sekali", 401],
      ["petugas", ADMIN_PASSWORD, 403],
      ["", "", 403],
    ] as const
  ) {
    const res = await from(
      t,
      "10.0.0.3",
      "/validation",
      form({ hospitalCode: "RS02", username, password }),
    );
    assert.equal(res.status, status, `${username}: ${status}`);
    assert.equal((await readLicence(t.store))?.hospitalCode, "RS01");
  }
  assert.equal((await casemix.post("/validation", { hospitalCode: "RS02" })).status, 403);
  const byAdmin = await from(
    t,
    "10.0.0.3",
    "/validation",
    form({ hospitalCode: "RS02", username: "Admin", password: ADMIN_PASSWORD }),
  );
  assert.equal(byAdmin.status, 200, JSON.stringify(await byAdmin.clone().json()));
  assert.equal((await readLicence(t.store))?.hospitalCode, "RS02");
  assert.equal((await validations(t))[0].username, "admin");
  assert.equal((await t.login("RS02")).status, 200);

  // a signed-in administrator removes an inactive licence; the next validation still needs one
  t.codes.RS02.actived = false;
  assert.equal((await t.json("/validation/deactived", { method: "DELETE" })).status, 200);
  assert.equal(await readLicence(t.store), null);
  const again = await from(t, "10.0.0.4", "/validation", form({ hospitalCode: "RS01" }));
  assert.equal(again.status, 403);
  assert.equal(await readLicence(t.store), null);
  t.codes.RS01.actived = true;
  assert.equal((await t.post("/validation", { hospitalCode: "RS01" })).status, 200);
  assert.equal((await readLicence(t.store))?.hospitalCode, "RS01");
});

Deno.test("licence: the proxy answers only whether the code is active, never the licence key", async () => {
  await using t = await licensed();
  const known = await from(t, "10.0.0.1", "/lisensi/rs01");
  assert.equal(known.status, 200);
  const text = await known.text();
  assert.deepEqual(JSON.parse(text), { data: [{ actived: true }], message: "Lisensi aktif." });
  assert.doesNotMatch(text, /LIS-RS01-2025/);
  assert.deepEqual(await (await from(t, "10.0.0.1", "/lisensi/RSOFF")).json(), {
    data: [{ actived: false }],
    message: "Lisensi tidak aktif.",
  });
});

Deno.test("licence: anonymous validation is throttled per address; an unchanged one writes nothing", async () => {
  await using t = await licensed();
  assert.equal(
    (await from(t, "10.0.0.1", "/validation", form({ hospitalCode: "RS01" }))).status,
    200,
  );
  const stored = await t.store.kv.get(["licence", "current"]);
  assert.equal((await validations(t)).length, 1);
  // the same code again: answered, but the record is not rewritten and nothing is audited
  for (let i = 0; i < 3; i++) {
    const res = await from(t, "10.0.0.1", "/validation", form({ hospitalCode: "rs01" }));
    assert.equal(res.status, 200);
    assert.equal((await res.json()).success, true);
  }
  assert.equal((await t.store.kv.get(["licence", "current"])).versionstamp, stored.versionstamp);
  assert.equal((await validations(t)).length, 1);

  // one address soon gets 429, and reaches the service no more; another address still may
  let refused: Response | null = null;
  for (let i = 0; i < 100 && !refused; i++) {
    const res = await from(t, "10.0.0.9", "/validation", form({ hospitalCode: "RS01" }));
    if (res.status === 429) refused = res;
    else assert.equal(res.status, 200);
  }
  assert.ok(refused, "never throttled");
  assert.match((await refused.json()).message, /Terlalu banyak permintaan validasi lisensi/);
  const asked = t.svc.requests.length;
  assert.equal(
    (await from(t, "10.0.0.9", "/validation", form({ hospitalCode: "RS01" }))).status,
    429,
  );
  assert.equal((await from(t, "10.0.0.9", "/lisensi/RS01")).status, 429);
  assert.equal(t.svc.requests.length, asked, "nothing sent to the service once throttled");
  assert.equal(
    (await from(t, "10.0.0.8", "/validation", form({ hospitalCode: "RS01" }))).status,
    200,
  );
  // a signed-in administrator is not throttled
  assert.equal((await t.post("/validation", { hospitalCode: "RS01" })).status, 200);
});
