import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { backups, createBackup } from "../lib/backup/backup.ts";
import { HEADER_BYTES, readHeader } from "../lib/backup/format.ts";
import { createApp } from "../app.ts";
import { auditPathOf, loadConfig } from "../lib/config.ts";
import { AuditLog } from "../lib/audit/log.ts";
import { openConfiguredStore } from "../lib/backup/connection.ts";
import { Store } from "../lib/db/store.ts";

/**
 * A real process adding or restoring backups in a loop is killed with SIGKILL at a random
 * moment; after a restart through the app's start path the database must be entirely the old
 * or entirely the new one, the backups folder must hold only complete files, all listed.
 */
const WORKER = fileURLToPath(new URL("./backup_crash_worker.ts", import.meta.url));
const MAIN = fileURLToPath(new URL("../main.ts", import.meta.url));
/** Kills per test; CRASH_RUNS lowers it where processes start slowly (the Windows check in CI). */
const RUNS = Number(Deno.env.get("CRASH_RUNS") || 20);
const LANES = 8;
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface State {
  label: string;
  count: number;
  hash: string;
}

/** Content of the test collection: its label (every record must agree), count and hash. */
async function stateOf(store: Store): Promise<State> {
  const rows: string[] = [];
  const labels = new Set<string>();
  for await (const e of store.kv.list<{ state: string }>({ prefix: ["crash"] })) {
    rows.push(JSON.stringify([e.key, e.value]));
    labels.add(e.value.state);
  }
  assert.equal(labels.size, 1, `records from more than one state: ${[...labels]}`);
  return {
    label: [...labels][0],
    count: rows.length,
    hash: createHash("sha256").update(rows.join("\n")).digest("hex"),
  };
}

async function fill(store: Store, label: string, n: number) {
  const col = store.collection({ name: "crash" });
  for (const r of (await col.index()).rows()) await col.remove(r.value._id);
  await col.writeMany(Array.from({ length: n }, (_, i) => ({
    _id: `01J${label}${String(i).padStart(22, "0")}`,
    state: label,
    n: i,
  })));
}

/** A data folder holding state B live, and backups 'A' (20 records) and 'B' (30 records). */
async function template(): Promise<{ dir: string; states: Record<string, State> }> {
  const dir = await Deno.makeTempDir({ prefix: "crash-tpl-" });
  const store = await Store.open(join(dir, "casemix.kv"));
  const states: Record<string, State> = {};
  for (const [label, n] of [["A", 20], ["B", 30]] as const) {
    await fill(store, label, n);
    states[label] = await stateOf(store);
    await createBackup(store, join(dir, "backups"), { name: label });
  }
  store.close();
  return { dir, states };
}

async function copyDir(from: string, to: string) {
  await Deno.mkdir(to, { recursive: true });
  for await (const e of Deno.readDir(from)) {
    if (e.isDirectory) await copyDir(join(from, e.name), join(to, e.name));
    else if (!e.name.endsWith(".lock")) await Deno.copyFile(join(from, e.name), join(to, e.name));
  }
}

/** Restarts on `dir` the way the server does, answers a request, and reads what it finds. */
async function restart(dir: string): Promise<State> {
  const config = {
    ...loadConfig({ get: () => undefined }),
    dataDir: dir,
    dbPath: join(dir, "casemix.kv"),
  };
  const store = await openConfiguredStore(config);
  const audit = await AuditLog.open(auditPathOf(config)); // closed below: Windows deletes no open file
  try {
    const res = await createApp({ config, store, audit }).request("/validation");
    assert.equal(res.status, 200);
    await res.body?.cancel();
    const bdir = join(dir, "backups");
    const names = [...Deno.readDirSync(bdir)].map((e) => e.name);
    assert.deepEqual(names.filter((n) => n.startsWith(".")), [], "temp files left");
    for (const n of names) {
      const h = await readHeader(join(bdir, n));
      assert.equal((await Deno.stat(join(bdir, n))).size, HEADER_BYTES + h.size, `${n} incomplete`);
    }
    const listed = (await backups(store).index()).rows().map((r) => r.value.path);
    assert.deepEqual(listed.sort(), names.sort());
    return await stateOf(store);
  } finally {
    await audit.close();
    store.close();
  }
}

async function killRun(mode: string, tpl: string, dir: string, maxDelay: number) {
  await copyDir(tpl, dir);
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--unstable-kv", WORKER, mode, dir],
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  while (!out.includes("ready")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`worker ended early: ${out}`);
    out += value;
  }
  await delay(Math.random() * maxDelay);
  child.kill("SIGKILL");
  const status = await child.status; // the kill landed while it worked: it did not end by itself
  assert.equal(status.success, false);
  // Windows has no signals: the kill is TerminateProcess, seen as exit code 1
  if (Deno.build.os === "windows") assert.equal(status.code, 1);
  else assert.equal(status.signal, "SIGKILL");
  reader.releaseLock();
  await child.stdout.cancel().catch(() => {});
}

async function crashRuns(
  mode: "add" | "restore",
  check: (s: State, states: Record<string, State>) => void,
) {
  const { dir: tpl, states } = await template();
  const seen: Record<string, number> = {};
  let last = "";
  await Promise.all(Array.from({ length: LANES }, async (_, lane) => {
    for (let i = lane; i < RUNS; i += LANES) {
      const dir = `${tpl}-run${i}`;
      await killRun(mode, tpl, dir, mode === "add" ? 500 : 800);
      const s = await restart(dir);
      check(s, states);
      seen[s.label] = (seen[s.label] ?? 0) + 1;
      last = dir;
    }
  }));
  return { tpl, seen, last };
}

/** The real server starts on the data folder a killed worker left. */
async function serverStarts(dir: string) {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--unstable-kv", MAIN],
    env: { DATA_DIR: dir, PORT: String(port), ADMIN_PASSWORD: "x-uji-crash-123" },
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  while (!out.includes("berjalan di")) {
    const { value, done } = await reader.read();
    if (done) break;
    out += value;
  }
  const res = await fetch(`http://127.0.0.1:${port}/auth/login`);
  assert.equal(res.status, 200);
  await res.body?.cancel();
  child.kill("SIGTERM");
  await child.status;
  reader.releaseLock();
  await child.stdout.cancel().catch(() => {});
}

const cleanup = async (tpl: string) => {
  for (let i = 0; i < RUNS; i++) await Deno.remove(`${tpl}-run${i}`, { recursive: true });
  await Deno.remove(tpl, { recursive: true });
};

Deno.test(`crash: SIGKILL during backup (${RUNS} runs) leaves the database whole, only complete backups`, async () => {
  const { tpl, seen, last } = await crashRuns("add", (s, states) => assert.deepEqual(s, states.B));
  console.log("keadaan setelah restart:", seen);
  await serverStarts(last);
  await cleanup(tpl);
});

Deno.test(`crash: SIGKILL during restore (${RUNS} runs) leaves entirely the old or the new database`, async () => {
  const { tpl, seen, last } = await crashRuns("restore", (s, states) => {
    assert.ok(
      [states.A.hash, states.B.hash].includes(s.hash),
      `neither A nor B: ${JSON.stringify(s)}`,
    );
    assert.deepEqual(s, states[s.label]);
  });
  console.log("keadaan setelah restart:", seen);
  await serverStarts(last);
  await cleanup(tpl);
});
