import assert from "node:assert/strict";
import { AuditLog } from "../lib/audit/log.ts";
import { findIds } from "../lib/audit/query.ts";

const COUNT_CAP = 10_000;

const admin = { username: "admin", role: "admin", ip: "10.0.0.1" };
const siti = { username: "Siti", role: "user", ip: "10.0.0.2" };
const P1 = "01JP1AAAAAAAAAAAAAAAAAAAAA";
const P2 = "01JP2AAAAAAAAAAAAAAAAAAAAA";
const S1 = "01JS1AAAAAAAAAAAAAAAAAAAAA";
const D1 = "01JD1AAAAAAAAAAAAAAAAAAAAA";

/** Eight entries, numbered 1..8 in the order written (see each line). */
async function handMade() {
  const log = await AuditLog.open(":memory:");
  const ids: string[] = [];
  const add = async (w: typeof admin, ev: Parameters<AuditLog["append"]>[1]) => {
    await log.append(w, ev);
    ids.push((await log.kv.get<{ id: string }>(["audit_head"])).value!.id);
  };
  const budi = {
    erm: "00012345",
    first_name: "Budi",
    last_name: "Santoso",
    fullname: "Budi Santoso",
  };
  await add(admin, {
    action: "create",
    entity: "pasien",
    entityId: P1,
    after: { _id: P1, ...budi },
  }); // 1
  await add(siti, {
    action: "create",
    entity: "pasien",
    entityId: P2,
    after: { _id: P2, erm: "00099999", fullname: "Budi Hartono" },
  }); // 2
  await add(siti, {
    action: "update",
    entity: "pasien",
    entityId: P1,
    before: { address: "Jl. Mawar" },
    after: { address: "Jl. Kenanga" },
  }); // 3: no ERM in the record
  await add(admin, {
    action: "create",
    entity: "ipd",
    entityId: S1,
    after: { _id: S1, pasien: { _id: P1, erm: "00012345", fullname: "Budi Santoso" } },
  }); // 4
  await add(siti, { action: "view", entity: "ipd", entityId: S1 }); // 5
  await add(admin, { action: "login", entity: "user" }); // 6
  await add(siti, { action: "view", entity: "ipd", entityId: "01JS2AAAAAAAAAAAAAAAAAAAAA" }); // 7
  await add(admin, {
    action: "create",
    entity: "ipd-detail",
    entityId: D1,
    after: { _id: D1, ipdId: S1, subject: "demam" },
  }); // 8
  const n = (...k: number[]) => k.map((i) => ids[i - 1]);
  return { log, n };
}

Deno.test("audit search: by ERM, name and stay id, inside the record and through the record's id", async () => {
  const { log, n } = await handMade();
  const q = async (f: Parameters<AuditLog["list"]>[0], start = 0, length = 25) => {
    const r = await log.list(f, start, length);
    return { ids: r.rows.map((e) => e.id), filtered: r.filtered };
  };
  // who changed patient 00012345: its creation, the address change, its stay, the stay's view
  // and the stay's examination
  assert.deepEqual(await q({ search: "00012345" }), { ids: n(8, 5, 4, 3, 1), filtered: 5 });
  assert.deepEqual((await q({ search: "12345" })).ids, n(8, 5, 4, 3, 1));
  assert.deepEqual((await q({ search: "BUDI" })).ids, n(8, 5, 4, 3, 2, 1));
  assert.deepEqual(await q({ search: "budi hartono" }), { ids: n(2), filtered: 1 });
  assert.deepEqual((await q({ search: S1 })).ids, n(8, 5, 4));
  assert.deepEqual(await q({ search: "00012345", username: "siti" }), {
    ids: n(5, 3),
    filtered: 2,
  });
  assert.deepEqual(await q({ search: "tidakada" }), { ids: [], filtered: 0 });
  // filters, and pages of them
  assert.deepEqual(await q({ action: "view" }), { ids: n(7, 5), filtered: 2 });
  assert.deepEqual(await q({ entity: "pasien" }), { ids: n(3, 2, 1), filtered: 3 });
  assert.deepEqual(await q({ username: "SITI", entity: "ipd" }), { ids: n(7, 5), filtered: 2 });
  assert.deepEqual(await q({ search: "budi" }, 1, 2), { ids: n(5, 4), filtered: 6 });
  assert.deepEqual(await q({}, 6, 5), { ids: n(2, 1), filtered: 8 });
  const now = Date.now();
  assert.deepEqual(
    (await q({ from: now - 60_000, to: now + 60_000, entity: "pasien" })).ids,
    n(3, 2, 1),
  );
  assert.deepEqual(await q({ to: now - 3_600_000 }), { ids: [], filtered: 0 });
  await log.close();
});

Deno.test("audit list: counts past the cap stop and say so; single filters count exactly", async () => {
  const log = await AuditLog.open(":memory:");
  const n = COUNT_CAP + 15;
  await Promise.all(
    Array.from({ length: n }, (_, i) => log.append(admin, { action: i % 2 ? "a" : "b" })),
  );
  // the cap, not the time budget (a slow machine's 150 ms), stops this count
  const counted = await findIds(log.kv, { from: 0 }, {
    start: 0,
    length: 10,
    total: n,
    budgetMs: 1e6,
  });
  assert.deepEqual([counted.filtered, counted.capped], [COUNT_CAP + 1, true]);
  const ranged = await log.list({ from: 0 }, 0, 10);
  assert.deepEqual([ranged.capped, ranged.total], [true, n]);
  assert.deepEqual(ranged.rows.map((r) => r.id), (await log.list({}, 0, 10)).rows.map((r) => r.id));
  const one = await log.list({ action: "b" }, 0, 10);
  assert.deepEqual([one.filtered, one.capped], [Math.ceil(n / 2), false]);
  const all = await log.list({}, 0, 1);
  assert.deepEqual([all.filtered, all.capped], [n, false]);
  await log.close();
});

Deno.test("audit export: ids come chunk by chunk, newest first, never all at once", async () => {
  const { log } = await handMade();
  const chunks: string[][] = [];
  for await (const c of log.ids({}, 7, 3)) chunks.push(c);
  assert.deepEqual(chunks.map((c) => c.length), [3, 3, 1]);
  assert.deepEqual(chunks.flat(), (await log.list({}, 0, 7)).rows.map((r) => r.id));
  const views: string[] = [];
  for await (const c of log.ids({ action: "view" }, 100, 1)) views.push(...c);
  assert.deepEqual(views, (await log.list({ action: "view" }, 0, 10)).rows.map((r) => r.id));
  await log.close();
});

Deno.test("audit search: a joined count stops after its time budget once the page is found, and says 'at least'", async () => {
  const log = await AuditLog.open(":memory:");
  const n = 600;
  await Promise.all(
    Array.from({ length: n }, (_, i) =>
      log.append(admin, {
        action: "update",
        entity: "pasien",
        entityId: `p${i}`,
        after: { fullname: "Dewi Wijaya" },
      })),
  );
  const newest = (await log.list({}, 0, 25)).rows.map((r) => r.id);
  const f = { search: "Dewi Wijaya" };
  const whole = await findIds(log.kv, f, { start: 0, length: 25, total: n });
  assert.deepEqual([whole.filtered, whole.capped, whole.ids], [n, false, newest]);
  // no time left: the count stops at the first check past the page (every 256 matches)
  const cut = await findIds(log.kv, f, { start: 0, length: 25, total: n, budgetMs: 0 });
  assert.deepEqual([cut.filtered, cut.capped, cut.ids], [256, true, newest]);
  await log.close();
});
