import assert from "node:assert/strict";
import { createApp } from "../app.ts";
import type { AuditEntry } from "../lib/audit/log.ts";
import { conflict } from "../lib/errors.ts";
import { RACED_MESSAGE } from "../lib/db/bulk.ts";
import { allowAnyLicence } from "../lib/licence/gate.ts";
import { AuditLog } from "../lib/audit/log.ts";
import { drainOutbox } from "../lib/http/outbox.ts";
import { writeXlsx } from "../lib/resource/spreadsheet.ts";
import { loadConfig } from "../lib/config.ts";
import { Store } from "../lib/db/store.ts";
import { dtQuery, setup, tempDir, versionOf } from "./helpers.ts";
import { visitDoc, writeVisits } from "./visits.ts";

type T = Awaited<ReturnType<typeof setup>>;

/** The log's entries matching `f`, newest first. */
const entries = async (t: T, f: Record<string, string>): Promise<AuditEntry[]> =>
  (await t.audit.list(f, 0, 1000)).rows;

/** What the main store's outbox holds. */
async function outbox(t: T): Promise<unknown[]> {
  const out = [];
  for await (const e of t.store.kv.list({ prefix: ["_outbox"] })) out.push(e.value);
  return out;
}

Deno.test("outbox: a change whose audit append fails keeps its entry in the main store, drained at the next start", async () => {
  await using t = await setup();
  const append = t.audit.append;
  t.audit.append = () => Promise.reject(new Error("disk audit penuh"));
  const res = await t.post("/api/province/update", { kode: "11", desc: "Aceh" });
  // the change is committed: saying 500 would only invite a second, duplicate create
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const id = res.body.data._id;
  // where the failure landed: the record and its entry's intent in the main store, nothing in the log
  assert.equal((await t.json("/api/province?draw=1&start=0&length=10")).body.recordsTotal, 1);
  assert.equal((await entries(t, { entity: "province" })).length, 0);
  assert.ok((await outbox(t)).length >= 1, "the entry waits in the outbox");

  // a new start over the same store and log drains it before serving
  t.audit.append = append;
  const again = createApp({
    config: t.config,
    store: t.store,
    audit: t.audit,
    licence: allowAnyLicence,
  });
  assert.equal((await again.request("/auth/login")).status, 200);
  const got = await entries(t, { entity: "province" });
  assert.equal(got.length, 1);
  assert.deepEqual(
    [got[0].action, got[0].entityId, got[0].username, (got[0].after as { desc: string }).desc],
    ["create", id, "admin", "Aceh"],
  );
  assert.deepEqual(await outbox(t), []);
  assert.equal((await t.json("/api/audit/verify")).body.ok, true);
});

Deno.test("outbox: a drain moves what it can; an entry whose append fails stays for the next", async () => {
  await using t = await setup();
  const append = t.audit.append;
  t.audit.append = () => Promise.reject(new Error("disk audit penuh"));
  for (const [kode, desc] of [["11", "Aceh"], ["12", "Sumut"]]) {
    assert.equal((await t.post("/api/province/update", { kode, desc })).status, 200);
  }
  assert.equal((await outbox(t)).length, 2);
  // the log takes every entry but Aceh's
  t.audit.append = (actor, ev, at) =>
    (ev.after as { desc?: string } | undefined)?.desc === "Aceh"
      ? Promise.reject(new Error("entri rusak"))
      : append.call(t.audit, actor, ev, at);
  assert.equal(await drainOutbox(t.store.kv, t.audit), 1);
  const got = await entries(t, { entity: "province" });
  assert.deepEqual(got.map((e) => (e.after as { desc: string }).desc), ["Sumut"]);
  assert.equal((await outbox(t)).length, 1);
  t.audit.append = append;
  assert.equal(await drainOutbox(t.store.kv, t.audit), 1);
  assert.deepEqual(await outbox(t), []);
  assert.equal((await entries(t, { entity: "province" })).length, 2);
});

const WORKER = new URL("./audit_outbox_worker.ts", import.meta.url).pathname;

Deno.test("outbox: a server killed between a commit and its entry's append loses no entry", async () => {
  await using tmp = await tempDir();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--unstable-kv", WORKER, tmp.path],
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let seen = "";
  const dec = new TextDecoder();
  for await (const chunk of child.stdout) {
    seen += dec.decode(chunk, { stream: true });
    if (seen.includes("appending")) {
      child.kill("SIGKILL");
      break;
    }
  }
  const status = await child.status;
  const err = new TextDecoder().decode(await new Response(child.stderr).arrayBuffer());
  assert.match(seen, /appending/, err);
  assert.equal(status.signal, "SIGKILL", "killed while its append was under way");
  // where the kill landed: the record committed with its intent, the log without its entry
  const store = await Store.open(`${tmp.path}/casemix.kv`);
  const audit = await AuditLog.open(`${tmp.path}/audit.kv`);
  try {
    const provinces = [];
    for await (const e of store.kv.list<{ desc: string }>({ prefix: ["province"] })) {
      provinces.push(e.value.desc);
    }
    assert.deepEqual(provinces, ["Aceh"]);
    const intents = [];
    for await (const e of store.kv.list({ prefix: ["_outbox"] })) intents.push(e.key);
    assert.equal(intents.length, 1);
    assert.equal((await audit.list({ entity: "province" }, 0, 10)).rows.length, 0);
    // the next start drains it before serving
    const config = { ...loadConfig({ get: () => undefined }), dataDir: tmp.path };
    const app = createApp({ config, store, audit, licence: allowAnyLicence });
    assert.equal((await app.request("/auth/login")).status, 200);
    const got = (await audit.list({ entity: "province" }, 0, 10)).rows;
    assert.deepEqual(
      got.map((e) => [e.action, e.username, (e.after as { desc: string }).desc]),
      [["create", "admin", "Aceh"]],
    );
    for await (const e of store.kv.list({ prefix: ["_outbox"] })) assert.fail(`left: ${e.key}`);
    assert.equal((await audit.verify()).ok, true);
  } finally {
    await audit.close();
    store.close();
  }
});

Deno.test("outbox: an appended entry leaves nothing behind", async () => {
  await using t = await setup();
  const res = await t.post("/api/province/update", { kode: "11", desc: "Aceh" });
  assert.equal(res.status, 200);
  assert.equal((await entries(t, { entity: "province", action: "create" })).length, 1);
  assert.deepEqual(await outbox(t), []);
});

Deno.test("refreshChildren refused (409) after the parent committed: the parent's change is still audited", async () => {
  await using t = await setup();
  const prov = (await t.post("/api/province/update", { kode: "11", desc: "Aceh" })).body.data;
  const reg = await t.post("/api/regency/update", {
    kode: "11.01",
    desc: "Kabupaten Aceh Selatan",
    province: prov._id,
  });
  assert.equal(reg.status, 200, JSON.stringify(reg.body));
  // another writer keeps winning the race for the regencies: the refresh gives up with 409
  const regencies = t.store.collection({ name: "regency" });
  regencies.writeMany = () => Promise.reject(conflict(RACED_MESSAGE));
  const edit = await t.post("/api/province/update", {
    id: prov._id,
    _version: await versionOf(t, "province", prov._id),
    kode: "11",
    desc: "Aceh Darussalam",
  });
  assert.equal(edit.status, 409);
  const now = await t.json(`/api/province/${prov._id}`);
  assert.equal(now.body.data.desc, "Aceh Darussalam"); // the parent's commit stands
  const upd = await entries(t, { entity: "province", action: "update" });
  assert.equal(upd.length, 1, "the committed edit has its entry");
  assert.deepEqual([upd[0].before, upd[0].after], [{ desc: "Aceh" }, { desc: "Aceh Darussalam" }]);
  assert.deepEqual(await outbox(t), []);
});

Deno.test("reads of one stay, one patient and the audit log are audited; lists are not", async () => {
  await using t = await setup();
  const stay = visitDoc("2026-11-01T08:00:00.000Z");
  await writeVisits(t.store, [stay]);
  const pasien = await t.post("/api/pasien/update", {
    erm: "00012345",
    first_name: "Budi",
    last_name: "Santoso",
    gender: "L",
    phone: "",
    birthDate: "1980-01-01",
  });
  assert.equal(pasien.status, 200, JSON.stringify(pasien.body));
  const pid = pasien.body.data._id;
  const views = async (entity: string, entityId?: string) =>
    (await entries(t, { action: "view", entity })).filter((e) =>
      !entityId || e.entityId === entityId
    )
      .length;
  const reads: [string, string, string][] = [
    [`/ipd/${stay._id}/print`, "ipd", stay._id],
    [`/api/ipd/${stay._id}`, "ipd", stay._id],
    [`/api/ipd/${stay._id}/details?${dtQuery(["examinationDate"])}`, "ipd", stay._id],
    [`/api/pasien/${pid}`, "pasien", pid],
  ];
  for (const [path, entity, id] of reads) {
    const before = await views(entity, id);
    assert.equal((await t.req(path)).status, 200, path);
    assert.equal(await views(entity, id), before + 1, path);
  }
  // lists and selects leave nothing
  const all = await t.audit.count();
  assert.equal((await t.req(`/api/ipd?${dtQuery(["visitDate"])}`)).status, 200);
  assert.equal((await t.req(`/api/pasien?${dtQuery(["erm"])}`)).status, 200);
  assert.equal((await t.req(`/api/pasien/select2?q=budi`)).status, 200);
  assert.equal(await t.audit.count(), all);
  // reading the log itself
  const page = await t.json(`/api/audit?${dtQuery(["at", "action"], { search: "00012345" })}`);
  assert.equal(page.status, 200);
  const seen = await entries(t, { action: "view_audit" });
  assert.equal(seen.length, 1);
  assert.equal((seen[0].after as { search?: string }).search, "00012345");
  assert.equal((await t.req("/api/audit/export")).status, 200);
  assert.equal((await entries(t, { action: "export", entity: "audit" })).length, 1);
});

Deno.test("an admin's reset of another user's password is logged as reset_password with the username", async () => {
  await using t = await setup();
  const made = await t.post("/api/user/update", {
    fullname: "Siti",
    email: "siti@rs.test",
    username: "siti",
    role: "casemix",
    password: "Kuda-Lari-Pagi-2026!",
  });
  assert.equal(made.status, 200, JSON.stringify(made.body));
  const id = made.body.data._id;
  const reset = await t.post("/api/user/update", {
    id,
    _version: await versionOf(t, "user", id),
    fullname: "Siti",
    email: "siti@rs.test",
    username: "siti",
    role: "casemix",
    password: "Gajah-Tidur-Siang-77?",
  });
  assert.equal(reset.status, 200, JSON.stringify(reset.body));
  const got = (await entries(t, { entity: "user" })).filter((e) => e.entityId === id);
  assert.equal(got[0].action, "reset_password");
  assert.equal((got[0].after as { username: string }).username, "siti");
  assert.doesNotMatch(JSON.stringify(got[0]), /sessionGen/);
});

Deno.test("an import records each changed record's before and after, a role change by CSV included", async () => {
  await using t = await setup();
  const made = await t.post("/api/user/update", {
    fullname: "Siti",
    email: "siti@rs.test",
    username: "siti",
    role: "casemix",
    password: "Kuda-Lari-Pagi-2026!",
  });
  const id = made.body.data._id;
  const prov = await t.upload("/api/province/import", "p.csv", "kode,nama\n11,Aceh\n12,Sumut\n");
  assert.equal(prov.status, 200, JSON.stringify(prov.body));
  const r = await t.upload(
    "/api/user/import",
    "u.csv",
    "username,fullname,email,role\nsiti,Siti,siti@rs.test,viewer\n",
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const mine = (await entries(t, { entity: "user" })).filter((e) => e.entityId === id);
  const role = mine.find((e) => (e.after as { role?: string } | null)?.role === "viewer");
  assert.ok(role, JSON.stringify(mine));
  assert.deepEqual((role.before as { role: string }).role, "casemix");
  assert.doesNotMatch(JSON.stringify(mine), /sessionGen|passwordHash/);
  // the summary entry stays, and each created province has its own entry with its record
  assert.equal((await entries(t, { entity: "user", action: "import" })).length, 1);
  const created = await entries(t, { entity: "province", action: "create" });
  assert.deepEqual(created.map((e) => (e.after as { desc: string }).desc).sort(), [
    "Aceh",
    "Sumut",
  ]);
  const again = await t.upload(
    "/api/province/import",
    "p.csv",
    "kode,nama\n11,Aceh Raya\n12,Sumut\n",
  );
  assert.equal(again.status, 200, JSON.stringify(again.body));
  const upd = await entries(t, { entity: "province", action: "update" });
  assert.equal(upd.length, 1);
  assert.deepEqual([upd[0].before, upd[0].after], [{ desc: "Aceh" }, { desc: "Aceh Raya" }]);
  assert.deepEqual(await outbox(t), []);
});

Deno.test("outbox: an import that fails and is rolled back leaves no intent and no record entry", async () => {
  await using t = await setup();
  const real = t.store.kv;
  let n = 0;
  // the third commit carrying the import's undo journal fails like a full disk
  t.store.kv = new Proxy(real, {
    get(target, p) {
      if (p !== "atomic") {
        const v = Reflect.get(target, p);
        return typeof v === "function" ? v.bind(target) : v;
      }
      return () => {
        const op = real.atomic();
        let undo = false;
        const self: Deno.AtomicOperation = new Proxy(op, {
          get(o, m) {
            if (m === "set") {
              return (k: Deno.KvKey, v: unknown, opts?: { expireIn?: number }) => {
                if (k[0] === "_journal_undo") undo = true;
                o.set(k, v, opts);
                return self;
              };
            }
            if (m === "commit") {
              return () =>
                undo && ++n === 3 ? Promise.reject(new Error("disk I/O error")) : o.commit();
            }
            const f = Reflect.get(o, m);
            return typeof f === "function" ? (...a: unknown[]) => (f.apply(o, a), self) : f;
          },
        });
        return self;
      };
    },
  });
  const rows = [["erm", "first_name", "gender"]];
  for (let i = 0; i < 3_000; i++) rows.push([`P${String(i).padStart(5, "0")}`, `Baru${i}`, "P"]);
  const r = await t.upload("/api/pasien/import", "p.xlsx", writeXlsx(rows));
  t.store.kv = real;
  assert.ok(
    n >= 3,
    `the import took more than two commits: ${n}, ${JSON.stringify(r.body).slice(0, 300)}`,
  );
  assert.notEqual(r.status, 200);
  assert.equal((await t.json(`/api/pasien?${dtQuery(["erm"])}`)).body.recordsTotal, 0);
  assert.deepEqual(await outbox(t), []);
  assert.deepEqual(await entries(t, { entity: "pasien", action: "create" }), []);
});
