import assert from "node:assert/strict";
import { createApp } from "../app.ts";
import { preloadIndexes, warmIndexes } from "../lib/warm/warm.ts";
import { registry } from "../resources/mod.ts";
import { AuditLog } from "../lib/audit/log.ts";
import { createSession } from "../lib/auth/auth.ts";
import { Store } from "../lib/db/store.ts";
import { setup } from "./helpers.ts";
import { admission, seedIpd } from "./ipd_fixtures.ts";

/** The first key part of each prefix the store lists from now on, in order. */
function listedPrefixes(store: Store): string[] {
  const listed: string[] = [];
  const list = store.kv.list.bind(store.kv);
  store.kv.list = ((sel: Deno.KvListSelector, o?: Deno.KvListOptions) => {
    if ("prefix" in sel) listed.push(String(sel.prefix[0]));
    return list(sel, o);
  }) as typeof store.kv.list;
  return listed;
}

Deno.test("warm-up: after a restart, the lists and the dashboard answer without loading an index", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "casemix-warm-" });
  try {
    let config;
    {
      await using t = await setup({ dataDir, file: true });
      config = t.config;
      const w = await seedIpd(t);
      assert.equal((await t.post("/api/ipd/update", admission(w))).status, 200);
    }
    // a restart: a new store over the same file, nothing in memory yet
    const store = await Store.open(`${dataDir}/casemix.kv`);
    const audit = await AuditLog.open(":memory:");
    try {
      const listed = listedPrefixes(store);
      // each pause and quiet moment it waits for lasts 20 ms: the time it reports counts them
      let waited = 0;
      const wait = async () => {
        const t0 = performance.now();
        await new Promise((r) => setTimeout(r, 20));
        waited += performance.now() - t0;
      };
      const t0 = performance.now();
      const ms = await warmIndexes(store, registry, wait, wait);
      const took = performance.now() - t0;
      assert.ok(waited >= 20, `waited ${waited} ms`);
      assert.ok(
        ms >= waited && ms <= took,
        `${ms} ms reported, ${waited} ms waited, ${took} ms taken`,
      );
      for (const name of ["ipd", "pasien", "icd"]) {
        assert.ok(listed.includes(name), `${name} loaded by the warm-up: ${listed}`);
      }
      listed.length = 0;
      const app = createApp({ config: { ...config, dataDir }, store, audit });
      const userId = (await store.kv.get<string>(["user_by_username", "admin"])).value!;
      assert.ok(userId);
      const cookie = `sid=${await createSession(store, {
        userId,
        username: "admin",
        fullname: "Admin Uji",
        hospitalCode: "RS01",
      })}`;
      for (const path of ["/api/ipd", "/api/ipd/discharge-patient", "/api/pasien", "/"]) {
        const r = await app.request(path, { headers: { cookie } });
        assert.equal(r.status, 200, path);
        if (path === "/api/ipd") assert.equal((await r.json()).recordsTotal, 1);
        else await r.body?.cancel();
      }
      assert.deepEqual(listed.filter((p) => ["ipd", "pasien"].includes(p)), []);
    } finally {
      store.close();
      await audit.close();
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("preload: the stays', patients' and ICD codes' indexes load in the background, stays first, each pausing between its batches", async () => {
  const store = await Store.open(":memory:");
  try {
    const listed = listedPrefixes(store);
    let pauses = 0;
    store.idle = () => {
      pauses++;
      return Promise.resolve();
    };
    await preloadIndexes(store, registry);
    assert.deepEqual(listed.filter((p) => ["ipd", "pasien", "icd"].includes(p)), [
      "ipd",
      "pasien",
      "icd",
    ]);
    assert.equal(pauses, 3, "one pause per batch read");
    listed.length = 0;
    store.idle = () => Promise.reject(new Error("loaded: no pause"));
    await preloadIndexes(store, registry);
    assert.deepEqual(listed, [], "loaded once");
  } finally {
    store.close();
  }
});
