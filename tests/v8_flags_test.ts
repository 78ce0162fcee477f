import assert from "node:assert/strict";
import { join } from "node:path";
import { compileArgs } from "../compile.ts";
import { V8_FLAGS } from "../lib/runtime/v8_flags.ts";

const ROOT = join(import.meta.dirname!, "..");
const flagsOf = (line: string) => line.match(/--v8-flags=(\S+)/)?.[1];

Deno.test("V8 flags: the start and bench tasks, the systemd unit and the binary run with the same", async () => {
  assert.equal(V8_FLAGS, "--expose-gc,--heap-growing-percent=25,--no-allocation-site-pretenuring");
  const tasks = JSON.parse(await Deno.readTextFile(join(ROOT, "deno.json"))).tasks;
  for (const name of ["start", "dev", "bench"]) assert.equal(flagsOf(tasks[name]), V8_FLAGS, name);
  const unit = await Deno.readTextFile(join(ROOT, "deploy", "linux", "casemix.service"));
  assert.equal(flagsOf(unit.match(/^ExecStart=.*$/m)![0]), V8_FLAGS);
  assert.equal(flagsOf(compileArgs("x86_64-pc-windows-msvc").join(" ")), V8_FLAGS);
});
