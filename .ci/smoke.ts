// Smoke check of a running server over HTTP, as IT and staff would meet it:
//   deno run -A .ci/smoke.ts DATA_DIR -- COMMAND...
// starts COMMAND (e.g. `deno-win run -A --unstable-kv --no-check main.ts`) with PORT, DATA_DIR
// and ADMIN_PASSWORD set, then checks validation (a 4xx Indonesian message), login, a page with
// an island and its bundle, a list, a backup, that a second server on the same data is refused,
// a restart after a kill (no stale lock), and a graceful stop on Ctrl-C (SIGINT).
import assert from "node:assert/strict";

const sep = Deno.args.indexOf("--");
const [dataDir] = Deno.args.slice(0, sep);
const command = Deno.args.slice(sep + 1);
if (sep < 1 || !command.length) {
  console.error("pakai: smoke.ts DATA_DIR -- PERINTAH...");
  Deno.exit(2);
}
const PASSWORD = "Uji-Casemix-2026!";
const freePort = () => {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
};
const step = (what: string) => console.log(`smoke: ${what}`);

interface Server {
  child: Deno.ChildProcess;
  base: string;
  output: () => string;
}

/** Starts the server and waits for its 'Casemix RS berjalan di' line (or its end); the demo
 * licence service's own 'berjalan di' line comes before it. */
async function start(port: number): Promise<Server> {
  const child = new Deno.Command(command[0], {
    args: command.slice(1),
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: PASSWORD,
      LICENCE_URL: "",
      BACKUP_KEEP: "0",
      NO_COLOR: "1",
    },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let out = "";
  const pump = async (s: ReadableStream<Uint8Array>) => {
    for await (const t of s.pipeThrough(new TextDecoderStream())) out += t;
  };
  const pumps = Promise.all([pump(child.stdout), pump(child.stderr)]);
  const ended = child.status.then(() => pumps);
  const deadline = Date.now() + 180_000;
  while (!/RS berjalan di http:\/\/localhost:\d+/.test(out)) {
    const done = await Promise.race([ended.then(() => true), delay(100).then(() => false)]);
    if (done) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not start in 180 s:\n${out}`);
    }
  }
  return { child, base: `http://127.0.0.1:${port}`, output: () => out };
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function session(base: string): Promise<string> {
  const res = await fetch(`${base}/auth/login`, {
    method: "POST",
    body: new URLSearchParams({ hospitalCode: "DEMO", username: "admin", password: PASSWORD }),
  });
  assert.equal(res.status, 200, "login");
  assert.deepEqual(await res.json(), { success: true, message: "Login berhasil." });
  return res.headers.get("set-cookie")!.split(";")[0];
}

const t0 = performance.now();
const port = freePort();
step(`start (${command.join(" ")})`);
let s = await start(port);
globalThis.addEventListener("unhandledrejection", () => {
  console.error(`---- server output ----\n${s.output()}`);
  try {
    s.child.kill("SIGKILL");
  } catch { /* ended */ }
});
assert.match(s.output(), /berjalan di http:\/\/localhost:\d+ \(hanya komputer ini\)/, s.output());
const base = s.base;

step("validation: a bad request gets a 4xx Indonesian message");
let res = await fetch(`${base}/auth/login`, {
  method: "POST",
  body: new URLSearchParams({ hospitalCode: "", username: "admin", password: PASSWORD }),
});
assert.equal(res.status, 400);
assert.equal((await res.json()).message, "Tolong di Reload Lagi Halaman Anda.");
const cookie = await session(base);
const headers = { cookie, origin: base };
res = await fetch(`${base}/api/province/update`, {
  method: "POST",
  headers,
  body: new URLSearchParams({ id: "", kode: " ", desc: "" }),
});
assert.equal(res.status, 400);
assert.match((await res.json()).message, /Kode wajib diisi/);

step("login, then a page with an island and its bundle");
res = await fetch(`${base}/provinsi`, { headers });
assert.equal(res.status, 200);
const page = await res.text();
assert.match(page, /data-island/);
// the boot script comes inline (allowed by its hash), and names the hydration script to load
assert.match(page, /<script type="module">(?:(?!<\/script>)[\s\S])*data-island-id/);
assert.match(res.headers.get("content-security-policy") ?? "", /script-src 'self' 'sha256-/);
const hydrate = page.match(/"hydrate":"(\/static\/build\/hydrate-[A-Z0-9]+\.js)"/);
assert.ok(hydrate, "page names the bundle's hydration script");
res = await fetch(`${base}${hydrate[1]}`);
assert.equal(res.status, 200);
assert.equal(res.headers.get("cache-control"), "public, max-age=31536000, immutable");
await res.body?.cancel();

step("a list (DataTables protocol) after a write");
res = await fetch(`${base}/api/province/update`, {
  method: "POST",
  headers,
  body: new URLSearchParams({ id: "", kode: "11", desc: "Aceh" }),
});
assert.equal(res.status, 200, await res.clone().text());
await res.body?.cancel();
const list = async () => {
  const q = new URLSearchParams({ draw: "1", start: "0", length: "10" });
  const r = await fetch(`${base}/api/province?${q}`, { headers });
  assert.equal(r.status, 200);
  return await r.json();
};
assert.equal((await list()).recordsTotal, 1);

step("a backup");
res = await fetch(`${base}/api/db-backup`, {
  method: "POST",
  headers,
  body: new URLSearchParams({ name: "Uji asap", desc: "" }),
});
assert.equal(res.status, 200, await res.clone().text());
const backup = (await res.json()).data;
assert.match(backup.path, /\.kvbak$/);
await Deno.stat(`${dataDir}/backups/${backup.path}`);

step("a second server on the same data is refused");
const second = await start(freePort());
const secondEnd = await second.child.status;
assert.equal(secondEnd.code, 1);
assert.match(second.output(), /sedang dipakai server lain/);

step("kill (no clean-up), then a restart on the same data");
s.child.kill("SIGKILL");
await s.child.status;
s = await start(port);
assert.match(s.output(), /berjalan di/, s.output());
const again = { cookie: await session(base), origin: base };
const r2 = await fetch(`${base}/api/db-backup?draw=1&start=0&length=10`, { headers: again });
assert.equal(r2.status, 200);
assert.ok((await r2.json()).data.some((b: { path: string }) => b.path === backup.path));
res = await fetch(`${base}/api/province?draw=1&start=0&length=10`, { headers: again });
assert.equal((await res.json()).recordsTotal, 1);

step("Ctrl-C (SIGINT): a graceful stop");
s.child.kill("SIGINT");
const end = await s.child.status;
assert.equal(end.code, 0, s.output());
assert.match(s.output(), /Server berhenti\./);
console.log(`smoke: ok (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
