import assert from "node:assert/strict";
import { dirname, join, normalize, relative } from "node:path";

const root = normalize(join(import.meta.dirname!, ".."));
const SOURCE_DIRS = ["lib", "routes", "resources", "components", "islands", "bench", "tests"];
const TOP_FILES = ["main.ts", "app.ts", "build.ts", "compile.ts", "licence_server.ts"];

async function* walk(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(dir)) {
    const p = join(dir, e.name);
    if (e.isDirectory) yield* walk(p);
    else if (/\.(ts|tsx)$/.test(e.name)) yield p;
  }
}

/** Relative runtime imports of a module (`import type` and all-`type` specifier lists left out). */
function runtimeImports(file: string, src: string): string[] {
  const out: string[] = [];
  const re = /(?:^|\n)\s*(import|export)\s+([^"';]*?)\s*from\s*["'](\.{1,2}\/[^"']+)["']/g;
  for (const m of src.matchAll(re)) {
    const clause = m[2].trim();
    if (clause.startsWith("type ")) continue;
    const names = clause.match(/^\{([^}]*)\}$/s)?.[1].split(",").map((s) => s.trim()).filter(
      Boolean,
    );
    if (names && names.length && names.every((n) => n.startsWith("type "))) continue;
    out.push(normalize(join(dirname(file), m[3])));
  }
  for (const m of src.matchAll(/import\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g)) {
    out.push(normalize(join(dirname(file), m[1])));
  }
  return out;
}

async function graph(): Promise<Map<string, string[]>> {
  const files: string[] = TOP_FILES.map((f) => join(root, f));
  for (const d of SOURCE_DIRS) for await (const f of walk(join(root, d))) files.push(f);
  const g = new Map<string, string[]>();
  for (const f of files) g.set(f, runtimeImports(f, await Deno.readTextFile(f)));
  return g;
}

Deno.test("layout: lib/ never imports from routes/, islands/, components/ or resources/", async () => {
  const g = await graph();
  const upward: string[] = [];
  for (const [f, deps] of g) {
    if (!relative(root, f).startsWith("lib")) continue;
    for (const d of deps) {
      const top = relative(root, d).split(/[\\/]/)[0];
      if (["routes", "islands", "components", "resources"].includes(top)) {
        upward.push(`${relative(root, f)} -> ${relative(root, d)}`);
      }
    }
  }
  // Type-only imports count here too: lib/ must not even name an upper layer.
  for (const [f] of g) {
    if (!relative(root, f).startsWith("lib")) continue;
    const src = await Deno.readTextFile(f);
    for (const m of src.matchAll(/from\s*["'](\.{1,2}\/[^"']+)["']/g)) {
      const top = relative(root, normalize(join(dirname(f), m[1]))).split(/[\\/]/)[0];
      if (["routes", "islands", "components", "resources"].includes(top)) {
        upward.push(`${relative(root, f)} -> ${m[1]}`);
      }
    }
  }
  assert.deepEqual([...new Set(upward)], []);
});

Deno.test("layout: no runtime import circle anywhere in the source", async () => {
  const g = await graph();
  const state = new Map<string, 1 | 2>();
  const cycles: string[] = [];
  const stack: string[] = [];
  const visit = (f: string) => {
    state.set(f, 1);
    stack.push(f);
    for (const d of g.get(f) ?? []) {
      if (state.get(d) === 1) {
        cycles.push(
          stack.slice(stack.indexOf(d)).concat(d).map((p) => relative(root, p)).join(" -> "),
        );
      } else if (!state.has(d) && g.has(d)) visit(d);
    }
    stack.pop();
    state.set(f, 2);
  };
  for (const f of g.keys()) if (!state.has(f)) visit(f);
  assert.deepEqual(cycles, []);
});

Deno.test("layout: lib/ keeps a handful of files at its top, the rest in folders", async () => {
  const top: string[] = [];
  for await (const e of Deno.readDir(join(root, "lib"))) if (e.isFile) top.push(e.name);
  assert.ok(top.length <= 5, `lib/ top: ${top.join(", ")}`);
});

/** The part of `lib/` a file belongs to: its folder (`lib/db`) or, at the top, the file. */
const partOf = (file: string): string | null => {
  const parts = relative(root, file).split(/[\\/]/);
  if (parts[0] !== "lib") return null;
  return `lib/${parts[1]}`;
};

/** The allowances of lib/README.md's import table: part → the parts it may import. */
async function importTable(): Promise<Map<string, Set<string>>> {
  const md = await Deno.readTextFile(join(root, "lib", "README.md"));
  const body = md.split("<!-- import-table -->")[1]?.split("<!-- /import-table -->")[0] ?? "";
  const table = new Map<string, Set<string>>();
  for (const line of body.split("\n")) {
    const cells = line.split("|").map((s) => s.trim());
    const part = cells[1]?.match(/^`(lib\/[^`]+)`$/)?.[1];
    if (!part) continue;
    table.set(part, new Set([...cells[2].matchAll(/`(lib\/[^`]+)`/g)].map((m) => m[1])));
  }
  return table;
}

Deno.test("layout: lib/ imports follow lib/README.md's table, and every allowance is used", async () => {
  const table = await importTable();
  assert.ok(table.size >= 10, "the import table in lib/README.md was not found");
  const used = new Map<string, Set<string>>();
  const refused: string[] = [];
  const unknown = new Set<string>();
  for (const d of SOURCE_DIRS.filter((d) => d === "lib")) {
    for await (const f of walk(join(root, d))) {
      if (/_test\.tsx?$/.test(f)) continue;
      const from = partOf(f)!;
      if (!table.has(from)) unknown.add(from);
      const src = await Deno.readTextFile(f);
      const specs = [...src.matchAll(/(?:from|import\()\s*["'](\.{1,2}\/[^"']+)["']/g)];
      for (const m of specs) {
        const to = partOf(normalize(join(dirname(f), m[1])));
        if (!to || to === from) continue;
        if (!used.has(from)) used.set(from, new Set());
        used.get(from)!.add(to);
        if (!table.get(from)?.has(to)) refused.push(`${relative(root, f)} -> ${to}`);
      }
    }
  }
  const unused: string[] = [];
  for (const [from, allowed] of table) {
    for (const to of allowed) if (!used.get(from)?.has(to)) unused.push(`${from} -> ${to}`);
  }
  assert.deepEqual([...unknown], [], "parts of lib/ missing from the table");
  assert.deepEqual(refused, [], "imports lib/README.md does not allow");
  assert.deepEqual(unused, [], "allowances in lib/README.md no import uses");
});
