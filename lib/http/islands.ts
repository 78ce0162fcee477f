import { createHash } from "node:crypto";
import { join } from "node:path";

/** One rendered island: its name and JSON props. */
interface IslandUse {
  name: string;
  props: unknown;
}

/** What `deno task build` writes to `static/build/manifest.json`. */
export interface Manifest {
  /** Hash of the client sources the bundle was built from. */
  source: string;
  /** The boot script (no imports): arms the islands, loads `hydrate` when one is needed. */
  boot: string;
  /** Hydrates one island; imported by the boot script, with the shared chunk. */
  hydrate: string;
  /** Every chunk `hydrate` imports (absent in bundles built before it was). */
  hydrateImports?: string[];
  /** Per island: its entry file and every chunk it imports (for the build's size report). */
  islands: Record<string, { file: string; imports: string[] }>;
  /** The stylesheet, hashed (`app-[hash].css`); absent in bundles built before it was. */
  css?: string;
  /** Filled by `readManifest`: the boot script a page carries inline, with its CSP hash. */
  inline?: { boot: string; bootHash: string };
}

const cspHash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

async function readInline(staticDir: string, m: Manifest): Promise<Manifest["inline"]> {
  const boot = await Deno.readTextFile(join(staticDir, "build", m.boot));
  if (/<\/script/i.test(boot)) return undefined; // it may not close its element early
  return { boot, bootHash: cspHash(boot) };
}

let current: IslandUse[] | null = null;

/** Runs a synchronous render and returns the islands it rendered, in document order. */
export function collectIslands<T>(render: () => T): { result: T; islands: IslandUse[] } {
  const prev = current;
  current = [];
  try {
    const result = render();
    return { result, islands: current };
  } finally {
    current = prev;
  }
}

/** Records an island during a render; returns its index on the page. */
export function useIslandSlot(name: string, props: unknown): number {
  if (!current) throw new Error("Island dirender di luar collectIslands()");
  return current.push({ name, props }) - 1;
}

/** JSON for a `<script type="application/json">` element, escaped so no value can break out. */
export function serializeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** The tags ending a page with islands: props, chunks, files to preload after the paint, boot. */
export function islandTags(islands: IslandUse[], manifest: Manifest) {
  if (!islands.length) return "";
  const base = "/static/build/";
  const names = [...new Set(islands.map((i) => i.name))];
  const chunks: Record<string, string> = {};
  const files = new Set([manifest.hydrate, ...manifest.hydrateImports ?? []]);
  for (const n of names) {
    const entry = manifest.islands[n];
    if (!entry) throw new Error(`Island ${n} tidak ada di manifest; jalankan deno task build`);
    chunks[n] = base + entry.file;
    for (const f of [entry.file, ...entry.imports]) files.add(f);
  }
  const data = serializeJson({
    hydrate: base + manifest.hydrate,
    chunks,
    preload: [...files].map((f) => base + f),
    props: islands.map((i) => [i.name, i.props]),
  });
  const boot = manifest.inline
    ? `<script type="module">${manifest.inline.boot}</script>`
    : `<script type="module" src="${base}${manifest.boot}"></script>`;
  return `<script type="application/json" id="__islands">${data}</script>${boot}`;
}

/** Reads the bundle manifest from the static folder, with the boot script to inline; null: none. */
export async function readManifest(staticDir: string): Promise<Manifest | null> {
  let m: Manifest;
  try {
    m = JSON.parse(await Deno.readTextFile(join(staticDir, "build", "manifest.json")));
  } catch {
    return null;
  }
  m.inline = await readInline(staticDir, m).catch(() => undefined);
  return m;
}
