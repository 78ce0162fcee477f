import assert from "node:assert/strict";
import { join } from "node:path";
import { PERMISSIONS } from "../compile.ts";
import { loadConfig } from "../lib/config.ts";
import { stopSignals } from "../lib/runtime/stop.ts";

const ROOT = join(import.meta.dirname!, "..");
const env = (vars: Record<string, string>) => ({ get: (k: string) => vars[k] });

Deno.test("config: HOST defaults to every interface, PORT to 8000; bad values are refused plainly", () => {
  assert.deepEqual([loadConfig(env({})).host, loadConfig(env({})).port], ["0.0.0.0", 8000]);
  const one = loadConfig(env({ HOST: " 127.0.0.1 ", PORT: "0" }));
  assert.deepEqual([one.host, one.port], ["127.0.0.1", 0]);
  assert.equal(loadConfig(env({ HOST: "[::1]" })).host, "::1");
  assert.equal(
    loadConfig(env({ HOST: "server-casemix.rs.local" })).host,
    "server-casemix.rs.local",
  );
  assert.throws(() => loadConfig(env({ HOST: "http://x" })), /^Error: HOST harus berupa alamat IP/);
  for (const p of ["80a", "-1", "65536", "8000.5"]) {
    assert.throws(
      () => loadConfig(env({ PORT: p })),
      /^Error: PORT harus berupa angka 0 sampai 65535/,
    );
  }
});

Deno.test("stop signals: Ctrl-C everywhere, SIGTERM on Linux, Ctrl-Break on Windows", () => {
  assert.deepEqual(stopSignals("linux"), ["SIGINT", "SIGTERM"]);
  assert.deepEqual(stopSignals("windows"), ["SIGINT", "SIGBREAK"]);
});

Deno.test("deploy: the systemd unit runs as its own user, writes only the data folder, narrowed permissions", async () => {
  const unit = await Deno.readTextFile(join(ROOT, "deploy", "linux", "casemix.service"));
  const values = (key: string) =>
    [...unit.matchAll(new RegExp(`^${key}=(.*)$`, "gm"))].map((m) => m[1].trim());
  assert.deepEqual(values("Restart"), ["on-failure"]);
  assert.deepEqual(values("User"), ["casemix"]);
  assert.deepEqual(values("ProtectSystem"), ["strict"]);
  assert.deepEqual(values("ReadWritePaths"), ["/var/lib/casemix"]);
  assert.ok(values("Environment").includes("DATA_DIR=/var/lib/casemix"));
  const exec = values("ExecStart")[0].split(/\s+/);
  assert.deepEqual(exec.filter((a) => a.startsWith("--allow")).sort(), [...PERMISSIONS].sort());
  assert.ok(!exec.some((a) => a === "-A" || a === "--allow-all"));
  const xml = await Deno.readTextFile(join(ROOT, "deploy", "windows", "casemix.xml"));
  assert.match(xml, /<env name="DATA_DIR" value="[A-Z]:\\[^"]+"\s*\/>/); // an absolute path
  assert.match(xml, /<onfailure action="restart"/);
  const nssm = await Deno.readTextFile(join(ROOT, "deploy", "windows", "install-nssm.cmd"));
  assert.match(nssm, /AppStopMethodConsole/);
  assert.match(nssm, /netsh advfirewall firewall add rule .*localport=8000/);
});
