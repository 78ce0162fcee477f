import assert from "node:assert/strict";
import { weakPassword } from "./data_set.ts";
import { ADMIN_PASSWORD, setup } from "../tests/helpers.ts";
import { admission, seedIpd } from "../tests/ipd_fixtures.ts";

const run = async (script: string, args: string[], env: Record<string, string>) => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--unstable-kv", script, ...args],
    env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: out.code, text: new TextDecoder().decode(out.stderr) };
};

Deno.test("bench:data: the admin password of a data set full of patients must be strong", () => {
  assert.match(weakPassword(undefined)!, /wajib/);
  assert.match(weakPassword("pendek-123")!, /minimal 12/);
  assert.match(weakPassword("password1234")!, /terlalu umum/);
  assert.match(weakPassword("qwertyqwerty")!, /terlalu umum/);
  assert.equal(weakPassword("Kuat-Sekali-2026"), null);
});

Deno.test("bench:data refuses a weak password and a folder holding a database, writing nothing", async () => {
  const dir = await Deno.makeTempDir({ prefix: "casemix-data-" });
  try {
    const weak = await run("bench/data_set.ts", ["--out", dir], { ADMIN_PASSWORD: "admin" });
    assert.equal(weak.code, 1);
    assert.match(weak.text, /ADMIN_PASSWORD ditolak: Password minimal 12 karakter/);
    assert.deepEqual([...Deno.readDirSync(dir)], []);
    await Deno.writeTextFile(`${dir}/casemix.kv`, "");
    const used = await run("bench/data_set.ts", ["--out", dir], {
      ADMIN_PASSWORD: "Kuat-Sekali-2026",
    });
    assert.equal(used.code, 1);
    assert.match(used.text, /sudah berisi basis data/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("load: only loopback addresses are load-tested", async () => {
  const r = await run("bench/load.ts", ["--url", "http://10.1.2.3:8000", "--seconds", "1"], {
    ADMIN_PASSWORD: "Kuat-Sekali-2026",
  });
  assert.equal(r.code, 1);
  assert.match(r.text, /hanya ke loopback/);
});

Deno.test("load: a short run against a served app sends every class and reads the server's RSS", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  assert.equal((await t.post("/api/ipd/update", admission(w))).status, 200);
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    t.app.fetch,
  );
  try {
    const r = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        "bench/load.ts",
        "--url",
        `http://127.0.0.1:${server.addr.port}`,
        "--users",
        "3",
        "--seconds",
        "2",
        "--settle",
        "1",
      ],
      env: { ADMIN_PASSWORD },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const out = new TextDecoder().decode(r.stdout);
    assert.equal(r.code, 0, out + new TextDecoder().decode(r.stderr));
    for (
      const cls of ["daftar pasien + cari", "rawat inap + filter", "pasien pulang", "pilih ICD"]
    ) {
      const row = out.split("\n").find((l) => l.startsWith(cls));
      assert.ok(row, `${cls} in\n${out}`);
      assert.ok(Number(row.slice(cls.length).trim().split(/\s+/)[0]) > 0, row);
    }
    assert.match(out, /Throughput: [\d.]+ req\/s \(\d+ permintaan HTTP .*galat 0 /);
    // found through /proc/net/tcp: this test process serves the port
    assert.match(out, new RegExp(`server PID ${Deno.pid}`));
    assert.match(out, /RSS server: sebelum \d+ MB/);
    assert.match(out, /RSS server 1 s setelah uji: \d+ MB/);
  } finally {
    await server.shutdown();
  }
});
