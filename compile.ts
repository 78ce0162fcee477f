/**
 * `deno task compile [--target x86_64-pc-windows-msvc]`: one program file, `dist/casemix`
 * (`dist/casemix.exe` for Windows), holding the server, its browser bundle (built first) and the
 * npm packages the server imports, and nothing else (no esbuild, Playwright or chart.js sources).
 *
 * `deno compile` puts the program into Deno's runtime (`denort`) for the target. It takes it
 * from `DENORT_BIN` when set, else from Deno's download cache, else downloads it from
 * dl.deno.land (see docs/DEPLOY.md, "Satu berkas program").
 */
import { join } from "node:path";
import { build } from "./build.ts";
import type { BuildInfo } from "./lib/runtime/version.ts";
import { V8_FLAGS } from "./lib/runtime/v8_flags.ts";

const root = import.meta.dirname!;

/** Files the program reads at run time besides its module graph: the static folder (with the
 * bundle), the workers (backup, spreadsheet and E-Klaim TXT parsing), started by URL, and the
 * official region list the first-run checklist loads (lib/settings/official_regions.ts). */
export const INCLUDES = [
  "static",
  "lib/backup/worker.ts",
  "lib/resource/parse_worker.ts",
  "lib/claim/eklaim_worker.ts",
  "lib/settings/wilayah",
];

/**
 * Permissions built into the program: network, environment, files. Not `--allow-run` (no
 * esbuild at run time), not `--allow-ffi`. Without `-A`, Deno's node:sqlite refuses
 * `VACUUM INTO`, so a binary backs up a local store as a logical dump (lib/backup/backup.ts).
 */
export const PERMISSIONS = ["--allow-net", "--allow-env", "--allow-read", "--allow-write"];

/** The output file for a target. */
export const outputOf = (target: string) =>
  join(root, "dist", target.includes("windows") ? "casemix.exe" : "casemix");

/** The `deno compile` arguments for `target`, writing to `output`. */
export function compileArgs(target: string, output = outputOf(target)): string[] {
  return [
    "compile",
    "--unstable-kv",
    ...PERMISSIONS,
    "--no-prompt",
    // `gc()` after a busy spell, the heap's growth bounded (lib/runtime/v8_flags.ts)
    `--v8-flags=${V8_FLAGS}`,
    // packages from Deno's cache, only those the server imports (a node_modules folder would
    // bring esbuild, Playwright and chart.js along)
    "--node-modules-dir=none",
    "--exclude-unused-npm",
    ...INCLUDES.flatMap((i) => ["--include", join(root, i)]),
    "--target",
    target,
    "--output",
    output,
    join(root, "main.ts"),
  ];
}

/** Where `deno compile` will find the runtime for `target` without downloading, if anywhere. */
export function runtimeSource(target: string): string | null {
  const env = Deno.env.get("DENORT_BIN");
  if (env) return `DENORT_BIN=${env}`;
  const home = Deno.env.get("HOME") ?? Deno.env.get("USERPROFILE") ?? "";
  const denoDir = Deno.env.get("DENO_DIR") ??
    (Deno.build.os === "windows"
      ? join(Deno.env.get("LOCALAPPDATA") ?? home, "deno")
      : Deno.build.os === "darwin"
      ? join(home, "Library", "Caches", "deno")
      : join(Deno.env.get("XDG_CACHE_HOME") ?? join(home, ".cache"), "deno"));
  const zip = join(denoDir, "dl", "release", `v${Deno.version.deno}`, `denort-${target}.zip`);
  try {
    Deno.statSync(zip);
    return zip;
  } catch {
    return null;
  }
}

/** Builds the bundle, records the build for the start-up check, then compiles. */
export async function compile(target: string): Promise<number> {
  const output = outputOf(target);
  await build({ quiet: true });
  const info: BuildInfo = { deno: Deno.version.deno, target, builtAt: new Date().toISOString() };
  await Deno.writeTextFile(join(root, "static", "build", "compiled.json"), JSON.stringify(info));
  const source = runtimeSource(target);
  console.log(
    source
      ? `Runtime Deno ${Deno.version.deno} untuk ${target}: ${source}`
      : `Runtime Deno ${Deno.version.deno} untuk ${target} belum ada di cache; deno compile akan ` +
        "mengunduhnya dari dl.deno.land (perlu internet; lihat docs/DEPLOY.md).",
  );
  const { code } = await new Deno.Command(Deno.execPath(), { args: compileArgs(target, output) })
    .spawn().status;
  if (code === 0) console.log(`Selesai: ${output}`);
  return code;
}

if (import.meta.main) {
  const i = Deno.args.indexOf("--target");
  const target = i >= 0 ? Deno.args[i + 1] : Deno.build.target;
  Deno.exit(await compile(target));
}
