import assert from "node:assert/strict";
import { join } from "node:path";
import { longFunctions, root, sourceFiles } from "./source_fixtures.ts";

const read = (path: string) => Deno.readTextFile(join(root, path));

/** The source folders and the root modules. */
const SOURCE_DIRS = ["lib", "routes", "resources", "islands", "components", "bench"];
const ROOT_FILES = ["main.ts", "app.ts", "build.ts", "compile.ts", "licence_server.ts"];

const exists = (path: string) => Deno.stat(join(root, path)).then(() => true, () => false);

Deno.test("seams: app.ts only assembles (no warm-up, no nav list of its own)", async () => {
  const app = await read("app.ts");
  for (const name of ["warmIndexes", "firstOrder", "const WARM", "SETTINGS_NAV", "navOf"]) {
    assert.ok(!app.includes(`function ${name}`) && !app.includes(`${name} =`), `app.ts: ${name}`);
  }
});

Deno.test("seams: every route module names its sidebar entries NAV", async () => {
  const odd: string[] = [];
  for (const [f, src] of await sourceFiles(["routes"])) {
    for (const m of src.matchAll(/export const (\w+): NavItem/g)) {
      if (m[1] !== "NAV") odd.push(`${f}: ${m[1]}`);
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
  for (const [f, src] of await sourceFiles(["lib", "routes", "bench", "tests"], ROOT_FILES)) {
    const n = src.split("\n").length - 1;
    if (n > 300) long.push(`${f}: ${n}`);
  }
  assert.deepEqual(long, []);
});

Deno.test("seams: tests/ imports nothing from bench/ (a bench tool's own test sits beside it)", async () => {
  const found: string[] = [];
  for (const [f, src] of await sourceFiles(["tests"])) {
    for (const m of src.matchAll(/(?:from|import\()\s*["']((?:\.\.\/)+bench\/[^"']+)["']/g)) {
      found.push(`${f}: ${m[1]}`);
    }
  }
  assert.deepEqual(found, []);
});

Deno.test("seams: no 300-line apology, no stale path in comments", async () => {
  const found: string[] = [];
  for (const [f, src] of await sourceFiles(["lib", "routes", "bench", "tests"])) {
    if (f.endsWith("layout_seams_test.ts")) continue;
    if (/\(over 300 lines/i.test(src)) found.push(`${f}: apology`);
    if (src.includes("lib/ipd/hospital_time.ts")) found.push(`${f}: path`);
  }
  assert.deepEqual(found, []);
});

Deno.test("seams: no function over 100 lines without a one-line reason (`// Long: why`)", async () => {
  const files = await sourceFiles(SOURCE_DIRS, ROOT_FILES);
  assert.ok(files.length > 200, `modules read: ${files.length}`);
  assert.deepEqual(longFunctions(files, 100), []);
});

Deno.test("seams: the length check sees functions, arrow constants and class methods", () => {
  const body = (n: number, indent = "  ") =>
    Array.from({ length: n }, (_, i) => `${indent}f(${i});`);
  const src = [
    "/** Doc. */",
    "export async function tooLong(a: number) {",
    ...body(99),
    "}",
    "export function fits() {",
    ...body(98),
    "}",
    "// Long: a linear script of steps",
    "/** Doc. */",
    "export function allowed() {",
    ...body(99),
    "}",
    "export const Arrow = (",
    "  a: number,",
    "): number => {",
    ...body(99),
    "};",
    "export class Box {",
    "  constructor(private a: number) {}",
    "  async put(",
    "    b: number,",
    "  ): Promise<void> {",
    ...body(97, "    "),
    "  }",
    "  // Long: one state machine",
    "  #walk() {",
    ...body(99, "    "),
    "  }",
    "}",
  ].join("\n");
  assert.deepEqual(longFunctions([["x.ts", src]], 100), [
    "x.ts:2 tooLong (101)",
    "x.ts:306 Arrow (103)",
    "x.ts:411 Box.put (101)",
  ]);
});

Deno.test("seams: small_fixes_test.ts is split into tests named after their modules", async () => {
  assert.ok(!(await exists("tests/small_fixes_test.ts")));
});
