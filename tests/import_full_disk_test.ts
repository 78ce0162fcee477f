import assert from "node:assert/strict";
import { join } from "node:path";
import { setup } from "./helpers.ts";
import { fixture } from "./fixtures/mod.ts";
import { seedRegions } from "./master_fixtures.ts";
import { Store } from "../lib/db/store.ts";
import { JOURNAL } from "../lib/db/journal.ts";
import { onProgress } from "../lib/progress/progress.ts";

const VILLAGES = 20_000;

function villagesCsv(): string {
  const lines = Deno.readTextFileSync(fixture("wilayah/villages.csv")).split("\n");
  return [lines[0], ...lines.slice(1).filter((l) => l.trim()).slice(0, VILLAGES)].join("\n");
}

const count = async (t: Awaited<ReturnType<typeof setup>>) =>
  (await t.json("/api/village?length=1")).body.recordsTotal as number;

async function rawCounts(file: string) {
  const kv = await Deno.openKv(file);
  let rows = 0, uniques = 0, journal = 0;
  for await (const _ of kv.list({ prefix: ["village"] })) rows++;
  for await (const _ of kv.list({ prefix: ["village_by_kode"] })) uniques++;
  for await (const _ of kv.list({ prefix: [JOURNAL] })) journal++;
  kv.close();
  return { rows, uniques, journal };
}

function canMount(dir: string): boolean {
  if (Deno.build.os !== "linux" || Deno.uid() !== 0) return false;
  const r = new Deno.Command("mount", { args: ["-t", "tmpfs", "-o", "size=48m", "tmpfs", dir] })
    .outputSync();
  return r.success;
}

const mountDir = await Deno.makeTempDir({ prefix: "casemix-full-" });
const mounted = canMount(mountDir);

Deno.test({
  name: "full disk (48 MB tmpfs): the import answers 507 'Penyimpanan penuh', leaves nothing",
  ignore: !mounted,
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  const file = join(mountDir, "casemix.kv");
  try {
    {
      await using t = await setup({ dataDir: mountDir, file: true });
      await seedRegions(t);
      // leave 32 MB free: room for the rollback reserve (~26 MB: twice the planned rows and their
      // audit intents) but not for the villages themselves (~13 MB more)
      const free = () => {
        const out = new Deno.Command("df", { args: ["-B1", "--output=avail", mountDir] })
          .outputSync();
        return Number(new TextDecoder().decode(out.stdout).trim().split("\n").at(-1));
      };
      const filler = join(mountDir, "filler.bin");
      await Deno.writeFile(filler, new Uint8Array(Math.max(0, free() - 32_000_000)));
      let written = 0;
      const stop = onProgress((p) => {
        if (p.phase === "Menyimpan") written = Math.max(written, p.done);
      });
      const r = await t.upload("/api/village/import", "villages.csv", villagesCsv());
      stop();
      console.log(
        `  ${r.status} after ${written} of ${VILLAGES} rows were committed: ${r.body.message}`,
      );
      assert.ok(written > 0 && written < VILLAGES, "the disk must fill up mid-import");
      assert.equal(r.status, 507);
      assert.match(r.body.message, /^Penyimpanan penuh/);
      assert.equal(await count(t), 0);
      await Deno.remove(filler);
      // the same file imports whole once there is room
      const again = await t.upload("/api/village/import", "villages.csv", villagesCsv());
      assert.equal(again.status, 200, JSON.stringify(again.body));
      assert.equal(again.body.created, VILLAGES);
    }
    const raw = await rawCounts(file);
    assert.deepEqual(raw, { rows: VILLAGES, uniques: VILLAGES, journal: 0 });
    (await Store.open(file)).close();
  } finally {
    new Deno.Command("umount", { args: [mountDir] }).outputSync();
  }
});

Deno.test({
  name: "injected write failure mid-import: 5xx in Indonesian, nothing left, next open clean",
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  const dir = await Deno.makeTempDir({ prefix: "casemix-inject-" });
  const file = join(dir, "casemix.kv");
  {
    await using t = await setup({ dataDir: dir, file: true });
    await seedRegions(t);
    // the 6th commit of the import fails as SQLite fails on a full disk
    const kv = t.store.kv;
    const atomic = kv.atomic.bind(kv);
    let commits = 0;
    kv.atomic = () => {
      const op = atomic();
      const commit = op.commit.bind(op);
      op.commit = () => {
        if (++commits === 6) return Promise.reject(new Error("database or disk is full"));
        return commit();
      };
      return op;
    };
    const r = await t.upload("/api/village/import", "villages.csv", villagesCsv());
    assert.equal(r.status, 507);
    assert.match(r.body.message, /^Penyimpanan penuh/);
    assert.equal(await count(t), 0);
    kv.atomic = atomic;
  }
  assert.deepEqual(await rawCounts(file), { rows: 0, uniques: 0, journal: 0 });
  await Deno.remove(dir, { recursive: true });
});
