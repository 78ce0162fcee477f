import assert from "node:assert/strict";
import { createApp } from "../app.ts";
import { AuditLog } from "../lib/audit/log.ts";
import { loadConfig } from "../lib/config.ts";
import { Store } from "../lib/db/store.ts";
import { allowAnyLicence } from "../lib/licence/gate.ts";
import { setup, tempDir } from "./helpers.ts";
import { killWorkerAt, outbox, recordsIn } from "./audit_fixtures.ts";

const ROWS = Array.from({ length: 700 }, (_, i) => [String(3000 + i), `Provinsi Tunda ${i}`]);
const CSV = ["kode,nama", ...ROWS.map((r) => r.join(","))].join("\n");

/** Resolves to "timeout" after `ms` unless `p` settles first. */
const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<"timeout">((r) => setTimeout(() => r("timeout"), ms))]);

Deno.test("an import over HTTP answers once its records and their entries are committed, before the entries reach the log; the log's list waits for them", async () => {
  await using t = await setup();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, t.app.fetch);
  const base = `http://127.0.0.1:${server.addr.port}`;
  const headers = { cookie: t.cookie, origin: base };
  // the log's appends wait until released
  const append = t.audit.append;
  let release!: () => void;
  const gate = new Promise<void>((r) => release = r);
  let held = 0;
  t.audit.append = async (actor, ev, at) => {
    held++;
    await gate;
    return append.call(t.audit, actor, ev, at);
  };
  try {
    const fd = new FormData();
    fd.append("file", new File([CSV], "provinsi.csv"));
    const res = await within(
      fetch(`${base}/api/province/import`, { method: "POST", body: fd, headers }),
      10_000,
    );
    assert.notEqual(res, "timeout", "the import waited for the log");
    const body = await (res as Response).json();
    assert.equal((res as Response).status, 200, JSON.stringify(body));
    assert.equal(body.created, 700);
    // where the answer landed: the records and, in the outbox, their changes and the summary
    const waiting = (await outbox(t)) as {
      kind: string;
      changes?: unknown[];
      event?: { action: string };
    }[];
    assert.equal(waiting.flatMap((v) => v.changes ?? []).length, 700);
    assert.deepEqual(waiting.filter((v) => v.kind === "event").map((v) => v.event!.action), [
      "import",
    ]);
    // the audit list asked for now answers only once the entries are in
    const listed = fetch(`${base}/api/audit?draw=1&start=0&length=100&entity=province`, {
      headers,
    });
    assert.equal(await within(listed, 300), "timeout", "the list answered before the entries");
    assert.ok(held > 0);
    release();
    const list = await (await listed).json();
    const rows = list.data as { action: string; after: unknown }[];
    // the summary last, after the records' entries (the list is newest first)
    assert.equal(rows[0].action, "import");
    const shown = recordsIn(
      (await t.audit.list({ entity: "province", action: "changes" }, 0, 1000)).rows as never,
    );
    assert.deepEqual(
      shown.map((r) => [(r.after as { kode: string }).kode, (r.after as { desc: string }).desc])
        .sort(),
      ROWS.toSorted(),
    );
    assert.deepEqual(await outbox(t), []);
    assert.ok((await t.audit.verify()).ok);
  } finally {
    release();
    t.audit.append = append;
    await server.shutdown();
  }
});

Deno.test("an import whose server is killed after it answered, its entries not yet in the log, loses none of them: the next start appends them once", async () => {
  await using tmp = await tempDir();
  await Deno.writeTextFile(`${tmp.path}/provinsi.csv`, CSV);
  // an import that waits for the hanging appends never answers
  const { seen } = await killWorkerAt(tmp.path, /answered \d+/, "import");
  assert.match(seen, /answered 200/);
  const store = await Store.open(`${tmp.path}/casemix.kv`);
  const audit = await AuditLog.open(`${tmp.path}/audit.kv`);
  try {
    // where the kill landed: every record committed, their changes and the summary in the
    // outbox, nothing in the log
    let provinces = 0;
    for await (const _ of store.kv.list({ prefix: ["province"] })) provinces++;
    assert.equal(provinces, 700);
    const intents: { kind: string; changes?: unknown[] }[] = [];
    for await (const e of store.kv.list<{ kind: string }>({ prefix: ["_outbox"] })) {
      intents.push(e.value);
    }
    assert.equal(intents.flatMap((v) => v.changes ?? []).length, 700);
    assert.equal(intents.filter((v) => v.kind === "event").length, 1);
    assert.equal(await audit.count(), 0);
    // the next start drains them before serving
    const config = { ...loadConfig({ get: () => undefined }), dataDir: tmp.path };
    const app = createApp({ config, store, audit, licence: allowAnyLicence });
    assert.equal((await app.request("/auth/login")).status, 200);
    const rows = (await audit.list({ entity: "province" }, 0, 1000)).rows;
    assert.equal(rows[0].action, "import");
    const kodes = recordsIn(rows.filter((e) => e.action === "changes"))
      .map((r) => (r.after as { kode: string }).kode).sort();
    assert.deepEqual(kodes, ROWS.map((r) => r[0]).sort());
    for await (const e of store.kv.list({ prefix: ["_outbox"] })) assert.fail(`left: ${e.key}`);
    assert.equal((await audit.verify()).ok, true);
  } finally {
    await audit.close();
    store.close();
  }
});
