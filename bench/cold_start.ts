/**
 * `deno task cold-start --data DIR [--port 18190]`: what a clerk waits for when the server
 * starts. For each first screen (the patients' list, the stays' list, the dashboard), copies
 * the data folder DIR (the five-year set from `deno task bench:data`) without its index cache,
 * starts the server on the copy as `deno task start` does and, as soon as it accepts
 * connections, logs in and asks for that screen, timing both; then stops it (Ctrl+C, so it saves
 * its index cache, once the server says its indexes are ready), starts it again on the same
 * folder and times the same. Prints, per start:
 * when the port opened, the login, the screen, and login + screen (the figure a clerk feels).
 * Admin password: `ADMIN_PASSWORD` (as the data set was made with).
 */
import { parseArgs } from "node:util";
import { join } from "node:path";
import { login } from "./load_jobs.ts";
import { V8_FLAGS } from "../lib/runtime/v8_flags.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { data: { type: "string" }, port: { type: "string", default: "18190" } },
});
if (!values.data) throw new Error("--data DIR wajib (folder data lima tahun).");
const password = Deno.env.get("ADMIN_PASSWORD");
if (!password) throw new Error("ADMIN_PASSWORD wajib diatur.");
const port = Number(values.port), base = `http://127.0.0.1:${port}`;
const FIRST = ["/api/pasien?draw=1&start=0&length=10", "/api/ipd?draw=1&start=0&length=10", "/"];

/** Copies a folder, leaving out what `keep` refuses. */
async function copy(from: string, to: string, keep: (name: string) => boolean) {
  for await (const e of Deno.readDir(from)) {
    if (!keep(e.name)) continue;
    if (e.isDirectory) {
      await Deno.mkdir(join(to, e.name));
      await copy(join(from, e.name), join(to, e.name), keep);
    } else await Deno.copyFile(join(from, e.name), join(to, e.name));
  }
}

async function open(): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    try {
      (await Deno.connect({ port, hostname: "127.0.0.1" })).close();
      return performance.now() - t0;
    } catch {
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

/** Resolves when the server says its indexes are ready ("Indeks siap"); reads on to the end. */
async function readyLine(out: ReadableStream<Uint8Array>): Promise<void> {
  const { promise, resolve } = Promise.withResolvers<void>();
  (async () => {
    const dec = new TextDecoder();
    let text = "";
    for await (const chunk of out) {
      text = (text + dec.decode(chunk, { stream: true })).slice(-200);
      if (text.includes("Indeks siap")) resolve();
    }
  })();
  const limit = setTimeout(() => {
    console.error("Server tidak menyatakan indeks siap dalam 120 s; dihentikan juga.");
    resolve();
  }, 120_000);
  await promise;
  clearTimeout(limit);
}

async function timed<T>(f: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const v = await f();
  return [v, performance.now() - t0];
}

async function start(dir: string, label: string, path: string) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--unstable-kv", `--v8-flags=${V8_FLAGS}`, "main.ts"],
    env: { DATA_DIR: dir, PORT: String(port), ADMIN_PASSWORD: password! },
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const ready = readyLine(child.stdout);
  const listening = await open();
  const [cookie, loginMs] = await timed(() => login(base, "DEMO", "admin", password!));
  const [status, ms] = await timed(async () => {
    const r = await fetch(`${base}${path}`, { headers: { cookie } });
    await r.arrayBuffer();
    return r.status;
  });
  if (status !== 200) throw new Error(`${path}: ${status}`);
  console.log(
    `${label}, ${path.split("?")[0]} pertama: port terbuka ${listening.toFixed(0)} ms setelah ` +
      `start; login ${loginMs.toFixed(0)} ms; layar ${ms.toFixed(0)} ms; login + layar ${
        (loginMs + ms).toFixed(0)
      } ms`,
  );
  // stopped once its indexes are loaded and warm, as a server that has run a while, so the
  // restart finds the index cache a graceful stop writes (the first screen no longer waits for
  // every stay to be read, so it does not make the load finish)
  await ready;
  child.kill("SIGINT");
  await child.status;
}

for (const path of FIRST) {
  const dir = await Deno.makeTempDir({ prefix: "cold-start-" });
  try {
    await copy(values.data, dir, (name) => name !== "index-cache" && !name.endsWith(".lock"));
    await start(dir, "Start pertama (tanpa cache indeks)", path);
    await start(dir, "Start ulang", path);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
