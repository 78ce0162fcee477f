import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../lib/config.ts";
import { readCodes, startLicenceServer } from "../lib/licence/server.ts";
import { codes } from "./licence_helpers.ts";

const ENTRY = fileURLToPath(new URL("../licence_server.ts", import.meta.url));

Deno.test("licence service: the activation protocol, unknown codes and unsafe paths", async () => {
  const known = codes();
  const svc = startLicenceServer({ codes: known });
  const get = async (path: string, init?: RequestInit) => {
    const res = await fetch(`${svc.url}${path}`, init);
    return { status: res.status, body: await res.json() };
  };
  try {
    let r = await get("/menara-activation/rs01");
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, {
      data: [{ hospitalCode: "RS01", actived: true, lisensi: "LIS-RS01-2025" }],
      message: "Lisensi aktif.",
    });
    r = await get("/menara-activation/RSOFF");
    assert.equal(r.body.data[0].actived, false);
    assert.equal(r.body.message, "Lisensi tidak aktif.");
    r = await get("/menara-activation/NOPE");
    assert.equal(r.status, 404);
    assert.deepEqual(r.body.data, []);
    assert.match(r.body.message, /NOPE tidak terdaftar/);
    for (const bad of ["..%2Fx", "a%2Fb", "%E0%A4%A", "x%20y"]) {
      r = await get(`/menara-activation/${bad}`);
      assert.equal(r.status, 400, bad);
      assert.deepEqual(r.body.data, []);
    }
    assert.equal((await get("/menara-activation/RS01/x")).status, 404);
    assert.equal((await get("/menara-activation/RS01", { method: "POST" })).status, 405);
    // the code list is read on every request
    known.NEW1 = { actived: true, lisensi: "LIS-NEW1" };
    assert.equal((await get("/menara-activation/NEW1")).body.data[0].lisensi, "LIS-NEW1");
    assert.equal(svc.requests.length, 10);
  } finally {
    await svc.close();
  }
});

Deno.test("licence service: a codes file is checked before use", async () => {
  const file = await Deno.makeTempFile({ suffix: ".json" });
  try {
    for (
      const [content, why] of [
        ["{", /tidak dapat dibaca/],
        [`{"../x": {"actived": true, "lisensi": "L"}}`, /kode '\.\.\/x' hanya boleh huruf/],
        [`{"RS01": {"lisensi": "L"}}`, /RS01\.actived/],
      ] as const
    ) {
      await Deno.writeTextFile(file, content);
      await assert.rejects(readCodes(file), why);
    }
    await Deno.writeTextFile(file, `{"RS01": {"actived": true, "lisensi": "L", "nama": "RS A"}}`);
    assert.deepEqual(await readCodes(file), {
      RS01: { actived: true, lisensi: "L", nama: "RS A" },
    });
  } finally {
    await Deno.remove(file);
  }
});

Deno.test("licence-server task: serves the codes file it is given, re-read on each request", async () => {
  const file = await Deno.makeTempFile({ suffix: ".json" });
  await Deno.writeTextFile(file, JSON.stringify({ RS01: { actived: true, lisensi: "L1" } }));
  const proc = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-net", "--allow-read", "--allow-env", ENTRY, file],
    env: { LICENCE_PORT: "0" },
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = proc.stdout.pipeThrough(new TextDecoderStream()).getReader();
  try {
    let out = "";
    while (!/LICENCE_URL=\S+ /.test(out)) {
      const { value, done } = await reader.read();
      if (done) break;
      out += value;
    }
    assert.match(out, /Layanan lisensi berjalan di http:\/\/127\.0\.0\.1:\d+ \(1 kode dari /);
    const url = out.match(/LICENCE_URL=(\S+)/)![1];
    const ask = async (code: string) =>
      (await (await fetch(`${url}/menara-activation/${code}`)).json()).data;
    assert.equal((await ask("RS01"))[0].lisensi, "L1");
    assert.deepEqual(await ask("RS02"), []);
    await Deno.writeTextFile(
      file,
      JSON.stringify({
        RS01: { actived: true, lisensi: "L1" },
        RS02: { actived: true, lisensi: "L2" },
      }),
    );
    assert.equal((await ask("RS02"))[0].lisensi, "L2");
  } finally {
    proc.kill("SIGTERM");
    await proc.status;
    reader.releaseLock();
    await proc.stdout.cancel().catch(() => {});
    await Deno.remove(file);
  }
});

Deno.test("config: LICENCE_URL, LICENCE_GRACE_DAYS and LICENCE_TIMEOUT_MS", () => {
  const env = (vars: Record<string, string>) => ({ get: (k: string) => vars[k] });
  const d = loadConfig(env({}));
  assert.deepEqual([d.licenceUrl, d.licenceGraceDays, d.licenceTimeoutMs], [undefined, 7, 8000]);
  const c = loadConfig(env({
    LICENCE_URL: " https://lisensi.contoh.id/api/ ",
    LICENCE_GRACE_DAYS: "0",
    LICENCE_TIMEOUT_MS: "2500",
  }));
  assert.deepEqual([c.licenceUrl, c.licenceGraceDays, c.licenceTimeoutMs], [
    "https://lisensi.contoh.id/api",
    0,
    2500,
  ]);
  assert.throws(() => loadConfig(env({ LICENCE_URL: "ftp://x" })), /LICENCE_URL harus/);
  assert.throws(() => loadConfig(env({ LICENCE_URL: "lisensi.contoh.id" })), /LICENCE_URL/);
  assert.throws(() => loadConfig(env({ LICENCE_GRACE_DAYS: "tujuh" })), /LICENCE_GRACE_DAYS/);
  assert.throws(() => loadConfig(env({ LICENCE_GRACE_DAYS: "-1" })), /LICENCE_GRACE_DAYS/);
  assert.throws(() => loadConfig(env({ LICENCE_TIMEOUT_MS: "5" })), /LICENCE_TIMEOUT_MS/);
});
