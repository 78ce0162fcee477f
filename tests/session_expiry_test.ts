import assert from "node:assert/strict";
import { SESSION_TTL_MS } from "../lib/auth/auth.ts";
import { ADMIN_PASSWORD, setup } from "./helpers.ts";

/** Runs `fn` with the process clock (`Date.now`) moved `ms` ahead. */
async function later<T>(ms: number, fn: () => T | Promise<T>): Promise<T> {
  const real = Date.now;
  Date.now = () => real() + ms;
  try {
    return await fn();
  } finally {
    Date.now = real;
  }
}

Deno.test("session: a login in use lasts 12 hours, then the API answers 401 and pages send to the login", async () => {
  await using t = await setup();
  assert.equal(SESSION_TTL_MS, 12 * 3_600_000);
  const login = await t.app.request("/auth/login", {
    method: "POST",
    body: new URLSearchParams({
      hospitalCode: "RS01",
      username: "admin",
      password: ADMIN_PASSWORD,
    }),
  });
  assert.equal(login.status, 200, await login.clone().text());
  const set = login.headers.get("set-cookie")!;
  assert.match(set, /Max-Age=43200/);
  assert.match(set, /HttpOnly/);
  const cookie = set.split(";")[0];
  const get = (path: string) => t.app.request(path, { headers: { cookie } });

  // in use every 25 minutes (under the idle limit) it lasts until 12 hours after the login
  const minute = 60_000, hour = 60 * minute;
  for (let ms = 0; ms < 12 * hour; ms += 25 * minute) {
    const r = await later(ms, () => get("/api/province"));
    assert.equal(r.status, 200, `${ms / minute} menit kemudian`);
    await r.body?.cancel();
  }
  const last = await later(12 * hour - minute, () => get("/api/province"));
  assert.equal(last.status, 200);
  await last.body?.cancel();
  // then it is over, however recently it was used
  const api = await later(12 * hour + 1_000, () => get("/api/province"));
  assert.equal(api.status, 401);
  assert.match((await api.json()).message, /sesi|login/i);
  const page = await later(12 * hour + 1_000, () => get("/provinsi"));
  assert.equal(page.status, 302);
  assert.match(page.headers.get("location")!, /^\/auth\/login/);
});

Deno.test("session: idle time counts from the last request, not from the last write", async () => {
  await using t = await setup({ config: { sessionIdleMinutes: 1 } });
  const login = await t.app.request("/auth/login", {
    method: "POST",
    body: new URLSearchParams({
      hospitalCode: "RS01",
      username: "admin",
      password: ADMIN_PASSWORD,
    }),
  });
  assert.equal(login.status, 200);
  const cookie = login.headers.get("set-cookie")!.split(";")[0];
  const get = async (s: number) => {
    const r = await later(s * 1000, () => t.app.request("/api/province", { headers: { cookie } }));
    await r.body?.cancel();
    return r.status;
  };
  // active every 40 seconds: never idle for a minute
  for (const s of [40, 80, 120, 160, 200]) assert.equal(await get(s), 200, `${s} detik`);
  // idle for just under a minute after the last request: still signed in
  assert.equal(await get(259), 200, "59 detik setelah permintaan terakhir");
  // a minute and a second after the last request: over
  assert.equal(await get(320), 401, "61 detik setelah permintaan terakhir");
});
