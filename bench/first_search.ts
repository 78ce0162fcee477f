/**
 * `deno task first-search --data DIR [--port 18191] [--runs 3] [--against CHECKOUT]`: a patient
 * search sent as soon as a starting server's port answers, on the five-year set (`deno task
 * bench:data`). Copies DIR without its index cache, starts the server once to log in (the
 * session outlives a restart) and pick a patient, then once a first start without the cache,
 * then in turn: restarts with the index cache (the snapshots a graceful stop writes) and sends
 * the search at once with that session, or logs in first and then sends it (login included).
 * The search is a word of the patient's name or its ERM number, alternating per start; each
 * start then sends the other one. `--against CHECKOUT`: the same starts alternate with the
 * server of another checkout (say a worktree of the commit before), on a copy of its own.
 * Prints each start's figures and the medians. Admin password: `ADMIN_PASSWORD`.
 */
import { parseArgs } from "node:util";
import { join } from "node:path";
import { login } from "./load_jobs.ts";
import { V8_FLAGS } from "../lib/runtime/v8_flags.ts";
import { tableQuery } from "../lib/resource/datatables.ts";
import pasien from "../resources/pasien.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    data: { type: "string" },
    port: { type: "string", default: "18191" },
    runs: { type: "string", default: "3" },
    against: { type: "string" },
  },
});
if (!values.data) throw new Error("--data DIR wajib (folder data lima tahun).");
const password = Deno.env.get("ADMIN_PASSWORD");
if (!password) throw new Error("ADMIN_PASSWORD wajib diatur.");
const port = Number(values.port), base = `http://127.0.0.1:${port}`;
const runs = Number(values.runs);

async function copy(from: string, to: string) {
  for await (const e of Deno.readDir(from)) {
    if (e.name === "index-cache" || e.name.endsWith(".lock")) continue;
    if (e.isDirectory) {
      await Deno.mkdir(join(to, e.name));
      await copy(join(from, e.name), join(to, e.name));
    } else await Deno.copyFile(join(from, e.name), join(to, e.name));
  }
}

/** Milliseconds until the port accepts a connection. */
async function open(): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    try {
      (await Deno.connect({ port, hostname: "127.0.0.1" })).close();
      return performance.now() - t0;
    } catch {
      await new Promise((r) => setTimeout(r, 5));
    }
  }
}

/** A server of the checkout `root` on `dir`; `ready` resolves when it says its indexes are. */
function serve(root: string, dir: string) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--unstable-kv", `--v8-flags=${V8_FLAGS}`, "main.ts"],
    cwd: root,
    env: { DATA_DIR: dir, PORT: String(port), ADMIN_PASSWORD: password! },
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const { promise: ready, resolve } = Promise.withResolvers<void>();
  (async () => {
    const dec = new TextDecoder();
    let text = "";
    for await (const chunk of child.stdout) {
      text = (text + dec.decode(chunk, { stream: true })).slice(-200);
      if (text.includes("Indeks siap")) resolve();
    }
  })();
  const limit = setTimeout(resolve, 180_000);
  return {
    ready: ready.then(() => clearTimeout(limit)),
    /** Stops it as Ctrl+C does (it writes its index cache). */
    async stop() {
      child.kill("SIGINT");
      await child.status;
    },
  };
}

/** One search: its time, and the rows it found. */
async function search(cookie: string, term: string): Promise<{ ms: number; found: number }> {
  const q = tableQuery(pasien.columns, { draw: 1, start: 0, length: 10, search: term });
  const t0 = performance.now();
  const r = await fetch(`${base}/api/pasien?${q}`, { headers: { cookie } });
  const body = await r.json();
  const ms = performance.now() - t0;
  if (r.status !== 200) throw new Error(`cari ${term}: ${r.status} ${JSON.stringify(body)}`);
  return { ms, found: body.recordsFiltered };
}

const here = join(import.meta.dirname!, "..");
const roots = values.against ? [here, values.against] : [here];
const dirs = new Map<string, string>();
const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)];
const figures = new Map<string, number[]>();
const note = (k: string, v: number) => figures.set(k, [...(figures.get(k) ?? []), v]);
const GET = (cookie: string, path: string) =>
  fetch(`${base}${path}`, { headers: { cookie } }).then((r) => r.json());
try {
  const cookies = new Map<string, string>();
  let terms = { nama: "", erm: "" };
  for (const root of roots) {
    // a session and (on the first copy) a patient to look for
    const dir = await Deno.makeTempDir({ prefix: "first-search-" });
    dirs.set(root, dir);
    await copy(values.data, dir);
    const s = serve(root, dir);
    await open();
    const cookie = await login(base, "DEMO", "admin", password);
    cookies.set(root, cookie);
    if (!terms.erm) {
      const total = (await GET(cookie, "/api/pasien?start=0&length=1")).recordsTotal as number;
      const at = Math.floor(total * 0.37);
      const p = (await GET(cookie, `/api/pasien?start=${at}&length=1`)).data[0];
      terms = { nama: p.fullname.split(/\s+/)[0].toLowerCase(), erm: p.erm };
      console.log(`Pasien: ${terms.erm} ${p.fullname}; cari "${terms.nama}" dan "${terms.erm}"`);
    }
    await s.ready;
    await s.stop();
    // the first start has no index cache (the one this start wrote is removed)
    await Deno.remove(join(dir, "index-cache"), { recursive: true }).catch(() => {});
  }

  /** One start: the port, (login,) the search sent at once, then the other search. */
  const start = async (root: string, label: string, withLogin: boolean, kind: "nama" | "erm") => {
    const s = serve(root, dirs.get(root)!);
    const listening = await open();
    let c = cookies.get(root)!, loginMs = 0;
    if (withLogin) {
      const t0 = performance.now();
      c = await login(base, "DEMO", "admin", password);
      loginMs = performance.now() - t0;
    }
    const first = await search(c, terms[kind]);
    const other = await search(c, terms[kind === "nama" ? "erm" : "nama"]);
    const key = `${roots.length > 1 ? `${root}: ` : ""}${label}${
      withLogin ? ", login + cari" : ", cari"
    } (${kind})`;
    note(key, loginMs + first.ms);
    console.log(
      `${key}: port ${listening.toFixed(0)} ms; ${
        withLogin ? `login ${loginMs.toFixed(0)} ms; ` : ""
      }` +
        `cari ${first.ms.toFixed(0)} ms (${first.found} baris); lalu cari yang lain ` +
        `${other.ms.toFixed(0)} ms (${other.found} baris)`,
    );
    await s.ready;
    await s.stop();
  };
  for (const root of roots) await start(root, "Start pertama", false, "nama");
  for (let i = 0; i < runs; i++) {
    for (const kind of ["nama", "erm"] as const) {
      for (const withLogin of [false, true]) {
        for (const root of i % 2 ? roots.toReversed() : roots) {
          await start(root, "Start ulang", withLogin, kind);
        }
      }
    }
  }
  console.log("\nMedian:");
  for (const [k, v] of figures) {
    console.log(`  ${k}: ${median(v).toFixed(0)} ms (${v.map((x) => x.toFixed(0)).join(", ")})`);
  }
} finally {
  for (const dir of dirs.values()) await Deno.remove(dir, { recursive: true });
}
