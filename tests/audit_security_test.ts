/**
 * Security events reach the audit log over real HTTP: failed logins, anonymous 401s and
 * cross-origin 403s. The first of a key's minute is written while its request is open; the
 * repeats are folded into one entry with their count, written later without the request.
 */
import assert from "node:assert/strict";
import { auditFold } from "../lib/http/folded.ts";
import { ADMIN_PASSWORD, served } from "./helpers.ts";

type S = Awaited<ReturnType<typeof served>>;

const login = (s: S, username: string, password: string) =>
  s.http("/auth/login", {
    method: "POST",
    body: new URLSearchParams({ hospitalCode: "RS01", username, password }),
  });

/** The entries of `action`, oldest first, as [username, ip, entityId, after]. */
async function entries(s: S, action: string) {
  const rows = (await s.audit.list({ action }, 0, 1000)).rows.reverse();
  return rows.map((r) => [r.username, r.ip, r.entityId, r.after]);
}

/** Runs `fn` with `Date.now` stopped in the middle of a minute (one minute's fold). */
async function inOneMinute<T>(fn: () => Promise<T>): Promise<T> {
  const real = Date.now;
  const fixed = Math.floor(real() / 60_000) * 60_000 + 30_000;
  Date.now = () => fixed;
  try {
    return await fn();
  } finally {
    Date.now = real;
  }
}

Deno.test("failed logins over HTTP: the first of a username and address at once, the repeats as one count", async () => {
  await using s = await served();
  await s.as("casemix", "petugas");
  await inOneMinute(async () => {
    for (const [name, n] of [["petugas", 3], ["tidak-ada", 1]] as const) {
      for (let i = 0; i < n; i++) {
        const r = await login(s, name, `salah-${i}`);
        assert.equal(r.status, 401);
        assert.equal(r.headers.get("cache-control"), "no-store");
        await r.body?.cancel();
      }
    }
    // written while each first request was open: its address is the socket's
    assert.deepEqual(await entries(s, "login_failed"), [
      ["petugas", "127.0.0.1", "", { username: "petugas", count: 1 }],
      ["tidak-ada", "127.0.0.1", "", { username: "tidak-ada", count: 1 }],
    ]);
  });
  // the two repeats of petugas, folded, once the requests are long closed
  await auditFold.flush();
  const all = await entries(s, "login_failed");
  assert.equal(all.length, 3, JSON.stringify(all));
  const [who, ip, , after] = all[2];
  assert.deepEqual([who, ip], ["petugas", "127.0.0.1"]);
  const { minute, ...rest } = after as { minute: string };
  assert.deepEqual(rest, { username: "petugas", count: 2 });
  assert.match(minute, /^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/);
});

Deno.test("anonymous 401s and cross-origin 403s over HTTP: no-store, audited, repeats folded", async () => {
  await using s = await served();
  const clerk = await s.as("casemix", "petugas");
  await inOneMinute(async () => {
    for (let i = 0; i < 3; i++) {
      const r = await s.http("/api/pasien");
      assert.equal(r.status, 401);
      assert.equal(r.headers.get("cache-control"), "no-store");
      assert.match((await r.json()).message, /Sesi tidak valid/);
    }
    const page = await s.http("/pasien", { redirect: "manual" });
    assert.equal(page.status, 302);
    assert.equal(page.headers.get("cache-control"), "no-store");
    await page.body?.cancel();
    const cross = (cookie?: string) =>
      s.http("/api/province/update", {
        method: "POST",
        headers: { origin: "http://evil.test", ...(cookie ? { cookie } : {}) },
        body: new URLSearchParams({ id: "", kode: "11", desc: "Aceh" }),
      });
    for (const cookie of [clerk.cookie, clerk.cookie, undefined]) {
      const r = await cross(cookie);
      assert.equal(r.status, 403);
      assert.equal(r.headers.get("cache-control"), "no-store");
      assert.equal((await r.json()).message, "Permintaan dari situs lain ditolak.");
    }
    assert.deepEqual(await entries(s, "unauthenticated"), [
      ["-", "127.0.0.1", "GET /api/pasien", { path: "/api/pasien", count: 1 }],
    ]);
    const refused = { path: "/api/province/update", origin: "http://evil.test", count: 1 };
    assert.deepEqual(await entries(s, "cross_origin"), [
      ["petugas", "127.0.0.1", "POST /api/province/update", refused],
      ["-", "127.0.0.1", "POST /api/province/update", refused],
    ]);
  });
  await auditFold.flush();
  const folded = (await entries(s, "unauthenticated")).slice(1);
  assert.equal(folded.length, 1);
  assert.equal((folded[0][3] as { count: number }).count, 2);
  const cross = (await entries(s, "cross_origin")).slice(2);
  assert.deepEqual(cross.map((e) => [e[0], (e[3] as { count: number }).count]), [["petugas", 1]]);
  // nothing was written by the refused writes
  assert.equal((await s.json("/api/province")).body.recordsTotal, 0);
});

Deno.test("a login's answers carry no-store, the right password's too", async () => {
  await using s = await served();
  const r = await login(s, "admin", ADMIN_PASSWORD);
  assert.equal(r.status, 200);
  assert.equal(r.headers.get("cache-control"), "no-store");
  await r.body?.cancel();
  await auditFold.flush();
});
