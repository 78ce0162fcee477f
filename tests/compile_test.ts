import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { STATIC_DIR } from "../app.ts";
import { compileArgs, INCLUDES, outputOf, PERMISSIONS } from "../compile.ts";
import { readManifest } from "../lib/http/islands.ts";
import { denoVersionProblem } from "../lib/runtime/version.ts";
import { tempDir } from "./helpers.ts";

const ROOT = dirname(fileURLToPath(new URL("../main.ts", import.meta.url)));

Deno.test("compile: the arguments embed static/ and the backup worker, narrowed permissions, no node_modules folder", () => {
  const args = compileArgs("x86_64-pc-windows-msvc");
  assert.deepEqual(INCLUDES, [
    "static",
    "lib/backup/worker.ts",
    "lib/resource/parse_worker.ts",
    "lib/claim/eklaim_worker.ts",
    "lib/settings/wilayah",
  ]);
  for (const i of INCLUDES) {
    assert.equal(args[args.indexOf(join(ROOT, i)) - 1], "--include", i);
  }
  for (const p of PERMISSIONS) assert.ok(args.includes(p), p);
  for (const a of args) assert.doesNotMatch(a, /^(-A|--allow-all|--allow-run|--allow-ffi)/);
  assert.ok(args.includes("--node-modules-dir=none") && args.includes("--exclude-unused-npm"));
  assert.equal(args[args.indexOf("--output") + 1], join(ROOT, "dist", "casemix.exe"));
  assert.equal(outputOf("x86_64-unknown-linux-gnu"), join(ROOT, "dist", "casemix"));
  assert.equal(args.at(-1), join(ROOT, "main.ts"));
});

Deno.test("compile: the program finds static/ beside itself, not in the current folder", async () => {
  assert.equal(STATIC_DIR, join(ROOT, "static"));
  await using tmp = await tempDir();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--unstable-kv", join(ROOT, "main.ts")],
    cwd: tmp.path, // an empty folder: no static/ here
    env: { PORT: "0", HOST: "127.0.0.1", DATA_DIR: join(tmp.path, "data"), LICENCE_URL: "" },
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  while (!/localhost:\d+/.test(out)) {
    const { value, done } = await reader.read();
    if (done) break;
    out += value;
  }
  try {
    const base = `http://127.0.0.1:${out.match(/localhost:(\d+)/)![1]}`;
    const m = (await readManifest(STATIC_DIR))!;
    const files = [
      "app.css",
      `build/${m.css}`,
      `build/${m.boot}`,
      `build/${m.islands.LoginForm.file}`,
    ];
    for (const f of files) {
      const r = await fetch(`${base}/static/${f}`);
      assert.equal(r.status, 200, f);
      await r.body?.cancel();
    }
    const page = await (await fetch(`${base}/auth/login`)).text();
    // the login page links the hashed stylesheet (served without a session, embedded above);
    // the boot script comes inline, as built
    assert.ok(page.includes(`<link rel="stylesheet" href="/static/build/${m.css}"/>`), page);
    const boot = await Deno.readTextFile(join(STATIC_DIR, "build", m.boot));
    assert.ok(page.includes(`<script type="module">${boot}</script>`));
  } finally {
    child.kill("SIGKILL");
    await child.status;
    reader.releaseLock();
    await child.stdout.cancel().catch(() => {});
  }
});

Deno.test({
  name: "compile: the embedded files are the bundle, the worker and the server's packages only",
  // compiling writes a 100+ MB file; under the Windows check that costs minutes for the same
  // inputs this checks on Linux
  ignore: Deno.build.os === "windows",
  async fn() {
    await using tmp = await tempDir();
    const { build } = await import("../build.ts");
    await build({ quiet: true });
    const m = (await readManifest(STATIC_DIR))!;
    const info = join(STATIC_DIR, "build", "compiled.json");
    await Deno.writeTextFile(info, "{}");
    using _ = { [Symbol.dispose]: () => Deno.removeSync(info) };
    const output = join(tmp.path, "casemix");
    // the Deno CLI stands in for the runtime (denort cannot be downloaded here): the program
    // is not runnable, but its embedded file system is the real one
    const res = await new Deno.Command(Deno.execPath(), {
      args: compileArgs(Deno.build.target, output),
      env: { DENORT_BIN: Deno.execPath(), NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const log = new TextDecoder().decode(res.stdout) + new TextDecoder().decode(res.stderr);
    assert.equal(res.code, 0, log);
    const lines = log.slice(log.indexOf(".deno_compile_node_modules")).split("\n").slice(2);
    const packages: string[] = [];
    let scope = "";
    for (const l of lines.slice(0, lines.findIndex((l) => /^[├└]/.test(l)))) {
      const group = l.match(/^│ {3}[├└]─┬ (\S+)/);
      const top = l.match(/^│ {3}[├└]── (\S+)/);
      const inner = l.match(/^│ {3}[│ ] [├└]── (\S+)/);
      if (group) scope = group[1];
      else if (top) packages.push(top[1].split(/\/\d|\/\*/)[0]);
      else if (inner) packages.push(`${scope}/${inner[1].split(/\/\d|\/\*/)[0]}`);
    }
    assert.deepEqual(packages.sort(), [
      "@e965/xlsx",
      "@zxcvbn-ts/core",
      "@zxcvbn-ts/dictionary-compression",
      "@zxcvbn-ts/language-common",
      "fastest-levenshtein",
      "fflate",
      "hono",
      "preact",
      "preact-render-to-string",
      "ulid",
      "zod",
    ]);
    assert.doesNotMatch(log, /esbuild|playwright|chart\.js|kurkle|build\.ts|compile\.ts|tests\//);
    assert.match(log, /worker\.ts/);
    assert.match(log, /parse_worker\.ts/);
    assert.match(log, /eklaim_worker\.ts/);
    // the official region list the first-run checklist loads, with its licence (the log folds
    // the folder: 'wilayah/* (622.95KB)'; its files are named in the embedded file system below)
    assert.match(log, /wilayah\/\* \(6\d\d\.\d+KB\)/);
    // the embedded file system names every bundle file (it follows the runtime in the program)
    const bytes = await Deno.readFile(output);
    const tail = new TextDecoder("latin1").decode(
      bytes.subarray((await Deno.stat(Deno.execPath())).size),
    );
    const files = [
      "wilayah_kepmendagri_2025.csv.gz",
      "LICENSE",
      "manifest.json",
      "compiled.json",
      "app.css",
      m.boot,
      ...Object.values(m.islands).flatMap((e) => [e.file, ...e.imports]),
    ];
    for (const f of files) assert.ok(tail.includes(f), `${f} not embedded`);
  },
});

Deno.test("deno version: the series the app is built for, and a binary's own runtime", () => {
  assert.equal(denoVersionProblem("2.9.6"), null);
  assert.equal(denoVersionProblem("2.9.5"), null);
  assert.match(
    denoVersionProblem("2.8.1")!,
    /^Casemix RS dibuat untuk Deno 2\.9\.x, tetapi yang menjalankannya Deno 2\.8\.1\./,
  );
  assert.match(denoVersionProblem("3.0.0")!, /Pasang Deno 2\.9/);
  const built = { deno: "2.9.6", target: "x86_64-pc-windows-msvc", builtAt: "" };
  assert.equal(denoVersionProblem("2.9.6", built), null);
  assert.match(
    denoVersionProblem("2.9.5", built)!,
    /^Program ini dikompilasi dengan Deno 2\.9\.6, tetapi runtime di dalamnya Deno 2\.9\.5\./,
  );
});
