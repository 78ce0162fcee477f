import assert from "node:assert/strict";
import { createApp } from "../app.ts";
import { conflict } from "../lib/errors.ts";
import { RACED_MESSAGE } from "../lib/db/bulk.ts";
import { allowAnyLicence } from "../lib/licence/gate.ts";
import { AuditLog } from "../lib/audit/log.ts";
import { drainOutbox } from "../lib/http/outbox.ts";
import { writeXlsx } from "../lib/resource/spreadsheet.ts";
import { loadConfig } from "../lib/config.ts";
import { Store } from "../lib/db/store.ts";
import { dtQuery, setup, tempDir, versionOf } from "./helpers.ts";
import { entries, killWorkerAt, outbox } from "./audit_fixtures.ts";

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

Deno.test("outbox: a server killed between a commit and its entry's append loses no entry", async () => {
  await using tmp = await tempDir();
  // killed while its append was under way
  await killWorkerAt(tmp.path, /appending/);
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
  const rows = [["erm", "first_name", "gender", "tgl_lahir"]];
  for (let i = 0; i < 3_000; i++) {
    rows.push([`P${String(i).padStart(5, "0")}`, `Baru${i}`, "P", "1980-01-01"]);
  }
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
  assert.deepEqual(await entries(t, { entity: "pasien", action: "changes" }), []);
});
