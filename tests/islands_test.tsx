import assert from "node:assert/strict";
import { render } from "preact-render-to-string";
import { Island } from "../components/Island.tsx";
import { collectIslands, islandTags, type Manifest, serializeJson } from "../lib/http/islands.ts";

const manifest: Manifest = {
  source: "x",
  boot: "boot-1.js",
  hydrate: "hydrate-1.js",
  hydrateImports: ["chunk-p.js"],
  islands: {
    A: { file: "A-1.js", imports: ["chunk-q.js", "chunk-p.js"] },
    B: { file: "B-1.js", imports: ["chunk-p.js", "chunk-r.js"] },
  },
};

const Hello = ({ text }: { text: string }) => <p>{text}</p>;

Deno.test("props stay inert inside the page: </script>, <!-- and U+2028/2029", () => {
  const evil = "</script><script>alert(1)</script><!-- \u2028\u2029 & >";
  const json = serializeJson({ evil });
  assert.doesNotMatch(json, /<\/script|<!--|\u2028|\u2029/);
  assert.deepEqual(JSON.parse(json), { evil });
  const { result, islands } = collectIslands(() =>
    render(<Island name="A" component={Hello} props={{ text: evil }} />)
  );
  const tags = islandTags(islands, manifest);
  assert.equal((tags.match(/<\/script>/g) ?? []).length, 2); // only our own two tags close
  assert.match(result, /data-island="A"/);
  assert.match(result, /&lt;\/script>/); // SSR text is escaped
});

Deno.test("only the islands actually rendered are named; only the boot script loads at once", () => {
  const { islands } = collectIslands(() =>
    render(
      <div>
        <Island name="A" component={Hello} props={{ text: "1" }} />
        <Island name="A" component={Hello} props={{ text: "2" }} />
      </div>,
    )
  );
  const tags = islandTags(islands, manifest);
  const data = JSON.parse(tags.slice(tags.indexOf(">") + 1, tags.indexOf("</script>")));
  assert.deepEqual(data.chunks, { A: "/static/build/A-1.js" });
  assert.equal(data.hydrate, "/static/build/hydrate-1.js");
  assert.equal(data.props.length, 2);
  // every file the page's islands load, each once, for the boot script to ask for at once
  // after the first paint; B's chunk is not among them
  assert.deepEqual(data.preload, [
    "/static/build/hydrate-1.js",
    "/static/build/chunk-p.js",
    "/static/build/A-1.js",
    "/static/build/chunk-q.js",
  ]);
  // nothing is preloaded in the markup: the island code is compiled after the first paint
  assert.doesNotMatch(tags, /modulepreload|<link/);
  assert.deepEqual(tags.match(/<script type="module"[^>]*>/g), [
    '<script type="module" src="/static/build/boot-1.js">',
  ]);
  const none = collectIslands(() => render(<Hello text="x" />));
  assert.equal(islandTags(none.islands, manifest), "");
});

Deno.test("the bundle is rebuilt when its sources change, and serves hashed chunks", async () => {
  const { ensureBuilt, sourceHash } = await import("../build.ts");
  const { readManifest } = await import("../lib/http/islands.ts");
  // a static folder of its own: the working tree's bundle is left alone
  const STATIC_DIR = await Deno.makeTempDir({ prefix: "casemix-static-" });
  await ensureBuilt(STATIC_DIR);
  const m = (await readManifest(STATIC_DIR))!;
  assert.equal(m.source, await sourceHash());
  assert.match(m.boot, /^boot-[A-Z0-9]+\.js$/);
  assert.match(m.hydrate, /^hydrate-[A-Z0-9]+\.js$/);
  // the boot script stands alone: a page runs nothing else before its first paint
  const boot = await Deno.readTextFile(`${STATIC_DIR}/build/${m.boot}`);
  assert.doesNotMatch(boot, /\bimport\s*[{*"]|from\s*"/);
  assert.ok(boot.length < 2048, `boot ${boot.length} B`);
  for (const name of ["DataTable", "LoginForm"]) {
    const file = m.islands[name].file;
    assert.match(file, new RegExp(`^${name}-[A-Z0-9]+\\.js$`));
    const js = await Deno.readTextFile(`${STATIC_DIR}/build/${file}`);
    assert.doesNotMatch(js, /from"react"|from "react"/); // react resolved to preact/compat
  }
  // the manifest names every file an island's code imports, however deep (a page asks for them
  // all at once): each listed file's own static imports are listed too
  const importsOf = async (f: string) =>
    [...(await Deno.readTextFile(`${STATIC_DIR}/build/${f}`)).matchAll(
      /(?:from|import)\s*"\.\/([^"]+)"/g,
    )]
      .map((x) => x[1]);
  const entries: [string, string[]][] = [
    [m.hydrate, m.hydrateImports!],
    ...Object.values(m.islands).map((e): [string, string[]] => [e.file, e.imports]),
  ];
  for (const [file, listed] of entries) {
    assert.ok(listed.length > 0, `${file} imports the shared chunk`);
    for (const f of [file, ...listed]) {
      for (const i of await importsOf(f)) assert.ok(listed.includes(i), `${file}: ${f} → ${i}`);
    }
  }
  // a stale manifest (different source hash) triggers a rebuild
  const path = `${STATIC_DIR}/build/manifest.json`;
  await Deno.writeTextFile(path, JSON.stringify({ ...m, source: "stale" }));
  await ensureBuilt(STATIC_DIR);
  assert.equal((await readManifest(STATIC_DIR))!.source, m.source);
  await Deno.remove(STATIC_DIR, { recursive: true });
});
