/**
 * `deno task test`: every test, in two `deno test` processes at once so both cores work: the
 * browser tests (`tests/e2e/`, Chromium does much of their work) and all the others. Each is its
 * own process, so a test that reads its process's memory or times its own requests sees only its
 * own stream. The browser stream's lines are prefixed `e2e│ `; the last line sums both in
 * `deno test`'s own form (`ok | N passed | M failed (Ts)`). The type check is the task's step
 * before this one. With arguments (`deno task test tests/x_test.ts`), one `deno test` of those.
 */
const BASE = ["test", "-A", "--unstable-kv", "--no-check"];
const E2E = "tests/e2e/";
/** Colour codes, taken off a line before its summary is read. */
const ANSI = new RegExp(String.fromCharCode(27) + "\\[[0-9;]*m", "g");

/** Runs `deno test args`, its lines written with `prefix`; its exit code and summary counts. */
async function stream(args: string[], prefix: string) {
  const child = new Deno.Command(Deno.execPath(), {
    args: [...BASE, ...args],
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let summary = { passed: 0, failed: 0 };
  const pump = async (from: ReadableStream<Uint8Array>, to: typeof Deno.stdout) => {
    let rest = "";
    const enc = new TextEncoder(), dec = new TextDecoder();
    for await (const bytes of from) {
      const lines = (rest + dec.decode(bytes, { stream: true })).split("\n");
      rest = lines.pop()!;
      for (const line of lines) {
        const plain = line.replace(ANSI, "");
        const m = plain.match(/^(?:ok|FAILED) \| (\d+) passed.*?\| (\d+) failed/);
        if (m) summary = { passed: Number(m[1]), failed: Number(m[2]) };
        await to.write(enc.encode(`${prefix}${line}\n`));
      }
    }
    if (rest) await to.write(enc.encode(`${prefix}${rest}\n`));
  };
  await Promise.all([pump(child.stdout, Deno.stdout), pump(child.stderr, Deno.stderr)]);
  const { code } = await child.status;
  return { code, ...summary };
}

if (Deno.args.length) {
  Deno.exit((await stream(Deno.args, "")).code);
}
const t0 = performance.now();
const runs = await Promise.all([stream([E2E], "e2e│ "), stream([`--ignore=${E2E}`], "")]);
const passed = runs.reduce((n, r) => n + r.passed, 0);
const failed = runs.reduce((n, r) => n + r.failed, 0);
const code = runs.find((r) => r.code !== 0)?.code ?? 0;
const secs = Math.round((performance.now() - t0) / 1000);
console.log(
  `\n${code || failed ? "FAILED" : "ok"} | ${passed} passed | ${failed} failed (${secs}s)`,
);
Deno.exit(code || (failed ? 1 : 0));
