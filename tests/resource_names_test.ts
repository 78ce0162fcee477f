import assert from "node:assert/strict";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import { registry } from "../resources/mod.ts";

const DIR = fileURLToPath(new URL("../resources/", import.meta.url));
const camel = (id: string) => id.replace(/[-_](\w)/g, (_, c: string) => c.toUpperCase());

Deno.test("resource names: a file declaring one resource is named after its URL id", async () => {
  const declared: string[] = [];
  for await (const e of Deno.readDir(DIR)) {
    if (!e.isFile || !e.name.endsWith(".ts") || e.name.endsWith("_test.ts")) continue;
    const mod = await import(new URL(`../resources/${e.name}`, import.meta.url).href);
    const def = mod.default;
    if (!def?.name || !def.schema) continue;
    declared.push(def.name);
    assert.equal(basename(e.name, ".ts"), def.name.replaceAll("-", "_"), `${e.name} declares`);
    assert.equal(registry.get(def.name), def, `${def.name} is listed in mod.ts`);
  }
  // the ids whose file names once said something else are among them
  for (const id of ["class-room", "pasien", "inacbg", "disputed-claim"]) {
    assert.ok(declared.includes(id), id);
  }
});

Deno.test("resource names: mod.ts imports each resource under its id in camelCase", async () => {
  const src = await Deno.readTextFile(`${DIR}mod.ts`);
  const imports = [...src.matchAll(/^import (\w+) from "\.\/(\w+)\.ts";$/gm)];
  assert.ok(imports.length >= 10, "default imports of resources/*.ts found");
  for (const [, symbol, file] of imports) assert.equal(symbol, camel(file), `${file}.ts`);
});
