import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import { AuditLog } from "../lib/audit/log.ts";
import { dtQuery, setup, tempDir, versionOf } from "./helpers.ts";

Deno.test("audit: records, lists newest first with filters, exports, and verify catches an edit in KV", async () => {
  await using t = await setup();
  const add = await t.post("/api/province/update", { kode: "11", desc: "Aceh" });
  const id = add.body.data._id;
  await t.post("/api/province/update", {
    id,
    _version: await versionOf(t, "province", id),
    kode: "11",
    desc: "Aceh Darussalam",
  });
  await t.req(`/api/province/delete/${id}`, { method: "DELETE" });
  const cols = ["at", "username", "role", "ip", "action", "entity", "entityId", "before", "after"];
  const res = await t.json(`/api/audit?${dtQuery(cols)}&entity=province`);
  assert.equal(res.status, 200);
  assert.equal(res.body.recordsFiltered, 3);
  const [del, upd, add2] = res.body.data;
  assert.deepEqual([del.action, upd.action, add2.action], ["delete", "update", "create"]);
  assert.deepEqual(Object.keys(del).sort(), ["id", ...cols].sort());
  assert.deepEqual([upd.before, upd.after], [{ desc: "Aceh" }, { desc: "Aceh Darussalam" }]);
  assert.equal(del.before.desc, "Aceh Darussalam");
  assert.equal(del.before.kode, "11");
  assert.equal(del.username, "admin");
  assert.equal(del.role, "admin");
  // filters by user, action and date range
  const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
  const q = (p: string) => t.json(`/api/audit?${dtQuery(cols)}&${p}`);
  assert.equal((await q(`action=update&username=admin`)).body.recordsFiltered, 1);
  assert.equal((await q(`from=${today}&to=${today}&entity=province`)).body.recordsFiltered, 3);
  assert.equal((await q(`to=2020-01-01`)).body.recordsFiltered, 0);
  assert.equal((await q(`from=31-02-2020`)).status, 400);
  const xlsx = await t.req("/api/audit/export?entity=province");
  assert.equal(xlsx.status, 200);
  assert.match(xlsx.headers.get("content-type")!, /spreadsheetml/);
  // no API edits or deletes an entry
  for (const method of ["POST", "PUT", "DELETE"]) {
    assert.equal((await t.req(`/api/audit/${del.id}`, { method })).status, 404);
  }
  // no password or hash anywhere in the trail
  await t.post("/api/user/update", {
    fullname: "Siti",
    email: "siti@rs.test",
    username: "siti",
    password: "sandi-siti-rahasia",
  });
  const all = JSON.stringify((await t.audit.list({}, 0, 1000)).rows);
  assert.doesNotMatch(all, /sandi-siti-rahasia|pbkdf2|passwordHash/);

  const head = (await t.audit.kv.get(["audit_head"])).value as Record<string, unknown>;
  assert.deepEqual((await t.json("/api/audit/verify")).body, {
    ok: true,
    count: await t.audit.count(),
    brokenAt: null,
    head: { count: head.count, id: head.id, hash: head.hash },
  });
  // alter the update entry directly in KV
  const key = ["audit", upd.id];
  const stored = await t.audit.kv.get<{ data: string }>(key);
  await t.audit.kv.set(key, {
    ...stored.value!,
    data: stored.value!.data.replace("Darussalam", "Raya"),
  });
  const v = (await t.json("/api/audit/verify")).body;
  assert.deepEqual([v.ok, v.brokenAt], [false, upd.id]);
  assert.equal((await t.req("/audit")).status, 200); // the page asks /api/audit/verify itself
});

Deno.test("audit: a restore keeps the entries written after the backup, then its own", async () => {
  await using tmp = await tempDir();
  const dir = tmp.path;
  await using t = await setup({ dataDir: dir, file: true });
  const backup = await t.post("/api/db-backup", { name: "Awal" });
  await t.post("/api/province/update", { kode: "11", desc: "Aceh" });
  const r = await t.post(`/api/db-backup/restore/${backup.body.data._id}`, {});
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal((await t.json("/api/province")).body.recordsTotal, 0); // the data went back
  const trail = (await t.audit.list({}, 0, 100)).rows.map((e) => `${e.action} ${e.entity}`);
  assert.deepEqual(trail.slice(0, 3), ["restore db-backup", "create province", "backup db-backup"]);
  assert.equal((await t.audit.verify()).ok, true);
});

Deno.test("audit log: back-to-back and concurrent appends keep one unbroken chain", async () => {
  const dir = await Deno.makeTempDir();
  const a = await AuditLog.open(`${dir}/audit.kv`);
  const who = { username: "uji", role: "admin", ip: "127.0.0.1" };
  for (let i = 0; i < 20; i++) await a.append(who, { action: "seq", entityId: String(i) });
  await Promise.all(
    Array.from({ length: 200 }, () => a.append(who, { action: "par" })),
  );
  // an entry larger than one KV value is split and still verifies
  const big = { text: "x".repeat(70_000), password: "never-stored" };
  await a.append(who, { action: "big", after: big });
  assert.deepEqual(await a.verify(), { ok: true, count: 221, brokenAt: null });
  const [last] = (await a.list({ action: "big" }, 0, 1)).rows;
  assert.deepEqual(last.after, { text: big.text });
  await a.close();
  await Deno.remove(dir, { recursive: true });
});

Deno.test("audit log: commits made ahead that do not go through (a head moved, a failed write) are made again; the chain stays whole", async () => {
  await using tmp = await tempDir();
  const log = await AuditLog.open(`${tmp.path}/audit.kv`);
  const who = { username: "uji", role: "admin", ip: "127.0.0.1" };
  await log.append(who, { action: "first" });
  // the 3rd commit from here is refused as a moved head would be, the 6th throws
  const atomic = log.kv.atomic.bind(log.kv);
  let commits = 0;
  log.kv.atomic = () => {
    const op = atomic();
    const commit = op.commit.bind(op);
    op.commit = () => {
      commits++;
      if (commits === 3) return Promise.resolve({ ok: false } as Deno.KvCommitError);
      if (commits === 6) return Promise.reject(new Error("disk I/O error"));
      return commit();
    };
    return op;
  };
  // 1,500 entries at once: batches of 400, cut into several commits each
  const all = Array.from(
    { length: 1_500 },
    (_, i) => log.append(who, { action: "par", entity: "uji", entityId: String(i) }),
  );
  await Promise.all(all);
  assert.ok(commits > 8, `${commits} commits`);
  log.kv.atomic = atomic;
  const v = await log.verify(undefined, { full: true });
  assert.deepEqual({ ok: v.ok, count: v.count, brokenAt: v.brokenAt }, {
    ok: true,
    count: 1_501,
    brokenAt: null,
  });
  const ids = (await log.list({ action: "par" }, 0, 2_000)).rows.map((r) => Number(r.entityId));
  assert.deepEqual(ids.toSorted((x, y) => x - y), Array.from({ length: 1_500 }, (_, i) => i));
  await log.close();
});

Deno.test("audit page: the head for printing, an earlier head checked, a full verify with progress, a streamed export", async () => {
  await using t = await setup();
  for (const desc of ["Aceh", "Sumut", "Sumbar"]) {
    await t.post("/api/province/update", { kode: desc, desc });
  }
  const head = (await t.audit.kv.get<{ count: number; hash: string }>(["audit_head"])).value!;
  const page = await t.req("/audit");
  assert.ok((await page.text()).includes(head.hash), "the page shows the head hash");
  const yes = await t.json(`/api/audit/verify?count=${head.count}&hash=${head.hash}`);
  assert.deepEqual([yes.status, yes.body.ok, yes.body.contains], [200, true, true]);
  const no = await t.json(`/api/audit/verify?count=${head.count}&hash=${"a".repeat(64)}`);
  assert.equal(no.body.contains, false);
  const bad = await t.json(`/api/audit/verify?count=abc&hash=xyz`);
  assert.equal(bad.status, 400);
  assert.match(bad.body.message, /Kepala terdahulu tidak valid/);
  // a full verify reports its progress under the browser's job id
  const job = "verify-full-job-1";
  const full = await t.req("/api/audit/verify/full", {
    method: "POST",
    headers: { "x-progress-id": job },
  });
  assert.equal(full.status, 200);
  assert.equal((await full.json()).ok, true);
  const p = (await t.json(`/api/progress/${job}`)).body;
  assert.equal(p.finished, true);
  assert.match(p.summary, /Rantai utuh/);
  assert.equal((await t.audit.lastFull())?.ok, true);
  // the export: every matching entry, read chunk by chunk
  const res = await t.req("/api/audit/export?entity=province");
  assert.equal(res.status, 200);
  const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: "array" });
  const rows = XLSX.utils.sheet_to_json<Record<string, string>>(book.Sheets[book.SheetNames[0]]);
  assert.deepEqual(rows.map((r) => JSON.parse(r.Sesudah).desc), ["Sumbar", "Sumut", "Aceh"]);
});
