import assert from "node:assert/strict";
import { accessOf } from "../routes/_access.ts";
import { registry } from "../resources/mod.ts";
import { setup } from "./helpers.ts";

type T = Awaited<ReturnType<typeof setup>>;
type Who = "admin" | "casemix" | "viewer" | "anon";
const WHO: Who[] = ["admin", "casemix", "viewer", "anon"];
const NONE = "01J0000000000000000000NONE";
const FORBIDDEN = "Anda tidak memiliki akses untuk tindakan ini.";

/** Let through: the route's own handler answers (any status but 401 and 403). */
const OK = "ok";
type Want = typeof OK | 302 | 401 | 403;

/**
 * The oracle, written by hand from the README's roles (not from routes/_access.ts): admin does
 * everything; casemix does the inpatient work and the master data except users, and reads the
 * settings; viewer only reads; nobody without a session gets past login and the licence (a page
 * sends them to the login, 302; anything else gets 401). One row per admin-only route and per
 * write route the app registers: expected status for [admin, casemix, viewer, anonymous].
 * Every other route is a read, open to every role (checked below from the same rules).
 */
const TABLE: Record<string, [Want, Want, Want, Want]> = {
  // login and licence: before any session
  "GET /auth/login": [OK, OK, OK, OK],
  "POST /auth/login": [OK, OK, OK, OK],
  "GET /validation": [OK, OK, OK, OK],
  "POST /validation": [OK, OK, OK, OK],
  "DELETE /validation/deactived": [OK, 403, 403, 401],
  "GET /lisensi/:code{.+}": [OK, OK, OK, OK],
  "GET /setting/background": [OK, OK, OK, OK],
  // one's own session, password and E-Klaim NIK
  "POST /auth/logout": [OK, OK, OK, 401],
  "GET /api/session": [OK, OK, OK, 401],
  "POST /api/user/password": [OK, OK, OK, 401],
  "POST /api/user/nik": [OK, OK, OK, 401],
  // the first-run checklist's official region list: master data (its request names no list here)
  "POST /api/setup/official-regions": [OK, OK, 403, 401],
  // users: the admin only, reading included
  "GET /pengguna": [OK, 403, 403, 302],
  "GET /api/user": [OK, 403, 403, 401],
  "GET /api/user/:id": [OK, 403, 403, 401],
  "GET /api/user/select2": [OK, 403, 403, 401],
  "GET /api/user/template": [OK, 403, 403, 401],
  "POST /api/user/update": [OK, 403, 403, 401],
  "POST /api/user/import": [OK, 403, 403, 401],
  "DELETE /api/user/delete/:id": [OK, 403, 403, 401],
  "POST /api/user/unlock/:id": [OK, 403, 403, 401],
  // settings: everyone reads them, the admin changes them
  "POST /api/setting/hospital": [OK, 403, 403, 401],
  "POST /api/setting/address": [OK, 403, 403, 401],
  "POST /api/setting/bill": [OK, 403, 403, 401],
  "POST /setting/upload-background": [OK, 403, 403, 401],
  // E-Klaim's web service: casemix sees whether it is set up, the admin changes and tests it
  "GET /api/setting/eklaim": [OK, OK, 403, 401],
  "POST /api/setting/eklaim": [OK, 403, 403, 401],
  "POST /api/setting/eklaim/test": [OK, 403, 403, 401],
  "DELETE /setting/delete-background": [OK, 403, 403, 401],
  // database connection, backups and restore, the audit log: the admin only
  "GET /koneksi": [OK, 403, 403, 302],
  "POST /connection/save-ip": [OK, 403, 403, 401],
  "GET /db-backup": [OK, 403, 403, 302],
  "GET /api/db-backup": [OK, 403, 403, 401],
  "POST /api/db-backup": [OK, 403, 403, 401],
  "POST /api/db-backup/restore/:id": [OK, 403, 403, 401],
  "DELETE /api/db-backup/delete/:id": [OK, 403, 403, 401],
  "GET /api/db-backup/download/:id": [OK, 403, 403, 401],
  "POST /api/db-backup/upload": [OK, 403, 403, 401],
  "GET /audit": [OK, 403, 403, 302],
  "GET /api/audit": [OK, 403, 403, 401],
  "GET /api/audit/verify": [OK, 403, 403, 401],
  "POST /api/audit/verify/full": [OK, 403, 403, 401],
  "GET /api/audit/export": [OK, 403, 403, 401],
  // inpatient work: admin and casemix
  "POST /api/ipd/update": [OK, OK, 403, 401],
  "DELETE /api/ipd/:id": [OK, OK, 403, 401],
  "POST /api/ipd/visitexamination/update": [OK, OK, 403, 401],
  "DELETE /api/ipd/:ipdId/details/:detailId": [OK, OK, 403, 401],
  "POST /api/ipd/discharge-patient/update": [OK, OK, 403, 401],
  "POST /api/ipd/:id/cancel-discharge": [OK, OK, 403, 401],
  "POST /api/ipd/:id/summary": [OK, OK, 403, 401],
  // claims: admin and casemix change them, the viewer reads
  "POST /api/klaim/import-eklaim": [OK, OK, 403, 401],
  "POST /api/klaim/import-status": [OK, OK, 403, 401],
  "POST /api/klaim/:ipdId/status": [OK, OK, 403, 401],
  // the E-Klaim bridge: admin and casemix, reading included (viewers 403)
  "GET /api/eklaim/:ipdId": [OK, OK, 403, 401],
  "POST /api/eklaim/:ipdId/group": [OK, OK, 403, 401],
  "POST /api/eklaim/:ipdId/final": [OK, OK, 403, 401],
  "POST /api/eklaim/:ipdId/send": [OK, OK, 403, 401],
  "POST /api/eklaim/:ipdId/reedit": [OK, OK, 403, 401],
  "GET /api/eklaim/:ipdId/print": [OK, OK, 403, 401],
  "GET /api/eklaim/codes": [OK, OK, 403, 401],
  "GET /api/eklaim/code-options": [OK, OK, 403, 401],
  "POST /api/eklaim/send-month": [OK, OK, 403, 401],
  // the Klaim page, its list and export: every role reads
  "GET /klaim": [OK, OK, OK, 302],
  "GET /api/klaim": [OK, OK, OK, 401],
  "GET /api/klaim/export": [OK, OK, OK, 401],
  // a stay's claim readiness: every role reads it
  "GET /api/ipd/:id/claim-check": [OK, OK, OK, 401],
  // master data: admin and casemix
  "POST /api/pasien/update": [OK, OK, 403, 401],
  "POST /api/pasien/import": [OK, OK, 403, 401],
  "DELETE /api/pasien/delete/:id": [OK, OK, 403, 401],
  "POST /api/doctor/update": [OK, OK, 403, 401],
  "POST /api/doctor/update/:field/:id": [OK, OK, 403, 401],
  "POST /api/doctor/import": [OK, OK, 403, 401],
  "DELETE /api/doctor/delete/:id": [OK, OK, 403, 401],
  "POST /api/room/update": [OK, OK, 403, 401],
  "POST /api/room/import": [OK, OK, 403, 401],
  "DELETE /api/room/delete/:id": [OK, OK, 403, 401],
  "POST /api/class-room/update": [OK, OK, 403, 401],
  "DELETE /api/class-room/delete/:id": [OK, OK, 403, 401],
  "POST /api/icd/update": [OK, OK, 403, 401],
  "POST /api/icd/import": [OK, OK, 403, 401],
  "DELETE /api/icd/delete/:id": [OK, OK, 403, 401],
  "POST /api/inacbg/update": [OK, OK, 403, 401],
  "POST /api/inacbg/import": [OK, OK, 403, 401],
  "DELETE /api/inacbg/delete/:id": [OK, OK, 403, 401],
  "POST /api/inatarif/update": [OK, OK, 403, 401],
  "POST /api/inatarif/import": [OK, OK, 403, 401],
  "DELETE /api/inatarif/delete/:id": [OK, OK, 403, 401],
  "POST /api/disputed-claim/update": [OK, OK, 403, 401],
  "POST /api/disputed-claim/import": [OK, OK, 403, 401],
  "DELETE /api/disputed-claim/delete/:id": [OK, OK, 403, 401],
  "POST /api/province/update": [OK, OK, 403, 401],
  "POST /api/province/import": [OK, OK, 403, 401],
  "DELETE /api/province/delete/:id": [OK, OK, 403, 401],
  "POST /api/regency/update": [OK, OK, 403, 401],
  "POST /api/regency/import": [OK, OK, 403, 401],
  "DELETE /api/regency/delete/:id": [OK, OK, 403, 401],
  "POST /api/district/update": [OK, OK, 403, 401],
  "POST /api/district/import": [OK, OK, 403, 401],
  "DELETE /api/district/delete/:id": [OK, OK, 403, 401],
  "POST /api/village/update": [OK, OK, 403, 401],
  "POST /api/village/import": [OK, OK, 403, 401],
  "DELETE /api/village/delete/:id": [OK, OK, 403, 401],
  // reference lists (master data): admin and casemix
  "POST /api/alasan-ranap/update": [OK, OK, 403, 401],
  "POST /api/criteria/update": [OK, OK, 403, 401],
  "POST /api/discharge-patient/update": [OK, OK, 403, 401],
  "POST /api/episode/update": [OK, OK, 403, 401],
  "POST /api/hospital-class/update": [OK, OK, 403, 401],
  "POST /api/hospital-type/update": [OK, OK, 403, 401],
  "POST /api/indication-ranap/update": [OK, OK, 403, 401],
  "POST /api/owner/update": [OK, OK, 403, 401],
  "POST /api/regional/update": [OK, OK, 403, 401],
  "POST /api/validation-action/update": [OK, OK, 403, 401],
};

/** Any other route: a read, for every signed-in role (lists, pages, reports, exports). */
const READ = (path: string): [Want, Want, Want, Want] => [
  OK,
  OK,
  OK,
  path.startsWith("/api/") ? 401 : 302,
];

const isWrite = (method: string) => !["GET", "HEAD"].includes(method);

/** Every route the app registered (middleware excluded), once per method and pattern. */
function routeTable(t: T): string[] {
  const keys = t.app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`);
  return [...new Set(keys)];
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
  const missing = routeTable(t).filter((k) => !access(k.split(" ")[0], k.split(" ")[1]));
  assert.deepEqual(missing, []);
  // and an undeclared route is refused to everyone
  assert.equal(access("GET", "/api/tidak-dideklarasikan"), undefined);
});

Deno.test("access: the hand-written table has a row for every write route the app registers, and only those", async () => {
  await using t = await setup();
  const routes = routeTable(t);
  assert.ok(routes.length > 150, `only ${routes.length} routes`);
  const writes = routes.filter((k) => isWrite(k.split(" ")[0]));
  assert.deepEqual(writes.filter((k) => !(k in TABLE)), [], "write routes without a row");
  assert.deepEqual(Object.keys(TABLE).filter((k) => !routes.includes(k)), [], "rows of no route");
  // the admin-only reads have rows too; any other read is open to every role (next test), so a
  // new admin-only read without a row fails there
});

Deno.test("access: every route × role answers what the hand-written table says", async () => {
  await using t = await setup();
  const routes = routeTable(t);
  await t.req("/"); // the app is ready (reference lists seeded)
  for (const role of ["admin", "casemix", "viewer"] as const) await t.as(role);
  const before = await snapshot(t);
  const got: { route: string; who: Who; status: number }[] = [];
  // refusals first (they must change nothing), then the calls let through
  for (const pass of ["refused", "let through"] as const) {
    for (const route of routes) {
      const [method, path] = route.split(" ");
      const want = TABLE[route] ?? READ(path);
      for (const [i, who] of WHO.entries()) {
        if ((pass === "let through") !== (want[i] === OK)) continue;
        const session = who === "anon" ? null : await t.as(who);
        const res = await t.app.request(urlOf(path), {
          method,
          headers: session ? { cookie: session.cookie } : {},
          body: isWrite(method) ? new URLSearchParams() : undefined,
          redirect: "manual",
        });
        const text = await res.text();
        got.push({ route, who, status: res.status });
        const where = `${who} ${route} → ${res.status} ${text.slice(0, 120)}`;
        if (want[i] === OK) {
          assert.ok(![401, 403].includes(res.status), `${where}: expected to be let through`);
        } else {
          assert.equal(res.status, want[i], where);
          if (want[i] === 403) assert.equal(JSON.parse(text).message, FORBIDDEN, where);
          // the login comes back to the page asked for
          if (want[i] === 302) {
            const url = urlOf(path);
            const back = url === "/" ? "" : `?next=${encodeURIComponent(url)}`;
            assert.equal(res.headers.get("location"), `/auth/login${back}`, where);
          }
        }
      }
    }
    if (pass === "refused") assert.equal(await snapshot(t), before, "a refused request wrote");
  }
  assert.equal(got.length, routes.length * WHO.length);
  // every refusal of a signed-in user was audited
  const forbidden = await t.audit.list({ action: "forbidden" }, 0, 10_000);
  assert.equal(forbidden.filtered, got.filter((g) => g.status === 403).length);
});
