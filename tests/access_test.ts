import assert from "node:assert/strict";
import { accessOf } from "../routes/_access.ts";
import { type Access, allows, FORBIDDEN, type Role } from "../lib/auth/roles.ts";
import { registry } from "../resources/mod.ts";
import { setup } from "./helpers.ts";

type T = Awaited<ReturnType<typeof setup>>;
const ROLES: Role[] = ["admin", "casemix", "viewer"];
const NONE = "01J0000000000000000000NONE";

/** Every route the app registered (middleware excluded), once per method and pattern. */
function routeTable(t: T): { method: string; path: string }[] {
  const seen = new Set<string>();
  return t.app.routes.filter((r) => r.method !== "ALL").filter((r) => {
    const k = `${r.method} ${r.path}`;
    return !seen.has(k) && seen.add(k);
  });
}

/** A concrete URL for a pattern: every parameter gets an id that does not exist. */
const urlOf = (pattern: string) =>
  pattern.replace(/:code\{[^}]*\}/, "RS01").replace(/:field/, "aktif").replace(/:\w+/g, NONE);

/** Everything in KV but sessions and login counters, to prove a refusal changed nothing. */
async function snapshot(t: T): Promise<string> {
  const out: string[] = [];
  for await (const e of t.store.kv.list({ prefix: [] })) {
    if (e.key[0] === "session" || e.key[0] === "login_fail") continue;
    out.push(`${JSON.stringify(e.key)}@${e.versionstamp}`);
  }
  return out.join("\n");
}

Deno.test("access: every registered route has a declared access", async () => {
  await using t = await setup();
  const access = accessOf(registry);
  const missing = routeTable(t).filter((r) => !access(r.method, r.path));
  assert.deepEqual(missing.map((r) => `${r.method} ${r.path}`), []);
  // and an undeclared route is refused to everyone
  assert.equal(access("GET", "/api/tidak-dideklarasikan"), undefined);
});

Deno.test("access: the route table × role gives exactly what the declaration says", async () => {
  await using t = await setup();
  const access = accessOf(registry);
  const routes = routeTable(t);
  assert.ok(routes.length > 60, `only ${routes.length} routes`);
  const table: { route: string; access: Access; role: Role | "anon"; status: number }[] = [];
  await t.req("/"); // the app is ready (reference lists seeded)
  for (const role of ROLES) await t.as(role); // and every role has its account
  const before = await snapshot(t);
  // refusals first (they must change nothing), then the allowed calls
  for (const pass of ["refused", "allowed"] as const) {
    for (const r of routes) {
      const need = access(r.method, r.path)!;
      for (const role of [...ROLES, "anon" as const]) {
        const ok = role === "anon" ? need === "public" : allows(role, need);
        if ((pass === "allowed") !== ok) continue;
        const who = role === "anon" ? null : await t.as(role);
        const res = await t.app.request(urlOf(r.path), {
          method: r.method,
          headers: who ? { cookie: who.cookie } : {},
          body: r.method === "GET" || r.method === "HEAD" ? undefined : new URLSearchParams(),
        });
        const text = await res.text();
        table.push({ route: `${r.method} ${r.path}`, access: need, role, status: res.status });
        const where = `${role} ${r.method} ${r.path} → ${res.status} ${text.slice(0, 120)}`;
        if (ok) {
          assert.ok(![401, 403].includes(res.status), where);
        } else if (role === "anon") {
          assert.ok(res.status === 401 || res.status === 302, where);
        } else {
          assert.equal(res.status, 403, where);
          assert.equal(JSON.parse(text).message, FORBIDDEN, where);
        }
      }
    }
    if (pass === "refused") assert.equal(await snapshot(t), before, "a refused request wrote");
  }
  // the table covers every route for every role
  assert.equal(table.length, routes.length * 4);
  const refusedFor = (role: Role) =>
    table.filter((x) => x.role === role && x.status === 403).map((x) => x.route);
  assert.deepEqual(refusedFor("admin"), []);
  assert.ok(refusedFor("casemix").includes("POST /api/user/update"));
  assert.ok(refusedFor("casemix").includes("POST /api/db-backup/restore/:id"));
  assert.ok(!refusedFor("casemix").includes("POST /api/ipd/visitexamination/update"));
  assert.ok(refusedFor("viewer").includes("POST /api/ipd/visitexamination/update"));
  assert.ok(!refusedFor("viewer").includes("GET /api/ipd/export-ipd-data"));
  // every refusal was audited
  const forbidden = await t.audit.list({ action: "forbidden" }, 0, 10_000);
  assert.equal(forbidden.filtered, refusedFor("casemix").length + refusedFor("viewer").length);
});
