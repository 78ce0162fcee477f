import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { AuditLog } from "../lib/audit/log.ts";
import { tempDir } from "./helpers.ts";

const who = { username: "uji", role: "admin", ip: "10.0.0.1" };
const sha = (s: string) => createHash("sha256").update(s).digest("hex");
/** The head as stored: `count` entries, the last one's hash. */
const headOf = async (log: AuditLog) =>
  (await log.kv.get<{ count: number; hash: string }>(["audit_head"])).value!;

/** 23 entries, two of them `delete pasien`, one with an address; a checkpoint every 5. */
async function filled(path: string, lines: string[]) {
  const log = await AuditLog.open(path, { checkpointEvery: 5, anchor: (l) => lines.push(l) });
  for (let i = 0; i < 23; i++) {
    const ev = i === 8 || i === 14
      ? { action: "delete", entity: "pasien", entityId: `P${i}`, before: { erm: `0000${i}` } }
      : i === 11
      ? { action: "update", entity: "pasien", entityId: "P11", after: { address: "Jl. Mawar 1" } }
      : { action: "view", entity: "ipd", entityId: `S${i}` };
    await log.append(who, ev);
  }
  return log;
}

/** What a script with write access to audit.kv does: deletes, edits, recomputes every hash. */
async function rewrite(kv: Deno.Kv, opts: { dropCheckpoints: boolean }) {
  const rows: { key: Deno.KvKey; value: { prev: string; hash: string; data: string } }[] = [];
  for await (
    const e of kv.list<{ prev: string; hash: string; data: string }>({ prefix: ["audit"] })
  ) {
    rows.push(e);
  }
  let prev = "";
  let count = 0;
  let last = "";
  for (const r of rows) {
    if (/"action":"delete","entity":"pasien"/.test(r.value.data)) {
      await kv.delete(r.key);
      continue;
    }
    const data = r.value.data.replace("Jl. Mawar 1", "Jl. Lain 9");
    const hash = sha(`${prev}\n${data}`);
    await kv.set(r.key, { prev, hash, data });
    prev = hash;
    count++;
    last = String(r.key[1]);
  }
  if (opts.dropCheckpoints) {
    for await (const e of kv.list({ prefix: ["audit_cp"] })) await kv.delete(e.key);
  }
  const head = (await kv.get<Record<string, unknown>>(["audit_head"])).value!;
  await kv.set(["audit_head"], { ...head, id: last, hash: prev, count });
  return count;
}

for (const dropCheckpoints of [false, true]) {
  Deno.test(
    `audit chain: deleting entries and recomputing every hash is caught (checkpoints ${
      dropCheckpoints ? "removed" : "kept"
    })`,
    async () => {
      await using tmp = await tempDir();
      const lines: string[] = [];
      const log = await filled(`${tmp.path}/audit.kv`, lines);
      try {
        const { count, hash } = await headOf(log);
        const before = { count, hash };
        assert.deepEqual(await log.verify(), { ok: true, count: 23, brokenAt: null });
        assert.equal(await rewrite(log.kv, { dropCheckpoints }), 21);
        const v = await log.verify();
        assert.equal(v.ok, false);
        assert.equal((await log.verify(undefined, { full: true })).ok, false);
        // the head went to the server's log at the verify
        assert.ok(
          lines.some((l) => l.includes(before.hash) && l.includes("23 entri")),
          lines.join("\n"),
        );
        // the head written down before no longer is in the log
        assert.equal((await log.verify(before)).contains, false);
      } finally {
        await log.close();
      }
    },
  );
}

Deno.test("audit chain: verify says whether an earlier head is still contained", async () => {
  await using tmp = await tempDir();
  const log = await AuditLog.open(`${tmp.path}/audit.kv`, { checkpointEvery: 5, anchor: () => {} });
  try {
    for (let i = 0; i < 7; i++) await log.append(who, { action: "view", entityId: `S${i}` });
    const at7 = await headOf(log);
    for (let i = 0; i < 3; i++) await log.append(who, { action: "view", entityId: `T${i}` });
    const at10 = await headOf(log);
    for (let i = 0; i < 8; i++) await log.append(who, { action: "view", entityId: `U${i}` });
    assert.equal(at7.count, 7);
    assert.deepEqual(await log.verify(at7), {
      ok: true,
      count: 18,
      brokenAt: null,
      contains: true,
    });
    assert.equal((await log.verify(at10)).contains, true);
    assert.equal((await log.verify({ count: 7, hash: at10.hash })).contains, false);
    assert.equal((await log.verify({ count: 7, hash: "0".repeat(64) })).contains, false);
    assert.equal((await log.verify({ count: 99, hash: at7.hash })).contains, false);
  } finally {
    await log.close();
  }
});

Deno.test("audit log: an entry over the commit cap is stored, and a bad entry fails alone", async () => {
  await using tmp = await tempDir();
  const log = await AuditLog.open(`${tmp.path}/audit.kv`, { anchor: () => {} });
  try {
    // a long stay deleted with its examinations: 1.2 million characters, 2 bytes each
    const details = Array.from(
      { length: 600 },
      (_, i) => ({ _id: `D${i}`, plan: "ā".repeat(2_000) }),
    );
    const circular: Record<string, unknown> = { a: 1 };
    circular.self = circular;
    const res = await Promise.allSettled([
      log.append(who, { action: "view", entityId: "A" }),
      log.append(who, { action: "view", entityId: "B" }),
      log.append(who, { action: "delete", entity: "ipd", entityId: "S1", before: { details } }),
      log.append(who, { action: "update", entityId: "C", after: circular }),
      log.append(who, { action: "view", entityId: "D" }),
    ]);
    assert.deepEqual(res.map((r) => r.status), [
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "rejected",
      "fulfilled",
    ]);
    const [big] = (await log.list({ action: "delete" }, 0, 1)).rows;
    assert.deepEqual(big.before, { details });
    assert.deepEqual(await log.verify(), { ok: true, count: 4, brokenAt: null });
  } finally {
    await log.close();
  }
});

Deno.test("audit log: a log from an earlier version is indexed at open and keeps verifying", async () => {
  await using tmp = await tempDir();
  const path = `${tmp.path}/audit.kv`;
  // the earlier layout: entries and an unsigned head, no index
  const kv = await Deno.openKv(path);
  let prev = "";
  const ids = [
    "01JAAAAAAAAAAAAAAAAAAAAAA1",
    "01JAAAAAAAAAAAAAAAAAAAAAA2",
    "01JAAAAAAAAAAAAAAAAAAAAAA3",
  ];
  for (const [i, id] of ids.entries()) {
    const data = JSON.stringify({
      id,
      at: "2026-01-01T00:00:00.000Z",
      username: "lama",
      role: "admin",
      ip: "-",
      action: i === 1 ? "create" : "view",
      entity: "pasien",
      entityId: "P1",
      before: null,
      after: i === 1 ? { erm: "00077777", fullname: "Sri Rahayu" } : null,
    });
    const hash = sha(`${prev}\n${data}`);
    await kv.set(["audit", id], { prev, hash, data });
    prev = hash;
  }
  await kv.set(["audit_head"], { id: ids[2], hash: prev, count: 3 });
  kv.close();
  const log = await AuditLog.open(path, { checkpointEvery: 2, anchor: () => {} });
  try {
    assert.deepEqual(await log.verify(), { ok: true, count: 3, brokenAt: null });
    const found = await log.list({ search: "00077777" }, 0, 10);
    // the view before the record's creation knew only its id
    assert.deepEqual(found.rows.map((r) => r.id), [ids[2], ids[1]]);
    assert.equal((await log.list({ username: "LAMA" }, 0, 10)).filtered, 3);
    await log.append(who, { action: "view", entity: "pasien", entityId: "P1" });
    assert.equal((await log.list({ search: "rahayu" }, 0, 10)).filtered, 3);
    assert.deepEqual(await log.verify(undefined, { full: true }), {
      ok: true,
      count: 4,
      brokenAt: null,
    });
  } finally {
    await log.close();
  }
});
