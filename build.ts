import * as esbuild from "esbuild";
import { join, relative, sep } from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { Manifest } from "./lib/http/islands.ts";

const root = import.meta.dirname!;
const OUTDIR = join(root, "static", "build");
/** A path below the project as esbuild and every OS write it: relative, with `/`. */
export const projectPath = (p: string) => relative(root, p).split(sep).join("/");

/** Folders whose files can end up in the browser bundle. */
const SOURCES = ["islands", "components", "lib", "deno.json", "static/app.css"];

async function* walk(path: string): AsyncGenerator<string> {
  let info: Deno.FileInfo;
  try {
    info = await Deno.stat(path);
  } catch {
    return;
  }
  if (info.isFile) yield path;
  else {
    for await (const e of Deno.readDir(path)) yield* walk(join(path, e.name));
  }
}

/**
 * Hash of every file that can reach the bundle, by `/` path (the same on Windows and Linux, so
 * a bundle built on one is current on the other); null when the sources are not present.
 */
export async function sourceHash(dir = root): Promise<string | null> {
  const files: string[] = [];
  for (const s of SOURCES) {
    for await (const f of walk(join(dir, s))) files.push(relative(dir, f).split(sep).join("/"));
  }
  if (!files.some((f) => f.startsWith("islands/"))) return null;
  files.sort();
  const parts: Uint8Array[] = [];
  for (const f of files) {
    parts.push(new TextEncoder().encode(f), await Deno.readFile(join(dir, ...f.split("/"))));
  }
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) all.set(p, (o += p.length) - p.length);
  return await sha256Hex(all, 12);
}

/** The first `n` bytes of the SHA-256 of `data`, as hex. */
async function sha256Hex(data: Uint8Array<ArrayBuffer>, n: number): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  return [...digest.slice(0, n)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The island entry points: every `islands/*.tsx`, by file name. */
async function islandEntries(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const e of Deno.readDir(join(root, "islands"))) {
    if (e.isFile && e.name.endsWith(".tsx") && !e.name.endsWith("_test.tsx")) {
      out[e.name.replace(/\.tsx$/, "")] = join(root, "islands", e.name);
    }
  }
  return out;
}

/** What `build` may be told: a quiet run, another output folder, other island entry points. */
export interface BuildOptions {
  quiet?: boolean;
  /** Default `static/build`. */
  outdir?: string;
  /** Island name → entry file; default every `islands/*.tsx`. */
  islands?: Record<string, string>;
}

/**
 * Writes `f.gz` and `f.br` (best compression) beside every script and stylesheet in `dir`, so
 * serving does no work per request; returns the bytes before and after, per encoding.
 */
export async function precompress(dir: string): Promise<{ raw: number; gz: number; br: number }> {
  const sum = { raw: 0, gz: 0, br: 0 };
  for await (const e of Deno.readDir(dir)) {
    if (!e.isFile || !/\.(js|css)$/.test(e.name)) continue;
    const body = await Deno.readFile(join(dir, e.name));
    const gz = gzipSync(body, { level: 9 });
    const br = brotliCompressSync(body, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 11,
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      },
    });
    await Deno.writeFile(join(dir, `${e.name}.gz`), gz);
    await Deno.writeFile(join(dir, `${e.name}.br`), br);
    sum.raw += body.length;
    sum.gz += gz.length;
    sum.br += br.length;
  }
  return sum;
}

/** `static/app.css` minified, for browsers of the scripts' age (es2020). */
async function minifiedCss(): Promise<Uint8Array<ArrayBuffer>> {
  const css = await Deno.readTextFile(join(root, "static", "app.css"));
  const out = await esbuild.transform(css, {
    loader: "css",
    minify: true,
    target: ["chrome80", "edge80", "firefox78", "safari14"],
    logLevel: "error",
  });
  return new TextEncoder().encode(out.code);
}

/** Writes the stylesheet into the build as `app-[hash].css`; returns its file name. */
async function hashedCss(outdir: string, css: Uint8Array<ArrayBuffer>): Promise<string> {
  const name = `app-${await sha256Hex(css, 6)}.css`;
  await Deno.writeFile(join(outdir, name), css);
  return name;
}

/**
 * Bundles the islands (split, minified, hashed) and writes the manifest. It builds into a new
 * folder and only then replaces `static/build`, so a failed build leaves the old bundle serving.
 */
export async function build(opts: BuildOptions = {}): Promise<Manifest> {
  const outdir = opts.outdir ?? OUTDIR;
  const next = `${outdir}.new-${Date.now().toString(36)}`;
  try {
    const manifest = await buildInto(next, opts);
    const old = `${outdir}.old-${Date.now().toString(36)}`;
    await Deno.rename(outdir, old).catch(() => {}); // Windows cannot rename over a folder
    await Deno.rename(next, outdir);
    await Deno.remove(old, { recursive: true }).catch(() => {});
    return manifest;
  } catch (e) {
    await Deno.remove(next, { recursive: true }).catch(() => {});
    throw e;
  }
}

/** esbuild's options shared by the boot script's build and the islands'. */
const COMMON = {
  absWorkingDir: root,
  bundle: true,
  format: "esm",
  minify: true,
  target: "es2020",
  entryNames: "[name]-[hash]",
  metafile: true,
  logLevel: "error",
} as const;

/** The boot script on its own (nothing imported, a few hundred bytes before the first paint). */
async function buildBoot(outdir: string): Promise<string> {
  const result = await esbuild.build({
    ...COMMON,
    entryPoints: { boot: join(root, "lib", "client", "boot.ts") },
    outdir,
  });
  return Object.keys(result.metafile.outputs)[0].split("/").pop()!;
}

async function buildInto(outdir: string, opts: BuildOptions): Promise<Manifest> {
  const source = (await sourceHash()) ?? "";
  const islands = opts.islands ?? await islandEntries();
  let boot: string, css: Uint8Array<ArrayBuffer>, result: esbuild.BuildResult<{ metafile: true }>;
  try {
    boot = await buildBoot(outdir);
    css = await minifiedCss();
    result = await esbuild.build({
      ...COMMON,
      entryPoints: { hydrate: join(root, "lib", "client", "hydrate.ts"), ...islands },
      splitting: true,
      outdir,
      chunkNames: "chunk-[hash]",
      jsx: "automatic",
      jsxImportSource: "preact",
      alias: {
        "casemix-charts": "./lib/client/charts.ts", // the server gets charts_server.ts (deno.json)
        "react": "preact/compat",
        "react-dom": "preact/compat",
        "react/jsx-runtime": "preact/jsx-runtime",
      },
      // every module imports the shared code, so it all lands in one chunk for every island:
      // a page loads 3-6 files instead of 9-17 (each file costs a slow PC's main thread)
      inject: [join(root, "islands", "_shared.ts")],
    });
  } finally {
    esbuild.stop(); // one stop for both builds, also when either failed
  }
  const outputs = result.metafile.outputs;
  const name = (p: string) => p.split("/").pop()!;
  const closure = (out: string, seen = new Set<string>()): Set<string> => {
    for (const imp of outputs[out]?.imports ?? []) {
      if (imp.kind === "import-statement" && !seen.has(imp.path)) {
        seen.add(imp.path);
        closure(imp.path, seen);
      }
    }
    return seen;
  };
  const manifest: Manifest = { source, boot, hydrate: "", islands: {} };
  for (const [out, meta] of Object.entries(outputs)) {
    if (!meta.entryPoint) continue;
    const entry = Object.entries(islands).find(([, p]) => projectPath(p) === meta.entryPoint);
    if (entry) {
      manifest.islands[entry[0]] = { file: name(out), imports: [...closure(out)].map(name) };
    } else if (meta.entryPoint.endsWith("hydrate.ts")) {
      manifest.hydrate = name(out);
      manifest.hydrateImports = [...closure(out)].map(name);
    }
  }
  manifest.css = await hashedCss(outdir, css);
  const packed = await precompress(outdir);
  await Deno.writeTextFile(join(outdir, "manifest.json"), JSON.stringify(manifest, null, 2));
  if (!opts.quiet) {
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    console.log(
      `JavaScript dan CSS: ${kb(packed.raw)}, gzip ${kb(packed.gz)}, brotli ${kb(packed.br)}`,
    );
    const gz = (f: string) => gzipSync(Deno.readFileSync(join(outdir, f))).length;
    const bootFiles = [manifest.boot, manifest.hydrate, ...manifest.hydrateImports!];
    console.log("JavaScript per halaman (gzip):");
    for (const [island, e] of Object.entries(manifest.islands)) {
      const files = new Set([...bootFiles, e.file, ...e.imports]);
      const total = [...files].reduce((n, f) => n + gz(f), 0);
      console.log(
        `  halaman dengan ${island}: ${(total / 1024).toFixed(1)} KB (${files.size} berkas)`,
      );
    }
    console.log("  halaman tanpa island: 0 KB");
  }
  return manifest;
}

/** Builds when the bundle is missing or older than its sources. */
export async function ensureBuilt(staticDir = join(root, "static")): Promise<void> {
  const hash = await sourceHash();
  let have: string | null = null;
  try {
    have = JSON.parse(await Deno.readTextFile(join(staticDir, "build", "manifest.json"))).source;
  } catch { /* missing */ }
  if ((Deno.build.standalone || hash === null) && have !== null) return; // a binary ships its bundle
  if (have !== hash) {
    console.log("Membangun bundle JavaScript...");
    // esbuild's service process does not keep the event loop alive; this timer does, so a build
    // awaited with nothing else pending (a lone test request) is not cut short
    const alive = setInterval(() => {}, 1_000);
    try {
      await build({ quiet: true, outdir: join(staticDir, "build") });
    } finally {
      clearInterval(alive);
    }
  }
}

if (import.meta.main) await build();
