import assert from "node:assert/strict";
import { derivationCount } from "../lib/auth/password.ts";
import { loadConfig } from "../lib/config.ts";
import { allowAnyLicence, type LicenceGate } from "../lib/licence/gate.ts";
import { MinuteFold } from "../lib/audit/fold.ts";
import { auditFold } from "../lib/http/folded.ts";
import { ADMIN_PASSWORD, setup, type TestAppOptions } from "./helpers.ts";

type T = Awaited<ReturnType<typeof setup>>;

const login = (t: T, username: string, password: string, headers: Record<string, string> = {}) =>
  t.app.request("/auth/login", {
    method: "POST",
    headers,
    body: new URLSearchParams({ hospitalCode: "RS01", username, password }),
  });

/** Runs `fn` with the process clock (`Date.now`) stopped at a fixed moment in one minute. */
async function atOneMoment<T>(fn: () => Promise<T>): Promise<T> {
  const real = Date.now;
  const fixed = Math.floor(real() / 60_000) * 60_000 + 1_000;
  Date.now = () => fixed;
  try {
    return await fn();
  } finally {
    Date.now = real;
  }
}

/** The app with accounts `names` (password ADMIN_PASSWORD) besides `admin`. */
async function withAccounts(names: string[], opts: TestAppOptions = { licence: allowAnyLicence }) {
  const t = await setup(opts);
  for (const n of names) await t.as("casemix", n);
  return t;
}

Deno.test("TRUST_PROXY: the address is the entry the trusted proxy appended, N hops from the end", async () => {
  assert.equal(loadConfig({ get: (k) => k === "TRUST_PROXY" ? "2" : undefined }).trustProxy, 2);
  assert.equal(loadConfig({ get: (k) => k === "TRUST_PROXY" ? "1" : undefined }).trustProxy, 1);
  assert.equal(loadConfig({ get: () => undefined }).trustProxy, 0);
  await using t = await setup({ licence: allowAnyLicence, config: { trustProxy: 1 } });
  // the client writes the first entries itself; the proxy appends the address it saw
  let r = await login(t, "admin", ADMIN_PASSWORD, { "x-forwarded-for": "203.0.113.9, 192.0.2.7" });
  assert.equal(r.status, 200);
  const seen = (await t.audit.list({ action: "login" }, 0, 10)).rows.map((e) => e.ip);
  assert.deepEqual(seen, ["192.0.2.7"]);
  // a forged first entry on every guess does not escape the address limit
  for (let i = 0; i < 20; i++) {
    r = await login(t, `orang-${i}`, "salah", { "x-forwarded-for": `10.9.${i}.1, 192.0.2.7` });
    assert.equal(r.status, 401, `tebakan ${i}`);
  }
  // refused before its password is checked, answered as a wrong password is
  const checks = derivationCount();
  r = await login(t, "orang-lain", "salah", { "x-forwarded-for": "10.9.99.1, 192.0.2.7" });
  assert.equal(r.status, 401);
  await r.body?.cancel();
  assert.equal(derivationCount(), checks, "tidak diperiksa");

  await using two = await setup({ licence: allowAnyLicence, config: { trustProxy: 2 } });
  r = await login(two, "admin", ADMIN_PASSWORD, {
    "x-forwarded-for": "203.0.113.9, 198.51.100.4, 10.0.0.1",
  });
  assert.equal(r.status, 200);
  const ips = (await two.audit.list({ action: "login" }, 0, 10)).rows.map((e) => e.ip);
  assert.deepEqual(ips, ["198.51.100.4"]);
  await auditFold.flush();
});

Deno.test("50 wrong passwords at once: at most 5 reach the password check, then the account is locked", async () => {
  await using t = await withAccounts(["petugas"]);
  const before = derivationCount();
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) => login(t, "petugas", `salah-sekali-${i}`)),
  );
  const checked = derivationCount() - before;
  const statuses = answers.map((r) => r.status);
  for (const r of answers) await r.body?.cancel();
  assert.ok(checked <= 5, `${checked} tebakan diperiksa`);
  assert.equal(statuses.filter((s) => s === 401).length, checked);
  assert.equal(statuses.filter((s) => s === 429).length, 50 - checked);
  // every failure counted: the right password is refused now
  const r = await login(t, "petugas", ADMIN_PASSWORD);
  assert.equal(r.status, 429);
  await r.body?.cancel();
  await auditFold.flush();
});

Deno.test("one address: failures on several accounts do not lock out the others; unknown usernames are limited", async () => {
  const names = ["ani", "budi", "citra", "dedi", "eka"];
  await using t = await withAccounts(names);
  // a busy ward behind one address: four clerks lock their own accounts, a fifth mistypes once
  for (const n of names.slice(0, 4)) {
    for (let i = 0; i < 5; i++) {
      const r = await login(t, n, `keliru-${i}`);
      assert.equal(r.status, 401, `${n} ${i}`);
      await r.body?.cancel();
    }
  }
  let r = await login(t, "eka", "keliru");
  assert.equal(r.status, 401);
  await r.body?.cancel();
  // the locked accounts stay locked, the right password included
  r = await login(t, "ani", ADMIN_PASSWORD);
  assert.equal(r.status, 429);
  await r.body?.cancel();
  // everyone else behind the address logs in
  r = await login(t, "admin", ADMIN_PASSWORD);
  assert.equal(r.status, 200, await r.clone().text());
  r = await login(t, "eka", ADMIN_PASSWORD);
  assert.equal(r.status, 200);
  await r.body?.cancel();

  // guesses at usernames that do not exist: 20 from one address, then refused unchecked, with
  // the answer a wrong password gets (which usernames exist is not told)
  for (let i = 0; i < 20; i++) {
    r = await login(t, `tidak-ada-${i}`, "salah");
    assert.equal(r.status, 401, `tebakan ${i}`);
    await r.body?.cancel();
  }
  const checks = derivationCount();
  r = await login(t, "tidak-ada-lagi", "salah");
  assert.equal(r.status, 401);
  assert.equal((await r.json()).message, "Username atau password salah.");
  assert.equal(derivationCount(), checks, "tidak diperiksa");
  // an account that exists still logs in from there
  r = await login(t, "budi", "salah-lagi");
  assert.equal(r.status, 429, "budi terkunci sendiri");
  await r.body?.cancel();
  r = await login(t, "admin", ADMIN_PASSWORD);
  assert.equal(r.status, 200);
  await r.body?.cancel();
  await auditFold.flush();
});

Deno.test("trivial passwords are refused with what to do: repeats, the username repeated", async () => {
  await using t = await setup();
  const me = await t.as("casemix", "vw1");
  for (const pw of ["aaaaaaaaaaaa", "vw1vw1vw1vw1", "vw1-vw1-vw1-vw1"]) {
    const r = await me.post("/api/user/password", { oldPassword: ADMIN_PASSWORD, newPassword: pw });
    assert.equal(r.status, 400, pw);
    assert.match(r.body.message, /mudah ditebak/, pw);
    assert.match(r.body.message, /Gunakan/, pw);
    const made = await t.post("/api/user/update", {
      fullname: "Baru",
      email: "baru@rs.test",
      username: "vw2",
      password: pw,
    });
    assert.equal(made.status, 400, pw);
  }
  // a password with a few unrelated words passes
  const ok = await me.post("/api/user/password", {
    oldPassword: ADMIN_PASSWORD,
    newPassword: "kopi-tubruk-pagi",
  });
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
});

Deno.test("refused logins from a limited address: no licence call, no write, the first audited and the rest counted", async () => {
  let licenceCalls = 0;
  const counting: LicenceGate = {
    check: () => (licenceCalls++, Promise.resolve({ ok: true })),
  };
  await using t = await withAccounts(["petugas"], { licence: counting });
  await atOneMoment(async () => {
    for (let i = 0; i < 20; i++) {
      const r = await login(t, `tidak-ada-${i}`, "salah");
      assert.equal(r.status, 401);
      await r.body?.cancel();
    }
    const calls = licenceCalls;
    const snapshot = async () => {
      const out: string[] = [];
      for await (const e of t.store.kv.list({ prefix: [] })) {
        out.push(`${JSON.stringify(e.key)}@${e.versionstamp}`);
      }
      return out;
    };
    const kvBefore = await snapshot();
    await auditFold.flush();
    const auditBefore = (await t.audit.list({}, 0, 1000)).total;
    for (let i = 0; i < 30; i++) {
      const r = await login(t, `acak-${i}`, "salah");
      assert.equal(r.status, 401);
      await r.body?.cancel();
    }
    assert.equal(licenceCalls, calls, "layanan lisensi tidak dipanggil");
    assert.deepEqual(await snapshot(), kvBefore, "KV tidak berubah");
    // five wrong passwords for one account in the same minute
    for (let i = 0; i < 5; i++) {
      const r = await login(t, "petugas", `keliru-${i}`);
      await r.body?.cancel();
    }
    await auditFold.flush();
    const after = (await t.audit.list({}, 0, 1000)).rows.slice(
      0,
      (await t.audit.list({}, 0, 1000)).total - auditBefore,
    );
    // oldest first: the minute's first refusal, written at once, then its 29 repeats folded
    const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
    const locked = after.filter((e) => e.action === "login_locked").reverse();
    assert.deepEqual(locked.map((e) => e.after), [
      { address: "-", username: "acak-0", count: 1 },
      {
        address: "-",
        username: "acak-0",
        count: 29,
        minute,
        others: { username: Array.from({ length: 20 }, (_, i) => `acak-${i + 1}`) },
      },
    ]);
    const failed = after.filter((e) => e.action === "login_failed").reverse();
    assert.deepEqual(failed.map((e) => e.after), [
      { username: "petugas", count: 1 },
      { username: "petugas", count: 4, minute },
    ]);
    assert.equal(after.filter((e) => e.action === "lockout").length, 1);
  });
});

Deno.test("small answers: 403 not cached, bad static path and long username 400, one reading of X-Forwarded-Proto", async () => {
  await using t = await setup({ licence: allowAnyLicence, config: { trustProxy: 1 } });
  const viewer = await t.as("viewer");
  for (const [path, accept] of [["/api/user", "application/json"], ["/pengguna", "text/html"]]) {
    const r = await viewer.req(path, { headers: { accept } });
    assert.equal(r.status, 403, path);
    assert.equal(r.headers.get("cache-control"), "no-store", path);
    await r.body?.cancel();
  }
  let r = await t.app.request("/static/%E0%A4%A");
  assert.equal(r.status, 400);
  await r.body?.cancel();
  r = await login(t, "a".repeat(3000), "salah");
  assert.equal(r.status, 400);
  assert.match((await r.json()).message, /Username/);
  for (
    const [proto, https] of [["https, http", false], ["http, https", true], [
      "https",
      true,
    ]] as const
  ) {
    r = await login(t, "admin", ADMIN_PASSWORD, {
      "x-forwarded-proto": proto,
      origin: "http://localhost",
    });
    assert.equal(r.status, 200);
    await r.body?.cancel();
    assert.equal(/;\s*Secure/i.test(r.headers.get("set-cookie")!), https, `cookie ${proto}`);
    assert.equal(!!r.headers.get("strict-transport-security"), https, `HSTS ${proto}`);
  }
  await auditFold.flush();
});

Deno.test("MinuteFold: one record per key and clock minute, with its count and data, once the minute is over", async () => {
  let now = Date.UTC(2026, 10, 24, 8, 0, 10);
  const fold = new MinuteFold(() => now);
  const out: string[] = [];
  const add = (key: string, part = 0, apart = false) =>
    fold.add<{ sum: number }>(key, () => ({
      data: { sum: 0 },
      emit: (
        n,
        d,
        minute,
      ) => (out.push(`${key}:${n}:${d.sum}@${minute.slice(11, 16)}`), Promise.resolve()),
    }), (d) =>
      d.sum += part, apart);
  assert.equal(add("a", 1), true, "the minute's first");
  assert.equal(add("a", 2), false);
  add("b", 5), add("a", 3);
  // apart: the first is the caller's to write; only the repeats are counted
  assert.equal(add("c", 7, true), true);
  assert.equal(add("d", 1, true), true);
  assert.equal(add("d", 4, true), false);
  assert.deepEqual(out, [], "nothing while the minute runs");
  now += 50_000; // 08:01:00
  add("a", 10);
  assert.deepEqual(out.sort(), ["a:3:6@08:00", "b:1:5@08:00", "d:1:4@08:00"]);
  now += 59_000;
  add("a", 1);
  await fold.flush();
  assert.deepEqual(out.sort(), ["a:2:11@08:01", "a:3:6@08:00", "b:1:5@08:00", "d:1:4@08:00"]);
});
