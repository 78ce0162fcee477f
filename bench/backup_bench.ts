import { join } from "node:path";
import { createApp } from "../app.ts";
import { createSession, users } from "../lib/auth/auth.ts";
import { backupDir, createBackup } from "../lib/backup/backup.ts";
import { restoreBackup } from "../lib/backup/restore.ts";
import type { Config } from "../lib/config.ts";
import { newId } from "../lib/db/ids.ts";
import { Store } from "../lib/db/store.ts";
import { AuditLog } from "../lib/audit/log.ts";
import type { Report } from "./ipd_file.ts";
import { p95 } from "./measure.ts";

/**
 * Backup and restore of the bench's KV file (the region set) plus 20,000 patients, with list
 * requests (`listUrls`) sent over HTTP one after another meanwhile: their latencies calm, during
 * the backup and during the restore.
 */
export async function backupBench(
  report: Report,
  { kvFile, config, dir, listUrls }: {
    kvFile: string;
    config: Config;
    dir: string;
    listUrls: string[];
  },
): Promise<void> {
  // backup and restore: the region set plus 20,000 patients, requests answered meanwhile
  const store3 = await Store.open(kvFile);
  const app3 = createApp({ config, store: store3 });
  const admin = (await users(store3).index()).rows()[0].value;
  const cookie3 = `sid=${await createSession(store3, {
    userId: admin._id,
    username: "admin",
    fullname: "Bench",
    hospitalCode: "BENCH",
  })}`;
  const names = ["Budi", "Siti", "Agus", "Dewi", "Rina", "Joko", "Ayu", "Putu", "Made", "Nur"];
  await store3.collection({ name: "pasien" }).writeMany(Array.from({ length: 20_000 }, (_, i) => {
    const first = names[i % 10], last = `${names[(i * 7) % 10]}wati ${i}`;
    return {
      _id: newId(),
      erm: `RM${String(i).padStart(8, "0")}`,
      first_name: first,
      last_name: last,
      fullname: `${first} ${last}`,
      gender: i % 2 ? "L" : "P",
      phone: `08${String(1e9 + i)}`,
    };
  }));
  let records = 0;
  for await (const _ of store3.kv.list({ prefix: [] })) records++;
  // the readers come over HTTP, as clerks do: each request is then an event of its own, between
  // which the restore's reads and writes get their turns (`app.request` answered from memory
  // chains promises only, so back-to-back in-process requests held the event loop for the
  // restore's whole copy, a wait no browser can cause)
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, app3.fetch);
  const base = `http://127.0.0.1:${server.addr.port}`;
  const get = async (u: string) => {
    const t0 = performance.now();
    const r = await fetch(`${base}${u}`, { headers: { cookie: cookie3 } });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`${u}: ${r.status}`);
    return performance.now() - t0;
  };
  for (const u of listUrls) await get(u); // warm the index and its cached orderings
  const calm: number[] = [];
  for (const u of listUrls.slice(0, 100)) calm.push(await get(u));
  calm.sort((a, b) => a - b);
  /** Runs `op` while requests go out one after another; returns its time and their latencies. */
  const during = async (op: () => Promise<unknown>) => {
    let done = false;
    const t0 = performance.now();
    const running = op().finally(() => done = true);
    const lat: number[] = [];
    for (let i = 0; !done; i++) lat.push(await get(listUrls[i % listUrls.length]));
    await running;
    return { s: (performance.now() - t0) / 1000, lat: lat.sort((a, b) => a - b) };
  };
  const bdir = backupDir(dir);
  const b = await during(() => createBackup(store3, bdir, { name: "bench" }));
  const size = (await Deno.stat(join(bdir, (await Array.fromAsync(Deno.readDir(bdir)))[0].name)))
    .size;
  report(
    `Backup ${records.toLocaleString("id-ID")} entri KV (${(size / 2 ** 20).toFixed(0)} MB)`,
    b.s,
    10,
    "s",
  );
  const line = (what: string, xs: number[]) =>
    console.log(
      `  ${what}: ${xs.length} permintaan GET /api/village (HTTP), p50 ${
        xs[Math.floor(xs.length / 2)].toFixed(1)
      } ms, p95 ${p95(xs).toFixed(1)} ms, maks ${xs.at(-1)!.toFixed(1)} ms`,
    );
  line("tanpa backup", calm);
  line("selama backup", b.lat);
  const ids = (await Array.fromAsync(store3.kv.list<{ _id: string }>({ prefix: ["db_backup"] })))
    .map((e) => e.value._id);
  const log = await AuditLog.open(":memory:");
  const r = await during(() => restoreBackup(store3, bdir, ids[0], { log }));
  report("Restore (termasuk backup otomatis sebelum ganti)", r.s, 10, "s");
  line("selama restore (tertahan sebentar saat basis data diganti)", r.lat);
  await server.shutdown();
  store3.close();
}
