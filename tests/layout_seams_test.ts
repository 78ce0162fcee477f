import assert from "node:assert/strict";
import { join, normalize, relative } from "node:path";

const root = normalize(join(import.meta.dirname!, ".."));
const read = (path: string) => Deno.readTextFile(join(root, path));

async function* walk(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(dir)) {
    const p = join(dir, e.name);
    if (e.isDirectory && e.name !== "node_modules" && !e.name.startsWith(".")) yield* walk(p);
    else if (e.isFile && /\.tsx?$/.test(e.name)) yield p;
  }
}

const exists = (path: string) => Deno.stat(join(root, path)).then(() => true, () => false);

/** The lines of the function declared as `name` in `src`, from its head to its closing brace. */
function functionLines(src: string, name: string): number {
  const lines = src.split("\n");
  const start = lines.findIndex((l) => new RegExp(`function ${name}\\b`).test(l));
  assert.ok(start >= 0, `function ${name} not found`);
  const indent = lines[start].match(/^\s*/)![0];
  const end = lines.findIndex((l, i) => i > start && l === `${indent}}`);
  return end - start + 1;
}

Deno.test("seams: app.ts only assembles (no warm-up, no nav list of its own)", async () => {
  const app = await read("app.ts");
  for (const name of ["warmIndexes", "firstOrder", "const WARM", "SETTINGS_NAV", "navOf"]) {
    assert.ok(!app.includes(`function ${name}`) && !app.includes(`${name} =`), `app.ts: ${name}`);
  }
});

Deno.test("seams: every route module names its sidebar entries NAV", async () => {
  const odd: string[] = [];
  for await (const f of walk(join(root, "routes"))) {
    for (const m of (await Deno.readTextFile(f)).matchAll(/export const (\w+): NavItem/g)) {
      if (m[1] !== "NAV") odd.push(`${relative(root, f)}: ${m[1]}`);
    }
  }
  assert.deepEqual(odd, []);
});

Deno.test("seams: lib/db holds the store, the index has its own folder and README", async () => {
  const left: string[] = [];
  for await (const e of Deno.readDir(join(root, "lib/db"))) {
    if (/^(mem_|doc\.ts|index_keeper|snapshot|recent_rows)/.test(e.name)) left.push(e.name);
  }
  assert.deepEqual(left, []);
  assert.ok(await exists("lib/index/README.md"));
  assert.match(await read("lib/README.md"), /\| `lib\/index` +\|/);
});

Deno.test("seams: modules are named after what they do", async () => {
  assert.ok(!(await exists("lib/http/client.ts")), "lib/http/client.ts");
  assert.ok(await exists("lib/http/request.ts"), "lib/http/request.ts");
  assert.ok(!(await exists("lib/db/gate.ts")), "lib/db/gate.ts");
});

Deno.test("seams: no source file over 300 lines (islands/, components/, resources/ aside)", async () => {
  const long: string[] = [];
  for (const dir of ["lib", "routes", "bench", "tests"]) {
    for await (const f of walk(join(root, dir))) {
      const n = (await Deno.readTextFile(f)).split("\n").length - 1;
      if (n > 300) long.push(`${relative(root, f)}: ${n}`);
    }
  }
  for (const f of ["main.ts", "app.ts", "build.ts", "compile.ts", "licence_server.ts"]) {
    const n = (await read(f)).split("\n").length - 1;
    if (n > 300) long.push(`${f}: ${n}`);
  }
  assert.deepEqual(long, []);
});

Deno.test("seams: no 300-line apology, no stale path in comments", async () => {
  const found: string[] = [];
  for (const dir of ["lib", "routes", "bench", "tests"]) {
    for await (const f of walk(join(root, dir))) {
      if (f.endsWith("layout_seams_test.ts")) continue;
      const src = await Deno.readTextFile(f);
      if (/\(over 300 lines/i.test(src)) found.push(`${relative(root, f)}: apology`);
      if (src.includes("lib/ipd/hospital_time.ts")) found.push(`${relative(root, f)}: path`);
    }
  }
  assert.deepEqual(found, []);
});

Deno.test("seams: writeMany, streamXlsx and runQuery are 100 lines at most", async () => {
  const sizes: Record<string, number> = {};
  const where = {
    writeMany: "lib/db/bulk.ts",
    streamXlsx: "lib/resource/xlsx_stream.ts",
    runQuery: (await exists("lib/index/query.ts")) ? "lib/index/query.ts" : "lib/db/mem_query.ts",
  };
  for (const [name, file] of Object.entries(where)) {
    sizes[name] = functionLines(await read(file), name);
  }
  for (const [name, n] of Object.entries(sizes)) assert.ok(n <= 100, `${name}: ${n} lines`);
});

Deno.test("seams: small_fixes_test.ts is split into tests named after their modules", async () => {
  assert.ok(!(await exists("tests/small_fixes_test.ts")));
});
