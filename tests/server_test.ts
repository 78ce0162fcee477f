import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createApp } from "../app.ts";
import { authenticate, ensureAdmin, users } from "../lib/auth/auth.ts";
import { loadConfig } from "../lib/config.ts";
import { Store } from "../lib/db/store.ts";
import { lanAddresses, lanLine } from "../lib/runtime/lan.ts";

const MAIN = fileURLToPath(new URL("../main.ts", import.meta.url));

Deno.test("first start: admin created with ADMIN_PASSWORD, or a random one returned once", async () => {
  const store = await Store.open(":memory:");
  const config = { ...loadConfig({ get: () => undefined }), adminPassword: "Sandi-Awal-1" };
  const app = createApp({ config, store });
  await app.request("/auth/login");
  assert.equal((await users(store).index()).size, 1);
  assert.ok(await authenticate(store, "admin", "Sandi-Awal-1"));
  assert.deepEqual(await ensureAdmin(store), { created: false });
  store.close();

  const fresh = await Store.open(":memory:");
  const made = await ensureAdmin(fresh);
  assert.equal(made.created, true);
  assert.ok(made.password && made.password.length >= 12);
  assert.ok(await authenticate(fresh, "admin", made.password));
  fresh.close();
});

Deno.test("the start line's LAN addresses: IPv4 only, without loopback and link-local, each once", () => {
  const nic = (address: string, family: "IPv4" | "IPv6" = "IPv4") =>
    ({ family, address, name: "x", netmask: "", scopeid: null, cidr: "", mac: "" }) as const;
  const all = [nic("127.0.0.1"), nic("10.1.2.3"), nic("169.254.9.9"), nic("fd00::2", "IPv6")];
  assert.deepEqual(lanAddresses([...all, nic("10.1.2.3"), nic("192.168.0.7")]), [
    "10.1.2.3",
    "192.168.0.7",
  ]);
  assert.equal(
    lanLine(8000, ["10.1.2.3", "192.168.0.7"]),
    "Buka dari komputer lain di jaringan: http://10.1.2.3:8000 atau http://192.168.0.7:8000",
  );
  assert.match(lanLine(8000, []), /^Komputer ini belum punya alamat jaringan \(LAN\)/);
});

Deno.test("server: demo mode without LICENCE_URL; the printed first login works; a second server on the same KV file refuses to start", async () => {
  const dir = await Deno.makeTempDir();
  // PORT=0: the system picks a free port, the server prints it
  const env = { DATA_DIR: dir, PORT: "0", HOST: "0.0.0.0", ADMIN_PASSWORD: "", LICENCE_URL: "" };
  const first = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--unstable-kv", MAIN],
    env,
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = first.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  while (!out.includes("tidak ditampilkan lagi)\n")) {
    const { value, done } = await reader.read();
    if (done) break;
    out += value;
  }
  assert.match(
    out,
    /Mode demo: LICENCE_URL tidak diatur; layanan lisensi demo berjalan di http:\/\/127\.0\.0\.1:\d+/,
  );
  const port = Number(out.match(/berjalan di http:\/\/localhost:(\d+)/)![1]);
  assert.ok(port > 0, out);
  // listening on every interface (HOST=0.0.0.0, the default): the line names what the wards type in, from the
  // machine's own IPv4 addresses other than loopback and link-local
  const lan = Deno.networkInterfaces()
    .filter((i) => i.family === "IPv4" && !/^(127|169\.254)\./.test(i.address))
    .map((i) => `http://${i.address}:${port}`);
  assert.ok(
    out.includes(
      lan.length
        ? `Buka dari komputer lain di jaringan: ${lan.join(" atau ")}\n`
        : "Komputer ini belum punya alamat jaringan (LAN)",
    ),
    out,
  );
  const [, code, password] = out.match(
    /Login pertama: Kode Rumah Sakit '(\w+)', username 'admin', password '([^']{12,})'/,
  )!;
  const res = await fetch(`http://127.0.0.1:${port}/provinsi`, { redirect: "manual" });
  assert.equal(res.status, 302);
  await res.body?.cancel();
  // the demo licence is validated on a fresh start, so the printed login just works
  const page = await fetch(`http://127.0.0.1:${port}/auth/login`);
  assert.match(await page.text(), /class="demo-badge"[^>]*>Mode demo</);
  const login = await fetch(`http://127.0.0.1:${port}/auth/login`, {
    method: "POST",
    body: new URLSearchParams({ hospitalCode: code, username: "admin", password }),
  });
  assert.deepEqual(await login.json(), { success: true, message: "Login berhasil." });
  // the printed password opens nothing but its own change
  const cookie = login.headers.get("set-cookie")!.split(";")[0];
  const home = await fetch(`http://127.0.0.1:${port}/`, {
    headers: { cookie },
    redirect: "manual",
  });
  assert.deepEqual([home.status, home.headers.get("location")], [302, "/akun/password"]);
  await home.body?.cancel();

  const second = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--unstable-kv", MAIN],
    env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(second.code, 1);
  assert.match(new TextDecoder().decode(second.stderr), /sedang dipakai server lain/);

  first.kill("SIGTERM");
  const end = await first.status;
  // Linux: SIGTERM is a graceful stop (exit 0, lock released by closing the store); Windows has
  // no SIGTERM (the kill ends the process at once), and the OS releases the lock
  if (Deno.build.os !== "windows") assert.equal(end.code, 0);
  while (true) {
    const { value, done } = await reader.read();
    if (done) break;
    out += value;
  }
  if (Deno.build.os !== "windows") {
    assert.match(out, /Menghentikan server\.\.\.\nServer berhenti\.\n$/);
  }
  reader.releaseLock();
  await first.stdout.cancel().catch(() => {});
  // a stop releases the lock: the next start works
  await assert.doesNotReject(Deno.stat(join(dir, "casemix.kv")));
  (await Store.open(join(dir, "casemix.kv"))).close();
  await Deno.remove(dir, { recursive: true });
});
