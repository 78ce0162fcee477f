/**
 * The audit log at scale: writes N entries (default 2,000,000) through the real `AuditLog` into a
 * file-backed KV in a temporary folder, then times the newest page, filtered pages, searches by a
 * record's key fields, incremental and full verify, and the streamed export (throughput, peak RSS).
 *
 *   deno task bench:audit [--entries 2000000] [--keep DIR]
 */
import { parseArgs } from "node:util";
import { AuditLog } from "../lib/audit/log.ts";
import { streamXlsx } from "../lib/resource/xlsx_stream.ts";
import type { ExportColumn } from "../lib/resource/xlsx_export.ts";

const { values: args } = parseArgs({
  args: Deno.args,
  options: { entries: { type: "string" }, keep: { type: "string" } },
});
const N = Number(args.entries ?? 2_000_000);
const dir = args.keep ?? await Deno.makeTempDir({ prefix: "audit-bench-" });
const path = `${dir}/audit.kv`;

// a seeded generator: the same log every run
let seed = 42;
const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(a: T[]) => a[Math.floor(rnd() * a.length)];
const FIRST = ["Budi", "Siti", "Agus", "Dewi", "Sri", "Joko", "Rina", "Andi", "Wati", "Eko", "Nur"];
const LAST = ["Santoso", "Rahayu", "Hartono", "Wijaya", "Lestari", "Saputra", "Utami", "Hidayat"];
const patients = Array.from({ length: 20_000 }, (_, i) => ({
  _id: `01JPAT${String(i).padStart(20, "0")}`,
  erm: String(i + 1).padStart(8, "0"),
  fullname: `${pick(FIRST)} ${pick(LAST)}`,
}));
const stays = Array.from({ length: 40_000 }, (_, i) => ({
  _id: `01JSTA${String(i).padStart(20, "0")}`,
  pasien: patients[Math.floor(rnd() * patients.length)],
}));
const users = Array.from({ length: 40 }, (_, i) => `petugas${i + 1}`);
const actor = () => ({
  username: pick(users),
  role: "user",
  ip: `10.0.0.${1 + Math.floor(rnd() * 200)}`,
});

/** One event of a mid-size hospital's day: mostly stay views, then edits, creates, logins. */
function event(i: number) {
  const r = rnd();
  // stays and patients are created before they are seen: ids are taken in order
  const stay = stays[Math.floor(rnd() * Math.min(stays.length, 1 + i / 40))];
  const p = stay.pasien;
  if (r < 0.6) return { action: "view", entity: "ipd", entityId: stay._id };
  if (r < 0.75) {
    return {
      action: "update",
      entity: "ipd",
      entityId: stay._id,
      before: { diagnosis_awal: "Demam", pasien: p },
      after: { diagnosis_awal: `Demam tifoid hari ${i % 7}`, pasien: p },
    };
  }
  if (r < 0.83) {
    return {
      action: "update",
      entity: "pasien",
      entityId: p._id,
      before: { address: "Jl. Mawar 1", erm: p.erm, fullname: p.fullname },
      after: { address: `Jl. Melati ${i % 90}`, erm: p.erm, fullname: p.fullname },
    };
  }
  if (r < 0.88) {
    return {
      action: "create",
      entity: "ipd",
      entityId: stay._id,
      after: { ...stay, room: { name: "Melati" }, visitDate: new Date().toISOString() },
    };
  }
  if (r < 0.92) {
    return {
      action: "create",
      entity: "ipd-detail",
      entityId: `01JDET${String(i).padStart(20, "0")}`,
      after: { ipdId: stay._id, subject: "Pasien mengeluh demam tiga hari", tarif_rs: 1_500_000 },
    };
  }
  if (r < 0.98) return { action: "login", entity: "user" };
  return {
    action: "delete",
    entity: "ipd-detail",
    entityId: `01JDET${i}`,
    before: { ipdId: stay._id },
  };
}

const ms = (t: number) => `${(performance.now() - t).toFixed(0)} ms`;
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
let peak = 0;
const sample = setInterval(() => peak = Math.max(peak, Deno.memoryUsage().rss), 50);

console.log(`Jejak audit: ${N.toLocaleString("id-ID")} entri di ${path}`);
let log = await AuditLog.open(path, { anchor: () => {} });
const have = await log.count();
const t0 = performance.now();
let window: Promise<void>[] = [];
let mark = performance.now();
let fromMs = 0, toMs = 0;
for (let i = have; i < N; i++) {
  if (i === Math.floor(N * 0.4)) fromMs = Date.now();
  if (i === Math.floor(N * 0.6)) toMs = Date.now();
  window.push(log.append(actor(), event(i)));
  if (window.length >= 4_000) {
    await Promise.all(window);
    window = [];
  }
  if ((i + 1) % 100_000 === 0) {
    console.log(`  ${(i + 1).toLocaleString("id-ID")} entri (${ms(mark)} per 100.000)`);
    mark = performance.now();
  }
}
await Promise.all(window);
if (have < N) {
  console.log(`Menulis ${(N - have).toLocaleString("id-ID")} entri: ${ms(t0)}`);
}
if (!fromMs) [fromMs, toMs] = [Date.now() - 3_600_000, Date.now()];
// reopen: the timings below are on a log as the server finds it after a restart
await log.close();
log = await AuditLog.open(path, { anchor: () => {} });
let size = 0;
for await (const e of Deno.readDir(dir)) {
  if (e.name.startsWith("audit.kv")) size += (await Deno.stat(`${dir}/${e.name}`)).size;
}
console.log(`Berkas audit.kv: ${mb(size)}; entri: ${(await log.count()).toLocaleString("id-ID")}`);

// a stay seen early in the log, and its patient: both surely named by many entries
const stayOf = stays[1234];
const probe = stayOf.pasien;
async function time(label: string, f: Parameters<AuditLog["list"]>[0], start = 0) {
  const runs: number[] = [];
  let res: Awaited<ReturnType<AuditLog["list"]>> | null = null;
  for (let k = 0; k < 3; k++) {
    const t = performance.now();
    res = await log.list(f, start, 25);
    runs.push(performance.now() - t);
  }
  const n = `${res!.filtered.toLocaleString("id-ID")}${res!.capped ? "+" : ""}`;
  console.log(
    `  ${label.padEnd(42)} pertama ${runs[0].toFixed(0)} ms, lalu ${
      Math.max(runs[1], runs[2]).toFixed(0)
    } ms  (${res!.rows.length} baris, ${n} cocok)`,
  );
}
console.log("Halaman /api/audit (25 baris):");
await time("terbaru, tanpa saringan", {});
await time("halaman 11 (start 250), tanpa saringan", {}, 250);
await time("pengguna petugas7", { username: "petugas7" });
await time("aksi update", { action: "update" });
await time("aksi delete + entitas ipd-detail", { action: "delete", entity: "ipd-detail" });
await time("rentang waktu (40%–60% log)", { from: fromMs, to: toMs });
await time("pengguna petugas7 + aksi update + rentang", {
  username: "petugas7",
  action: "update",
  from: fromMs,
  to: toMs,
});
console.log("Cari menurut isi rekaman:");
await time(`No. ERM ${probe.erm}`, { search: probe.erm });
await time(`No. ERM tanpa nol ${Number(probe.erm)}`, { search: String(Number(probe.erm)) });
await time(`nama "${probe.fullname}"`, { search: probe.fullname });
await time(`kata nama "${probe.fullname.split(" ")[1]}"`, { search: probe.fullname.split(" ")[1] });
await time(`ID inap ${stayOf._id}`, { search: stayOf._id });
await time(`ERM + pengguna petugas7`, { search: probe.erm, username: "petugas7" });

console.log("Verifikasi:");
for (let k = 0; k < 2; k++) {
  const t = performance.now();
  const v = await log.verify();
  console.log(`  bertahap (dari checkpoint bertanda tangan): ${ms(t)}  ok=${v.ok} ${v.count}`);
}
{
  const t = performance.now();
  let last = 0;
  const v = await log.verifyFull((done, total) => {
    if (done - last >= 500_000) {
      last = done;
      console.log(`    penuh: ${done.toLocaleString("id-ID")} / ${total.toLocaleString("id-ID")}`);
    }
  });
  console.log(`  penuh (setiap entri di-hash ulang): ${ms(t)}  ok=${v.ok} ${v.count}`);
}

console.log("Ekspor (stream .xlsx, seperti /api/audit/export, batas 100.000 baris):");
{
  const base = Deno.memoryUsage().rss;
  peak = base;
  const t = performance.now();
  const ids: { id: string }[] = [];
  for await (const c of log.ids({}, 100_000)) for (const id of c) ids.push({ id });
  const cols: ExportColumn<{ id: string }>[] = ["at", "username", "action", "entity", "entityId"]
    .map((k) => ({ title: k, type: "text", value: (r) => (r as Record<string, unknown>)[k] }));
  cols.push({
    title: "after",
    type: "text",
    value: (r) => JSON.stringify((r as { after?: unknown }).after ?? ""),
  });
  const stream = streamXlsx(cols, ids, "Jejak Audit", (part) => log.get(part.map((r) => r.id)));
  let bytes = 0;
  for await (const b of stream) bytes += b.length;
  const s = (performance.now() - t) / 1000;
  console.log(
    `  ${ids.length.toLocaleString("id-ID")} baris, ${mb(bytes)} dalam ${s.toFixed(1)} s (${
      Math.round(ids.length / s).toLocaleString("id-ID")
    } baris/s); RSS puncak ${mb(peak)} (sebelum ${mb(base)})`,
  );
}
clearInterval(sample);
await log.close();
if (!args.keep) await Deno.remove(dir, { recursive: true });
