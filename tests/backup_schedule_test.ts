import assert from "node:assert/strict";
import { backups, deleteBackup } from "../lib/backup/backup.ts";
import { startDailyBackups } from "../lib/backup/schedule.ts";
import { setup } from "./helpers.ts";
import { formatDate } from "../lib/format.ts";
import { DEFAULT_ZONE } from "../lib/hospital_time.ts";

type T = Awaited<ReturnType<typeof setup>>;

const dailies = async (t: T) =>
  (await backups(t.store).index()).rows().map((r) => r.value).filter((d) => d.auto === "daily");

/** Waits (checking every few milliseconds, at most 20 s) until `cond` holds. */
async function until(cond: () => Promise<boolean>, what: string) {
  const end = Date.now() + 20_000;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`tidak terjadi: ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * Counts the daily checks a timer runs on `t.store` (each one starts with a shared turn of its
 * gate), and lets `intervals` of a timer with the same period pass: a second timer, on a store of
 * its own, ticks `n` times. A timer still running would have checked at least once by then.
 */
function checksOn(t: T) {
  const shared = t.store.gate.shared.bind(t.store.gate);
  let checks = 0;
  t.store.gate.shared = (fn) => (checks++, shared(fn));
  return {
    get count() {
      return checks;
    },
    async intervals(n: number, everyMs: number) {
      let ticks = 0;
      const other = { gate: { shared: () => (ticks++, Promise.resolve(null)) } } as never;
      const stop = new AbortController();
      startDailyBackups(other, { dir: "", keep: 1, everyMs, signal: stop.signal });
      try {
        await until(() => Promise.resolve(ticks >= n), `${n} tick pembanding`);
      } finally {
        stop.abort();
      }
    },
  };
}

Deno.test("daily-backup timer: first check soon after start, then on every tick; its signal aborted ends it", async () => {
  const dir = await Deno.makeTempDir();
  await using t = await setup({ dataDir: dir });
  const bdir = `${dir}/backups`;
  const every = 40;
  const stop = new AbortController();
  startDailyBackups(t.store, { dir: bdir, keep: 3, everyMs: every, signal: stop.signal });
  try {
    // the first check comes after min(1 minute, the interval): a backup named for today
    await until(async () => (await dailies(t)).length === 1, "cadangan harian pertama");
    const [first] = await dailies(t);
    assert.equal(first.name, `Harian ${formatDate(first.created, DEFAULT_ZONE)}`);
    assert.ok(Date.now() - Date.parse(first.created) < 20_000);
    assert.equal(first.desc, "Cadangan otomatis harian");
    // later ticks the same day find it and make none; once it is gone, the next tick makes one
    await deleteBackup(t.store, bdir, first._id);
    await until(async () => (await dailies(t)).length === 1, "cadangan pada tick berikutnya");
    const [second] = await dailies(t);
    assert.notEqual(second._id, first._id);
  } finally {
    stop.abort();
  }
  // stopped: a gone backup is not made again, however many intervals pass
  await deleteBackup(t.store, bdir, (await dailies(t))[0]._id);
  const checks = checksOn(t);
  await checks.intervals(3, every);
  assert.equal(checks.count, 0, "a stopped timer checked");
  assert.deepEqual(await dailies(t), []);
  assert.deepEqual([...Deno.readDirSync(bdir)], []);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("daily-backup timer: keep 0 turns it off", async () => {
  const dir = await Deno.makeTempDir();
  await using t = await setup({ dataDir: dir });
  const checks = checksOn(t);
  const stop = new AbortController();
  startDailyBackups(t.store, { dir: `${dir}/backups`, keep: 0, everyMs: 10, signal: stop.signal });
  await checks.intervals(3, 10);
  stop.abort();
  assert.equal(checks.count, 0, "keep 0, yet a check ran");
  assert.deepEqual(await dailies(t), []);
  await Deno.remove(dir, { recursive: true });
});
