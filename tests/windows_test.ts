// Regressions found by running the app with Windows semantics (the Windows Deno under Wine, see
// docs/DEPLOY.md "Windows check in CI"); they run on every OS and must pass on both.
import assert from "node:assert/strict";
import { join } from "node:path";
import { build, ensureBuilt, sourceHash } from "../build.ts";
import { createApp, STATIC_DIR } from "../app.ts";
import { loadConfig } from "../lib/config.ts";
import { readManifest } from "../lib/http/islands.ts";
import { Store } from "../lib/db/store.ts";
import { tempDir } from "./helpers.ts";

const ISLANDS = join(import.meta.dirname!, "..", "islands");

Deno.test("bundle: every island gets a manifest entry (esbuild names entries with '/')", async () => {
  await using tmp = await tempDir();
  const outdir = join(tmp.path, "build");
  const m = await build({ quiet: true, outdir });
  const files = [...Deno.readDirSync(ISLANDS)].map((e) => e.name)
    .filter((n) => n.endsWith(".tsx") && !n.endsWith("_test.tsx")).map((n) => n.slice(0, -4));
  assert.ok(files.length >= 10);
  assert.deepEqual(Object.keys(m.islands).sort(), files.sort());
  for (const [name, e] of Object.entries(m.islands)) {
    assert.match(e.file, new RegExp(`^${name}-[A-Z0-9]+\\.js$`));
    await Deno.stat(join(outdir, e.file));
  }
  assert.match(m.boot, /^boot-[A-Z0-9]+\.js$/);
});

Deno.test("bundle: a failed rebuild keeps the bundle that was there", async () => {
  await using tmp = await tempDir();
  const outdir = join(tmp.path, "build");
  const good = await build({ quiet: true, outdir });
  const broken = join(tmp.path, "Rusak.tsx");
  await Deno.writeTextFile(broken, "export default function Rusak( { return <p>; }\n");
  await assert.rejects(build({ quiet: true, outdir, islands: { Rusak: broken } }));
  assert.deepEqual(JSON.parse(await Deno.readTextFile(join(outdir, "manifest.json"))), good);
  await Deno.stat(join(outdir, good.boot));
  // nothing half-built is left beside it
  assert.deepEqual([...Deno.readDirSync(tmp.path)].map((e) => e.name).sort(), [
    "Rusak.tsx",
    "build",
  ]);
});

Deno.test("bundle: the source hash names files with '/', so it is the same on Windows and Linux", async () => {
  await using tmp = await tempDir();
  const put = async (rel: string, text: string) => {
    const parts = rel.split("/");
    await Deno.mkdir(join(tmp.path, ...parts.slice(0, -1)), { recursive: true });
    await Deno.writeTextFile(join(tmp.path, ...parts), text);
  };
  await put("deno.json", "{}\n");
  await put("islands/A.tsx", "export default () => null;\n");
  await put("components/ui/B.tsx", "export const B = 1;\n");
  await put("lib/client/boot.ts", "console.log(1);\n");
  await put("lib/client-x.ts", "x\n"); // sorts after lib/client/ with '/', before it with '\'
  // the value Linux computes for this tree; Windows must agree, or a bundle built on one OS
  // looks stale on the other and is rebuilt at every start
  assert.equal(await sourceHash(tmp.path), "04203b06e5fb14e848903037");
  assert.equal(await sourceHash(join(tmp.path, "lib")), null); // no islands/: not a source tree
});

Deno.test("static: hashed bundle files are immutable, the rest revalidated, no way out of static/", async () => {
  const app = createApp({
    config: { ...loadConfig({ get: () => undefined }), dbPath: ":memory:" },
  });
  await ensureBuilt(STATIC_DIR);
  const m = (await readManifest(STATIC_DIR))!;
  const cache = async (path: string) => {
    const r = await app.request(path);
    await r.body?.cancel();
    return [r.status, r.headers.get("cache-control")];
  };
  const year = "public, max-age=31536000, immutable";
  assert.deepEqual(await cache(`/static/build/${m.boot}`), [200, year]);
  assert.deepEqual(await cache(`/static/build/${m.islands.LoginForm.file}`), [200, year]);
  assert.deepEqual(await cache("/static/build/manifest.json"), [200, "no-cache"]);
  assert.deepEqual(await cache("/static/app.css"), [200, "no-cache"]);
  for (
    const evil of [
      "/static/..%2Fdeno.json",
      "/static/build%5C..%5C..%5Cdeno.json",
      "/static/C:%5Cx",
    ]
  ) {
    assert.notEqual((await cache(evil))[0], 200, evil);
  }
});

Deno.test("lock: closing the store releases it; the lock file stays and names the last holder", async () => {
  await using tmp = await tempDir();
  const path = join(tmp.path, "casemix.kv");
  const a = await Store.open(path);
  a.close();
  const b = await Store.open(path);
  assert.equal(JSON.parse(await Deno.readTextFile(`${path}.lock`)).pid, Deno.pid);
  b.close();
});
