import assert from "node:assert/strict";
import { auditFold } from "../lib/http/folded.ts";
import { ADMIN_PASSWORD, setup } from "./helpers.ts";

Deno.test("login: empty hospital code, wrong password, then a session cookie", async () => {
  await using t = await setup();
  const login = (f: Record<string, string>) =>
    t.app.request("/auth/login", { method: "POST", body: new URLSearchParams(f) });
  let res = await login({ hospitalCode: "", username: "admin", password: ADMIN_PASSWORD });
  assert.equal(res.status, 400);
  assert.equal((await res.json()).message, "Tolong di Reload Lagi Halaman Anda.");
  res = await login({ hospitalCode: "RS01", username: "admin", password: "salah" });
  assert.equal(res.status, 401);
  assert.equal((await res.json()).success, false);
  res = await login({ hospitalCode: "RS01", username: "ADMIN", password: ADMIN_PASSWORD });
  assert.equal(res.status, 200);
  assert.deepEqual((await res.json()).success, true);
  const cookie = res.headers.get("set-cookie")!;
  assert.match(cookie, /sid=/);
  assert.match(cookie, /HttpOnly/);
  assert.match(cookie, /SameSite=Lax/);
  const home = await t.app.request("/", { headers: { cookie: cookie.split(";")[0] } });
  assert.equal(home.status, 200);
  assert.match(await home.text(), /Admin Uji/);
  // logout ends the session
  const out = await t.app.request("/auth/logout", {
    method: "POST",
    headers: { cookie: cookie.split(";")[0] },
  });
  assert.equal(out.status, 303);
  const again = await t.app.request("/api/province", { headers: { cookie: cookie.split(";")[0] } });
  assert.equal(again.status, 401);
  // the failed login's folded audit entry, written before the app closes
  await auditFold.flush();
  const failed = (await t.audit.list({ action: "login_failed" }, 0, 10)).rows;
  assert.deepEqual(failed.map((r) => [r.username, r.after]), [["admin", {
    username: "admin",
    count: 1,
  }]]);
});

Deno.test("every route except login, licence and static files needs a session", async () => {
  await using t = await setup();
  const open = [
    "/auth/login",
    "/static/*",
    "/validation",
    "/validation/deactived",
    "/lisensi/:code{.+}",
    "/setting/background",
  ];
  const routes = t.app.routes.filter((r) => r.method !== "ALL" && !open.includes(r.path));
  assert.ok(routes.length > 20, `routes: ${routes.length}`);
  for (const r of routes) {
    const path = r.path.replace(/:(\w+)/g, "01HZZZZZZZZZZZZZZZZZZZZZZZ");
    const res = await t.app.request(path, { method: r.method, headers: { accept: "text/html" } });
    if (path.startsWith("/api/") || r.method !== "GET") {
      assert.equal(res.status, 401, `${r.method} ${path}`);
      assert.match((await res.json()).message, /Sesi tidak valid/);
    } else {
      assert.equal(res.status, 302, `${r.method} ${path}`);
      // the login comes back to the page asked for
      const back = path === "/" ? "" : `?next=${encodeURIComponent(path)}`;
      assert.equal(res.headers.get("location"), `/auth/login${back}`, path);
    }
  }
});

Deno.test("cross-origin writes are refused whatever the content type", async () => {
  await using t = await setup();
  for (
    const headers of <Record<string, string>[]> [
      { origin: "http://evil.test", "content-type": "application/json" },
      { origin: "http://evil.test", "content-type": "text/plain" },
      { "sec-fetch-site": "cross-site", "content-type": "application/json" },
    ]
  ) {
    const res = await t.req("http://localhost/api/province/update", {
      method: "POST",
      headers,
      body: JSON.stringify({ id: "", kode: "11", desc: "Aceh" }),
    });
    assert.equal(res.status, 403);
  }
  const ok = await t.req("http://localhost/api/province/update", {
    method: "POST",
    headers: { origin: "http://localhost", "content-type": "application/json" },
    body: JSON.stringify({ id: "", kode: "11", desc: "Aceh" }),
  });
  assert.equal(ok.status, 200);
  const list = await t.json("/api/province");
  assert.equal(list.body.recordsTotal, 1);
});

Deno.test("security headers: CSP allows only own scripts and the inline boot by hash; a page ships only its own islands and links the hashed stylesheet", async () => {
  await using t = await setup();
  const res = await t.req("/", { headers: { accept: "text/html" } });
  const csp = res.headers.get("content-security-policy")!;
  assert.match(csp, /script-src 'self'/);
  assert.doesNotMatch(csp, /unsafe/);
  assert.equal(res.headers.get("x-content-type-options"), "nosniff");
  const html = await res.text();
  assert.match(html, /data-island="DashboardCharts"/);
  assert.doesNotMatch(html, /DataTable-|LoginForm-/);
  const res2 = await t.req("/provinsi");
  const page = await res2.text();
  assert.match(page, /data-island="DataTable"/);
  assert.doesNotMatch(page, /LoginForm-/);
  // the boot script comes inline, allowed by its hash and nothing else
  const hash = async (text: string) =>
    `'sha256-${
      btoa(String.fromCharCode(
        ...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))),
      ))
    }'`;
  const boot = page.match(/<script type="module">([\s\S]*?)<\/script>/)![1];
  assert.match(boot, /data-island-id/);
  assert.doesNotMatch(page, /<style|<script type="module" src=/);
  const policy = res2.headers.get("content-security-policy")!;
  assert.ok(policy.includes(`script-src 'self' ${await hash(boot)};`), policy);
  assert.ok(policy.includes("style-src 'self';"), policy);
  // the stylesheet is the built, hashed file: cached for a year, compressed, no session needed
  const href = page.match(/<link rel="stylesheet" href="(\/static\/build\/app-\w+\.css)"/)![1];
  const css = await t.app.request(href, { headers: { "accept-encoding": "gzip, br" } });
  assert.equal(css.status, 200);
  assert.equal(css.headers.get("cache-control"), "public, max-age=31536000, immutable");
  assert.equal(css.headers.get("content-encoding"), "br");
  assert.match(css.headers.get("content-type")!, /^text\/css/);
  const plain = await t.app.request(href);
  assert.match(await plain.text(), /\.dt-table/);
  assert.equal((page.match(/<script(?![^>]*type="application\/json")/g) ?? []).length, 1);
});
