import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { backups, createBackup } from "../lib/backup/backup.ts";
import { HEADER_BYTES, readHeader } from "../lib/backup/format.ts";
import { createApp } from "../app.ts";
import { auditPathOf, loadConfig } from "../lib/config.ts";
import { AuditLog } from "../lib/audit/log.ts";
import { openConfiguredStore } from "../lib/db/configured.ts";
import { Store } from "../lib/db/store.ts";
import { liveFile } from "../lib/db/db_file.ts";

/**
 * A real process making a backup or restoring one is killed with SIGKILL at a chosen stage of
 * the operation; after a restart through the app's start path the database must be entirely
 * the old or entirely the new one (which one follows from where the kill landed), and the
 * backups folder must hold only complete files, all listed. Each trial reads, from the files
 * the killed process left, where the kill landed, and the trials must cover the start, the
 * middle and the end of the operation.
 */
const WORKER = fileURLToPath(new URL("./backup_crash_worker.ts", import.meta.url));
const MAIN = fileURLToPath(new URL("../main.ts", import.meta.url));
const STAGES = ["awal", "tengah", "akhir"] as const;
/**
 * Trials per operation: at least `MIN_RUNS` (one aimed at each stage `PER_STAGE` times; CRASH_RUNS
 * raises it), more (up to `MAX_RUNS`) until every stage is hit `PER_STAGE` times. A trial past
 * that adds no landing point the covered stages have not shown twice.
 */
const PER_STAGE = 2, MAX_RUNS = 24;
const MIN_RUNS = Number(Deno.env.get("CRASH_RUNS") || PER_STAGE * STAGES.length);
const LANES = 3;
type Stage = (typeof STAGES)[number];
type Mode = "add" | "restore" | "upload";
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

/**
 * A data folder holding state B live, and backups 'A' (20 records) and 'B' (30 records), with
 * about 1 MB of other records so each operation lasts long enough to be cut in its middle.
 */
async function template(): Promise<{ dir: string; states: Record<string, State> }> {
  const dir = await Deno.makeTempDir({ prefix: "crash-tpl-" });
  const store = await Store.open(join(dir, "casemix.kv"));
  await store.collection({ name: "filler" }).writeMany(
    Array.from({ length: 2_500 }, (_, i) => ({
      _id: `01JF${String(i).padStart(22, "0")}`,
      text: `${i} `.repeat(120).slice(0, 400),
    })),
  );
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

/**
 * Restarts on `dir` the way the server does, answers a request, and reads what it finds: the
 * test collection's state and how many backups are listed.
 */
async function restart(dir: string): Promise<{ state: State; backups: number }> {
  const config = {
    ...loadConfig({ get: () => undefined }),
    dataDir: dir,
    dbPath: join(dir, "casemix.kv"),
  };
  const store = await openConfiguredStore(config);
  const audit = await AuditLog.open(auditPathOf(config)); // closed below: Windows deletes no open file
  try {
    // as main.ts makes it after its one bundle check (serverStarts runs main.ts itself)
    const res = await createApp({ config, store, audit, bundleReady: true }).request("/validation");
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
    return { state: await stateOf(store), backups: listed.length };
  } finally {
    await audit.close();
    store.close();
  }
}

/**
 * Where an operation on `dir` stands, read from its files: `awal` nothing written yet,
 * `tengah` temporary files (a backup being packed, a database being built aside) but the
 * result not yet in place, `akhir` the result in place (the new backup file renamed into the
 * folder; for a restore, the pointer naming the restored database).
 */
function observer(mode: Mode, dir: string) {
  const bdir = join(dir, "backups");
  const base = join(dir, "casemix.kv");
  const names = (d: string) => [...Deno.readDirSync(d)].map((e) => e.name);
  const backupsBefore = new Set(names(bdir));
  const filesBefore = new Set(names(dir));
  let liveBefore = "";
  const observe = async (): Promise<Stage> => {
    const now = names(bdir);
    const fresh = now.filter((n) => !backupsBefore.has(n));
    if (mode === "add") {
      if (fresh.some((n) => !n.startsWith("."))) return "akhir";
      return fresh.length ? "tengah" : "awal";
    }
    if (await liveFile(base) !== liveBefore) return "akhir";
    // a database being built aside: `casemix-<ulid>.kv` (not the live file's own -wal or lock)
    const aside = names(dir).filter((n) => !filesBefore.has(n) && /^casemix-\w{26}\.kv/.test(n));
    return fresh.length || aside.length ? "tengah" : "awal";
  };
  return {
    observe,
    start: async () => void (liveBefore = await liveFile(base)),
  };
}

/**
 * Runs the worker on a copy of the template and kills it as soon as it reaches `target` (at
 * once for `awal`); returns the stage its files show after the kill.
 */
async function killRun(mode: Mode, tpl: string, dir: string, target: Stage): Promise<Stage> {
  await copyDir(tpl, dir);
  const watch = observer(mode, dir);
  await watch.start();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--unstable-kv", WORKER, mode, dir],
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  let out = "";
  const reading = (async () => {
    for await (const t of child.stdout.pipeThrough(new TextDecoderStream())) out += t;
  })();
  while (!out.includes("ready")) {
    if (out.includes("done")) break;
    await new Promise((r) => setTimeout(r, 1));
  }
  const rank = STAGES.indexOf(target);
  while (!out.includes("done") && STAGES.indexOf(await watch.observe()) < rank) {
    await new Promise((r) => setTimeout(r, 0));
  }
  child.kill("SIGKILL");
  const status = await child.status; // the kill landed while it worked: it did not end by itself
  assert.equal(status.success, false);
  // Windows has no signals: the kill is TerminateProcess, seen as exit code 1
  if (Deno.build.os === "windows") assert.equal(status.code, 1);
  else assert.equal(status.signal, "SIGKILL");
  await reading.catch(() => {});
  return await watch.observe();
}

/**
 * Trials of `mode`, aimed in turn at the start, the middle and the end, until each stage has
 * been hit `PER_STAGE` times (or `MAX_RUNS` trials); `check` sees the state after the restart
 * and where the kill landed. Returns the stages hit.
 */
async function crashRuns(
  mode: Mode,
  check: (
    r: { state: State; backups: number },
    stage: Stage,
    states: Record<string, State>,
  ) => void,
) {
  const { dir: tpl, states } = await template();
  const landed: Record<Stage, number> = { awal: 0, tengah: 0, akhir: 0 };
  const dirs: string[] = [];
  let next = 0;
  const covered = () => STAGES.every((s) => landed[s] >= PER_STAGE);
  await Promise.all(Array.from({ length: LANES }, async () => {
    while (next < MAX_RUNS && (next < MIN_RUNS || !covered())) {
      const i = next++;
      const dir = `${tpl}-run${i}`;
      dirs.push(dir);
      const stage = await killRun(mode, tpl, dir, STAGES[i % STAGES.length]);
      landed[stage]++;
      check(await restart(dir), stage, states);
    }
  }));
  return { tpl, landed, dirs };
}

/** The real server starts on the data folder a killed worker left. */
async function serverStarts(dir: string) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--unstable-kv", MAIN],
    env: { DATA_DIR: dir, PORT: "0", ADMIN_PASSWORD: "Uji-Casemix-2026!" },
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  // the demo licence service prints its own 'berjalan di' line first
  const listening = /RS berjalan di http:\/\/localhost:(\d+)/;
  while (!listening.test(out)) {
    const { value, done } = await reader.read();
    if (done) break;
    out += value;
  }
  const port = out.match(listening)?.[1];
  assert.ok(port, out);
  const res = await fetch(`http://127.0.0.1:${port}/auth/login`);
  assert.equal(res.status, 200);
  await res.body?.cancel();
  child.kill("SIGTERM");
  await child.status;
  reader.releaseLock();
  await child.stdout.cancel().catch(() => {});
}

const cleanup = async (tpl: string, dirs: string[]) => {
  for (const d of dirs) await Deno.remove(d, { recursive: true });
  await Deno.remove(tpl, { recursive: true });
};

/** Every stage was hit at least `PER_STAGE` times. */
function assertCovered(landed: Record<Stage, number>) {
  console.log("tempat SIGKILL mendarat:", landed);
  for (const s of STAGES) assert.ok(landed[s] >= PER_STAGE, `${s}: ${JSON.stringify(landed)}`);
}

Deno.test("crash: SIGKILL at the start, middle and end of a backup leaves the database whole, only complete backups", async () => {
  const { tpl, landed, dirs } = await crashRuns("add", ({ state, backups }, stage, states) => {
    assert.deepEqual(state, states.B);
    // the new backup counts once its file is in place (listed from it at the restart)
    assert.equal(backups, stage === "akhir" ? 3 : 2, stage);
  });
  assertCovered(landed);
  await serverStarts(dirs.at(-1)!);
  await cleanup(tpl, dirs);
});

Deno.test("crash: SIGKILL at the start, middle and end of a restore leaves entirely the old or the new database", async () => {
  const { tpl, landed, dirs } = await crashRuns("restore", ({ state }, stage, states) => {
    // before the pointer names the restored database, B stays; from then on, it is A
    assert.deepEqual(state, stage === "akhir" ? states.A : states.B, stage);
  });
  assertCovered(landed);
  await serverStarts(dirs.at(-1)!);
  await cleanup(tpl, dirs);
});

Deno.test("crash: SIGKILL at the start, middle and end of a restore from an uploaded file: the old or the new database, no upload left half", async () => {
  const { tpl, landed, dirs } = await crashRuns("upload", ({ state }, stage, states) => {
    // the file is received aside (a temporary file, removed at the restart) and checked; then
    // as a restore: B until the pointer names the restored database, A from then on
    assert.deepEqual(state, stage === "akhir" ? states.A : states.B, stage);
  });
  assertCovered(landed);
  await cleanup(tpl, dirs);
});
