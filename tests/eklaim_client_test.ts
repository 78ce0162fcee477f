import assert from "node:assert/strict";
import { call, type EklaimResult, type EklaimSettings } from "../lib/eklaim/client.ts";
import { type EklaimSim, startEklaimSim } from "./eklaim_simulator.ts";
import { PATIENT } from "./eklaim_sim_fixtures.ts";

const KEY = "7c4ab0c9e6f1d2a38b5e9f0c1d2e3f405a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d";
const OTHER = "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0";

/** A simulator and settings for it; every result passes through `seen` for the key check. */
async function withSim(
  fn: (sim: EklaimSim, s: EklaimSettings, seen: (r: EklaimResult) => EklaimResult) => unknown,
  keyHex = KEY,
) {
  const sim = startEklaimSim({ keyHex: KEY });
  const results: EklaimResult[] = [];
  try {
    await fn(sim, { url: sim.url, keyHex, timeoutMs: 5000 }, (r) => (results.push(r), r));
  } finally {
    await sim.close();
  }
  for (const r of results) {
    const text = JSON.stringify(r);
    for (const k of [KEY, OTHER]) {
      assert.ok(!text.includes(k) && !text.includes(k.slice(0, 16)), `key in ${r.message}`);
    }
  }
  return sim;
}

Deno.test("eklaim client: a call goes encrypted and its answer comes back decrypted", async () => {
  const sim = await withSim(async (sim, s, seen) => {
    const r = seen(await call(s, "new_claim", {}, PATIENT));
    assert.equal(r.ok, true, r.message);
    assert.equal(r.code, 200);
    assert.equal(r.errorNo, null);
    assert.deepEqual(r.body?.response, {
      patient_id: 451,
      admission_id: 1,
      hospital_admission_id: 671,
    });
    assert.ok(r.ms >= 0);
    const r2 = seen(
      await call(s, "idrg_diagnosa_set", { nomor_sep: PATIENT.nomor_sep }, { diagnosa: "J18.9" }),
    );
    assert.equal(r2.ok, true, r2.message);
    assert.equal((r2.body?.data as { string: string }).string, "J18.9");
    assert.equal(sim.claims.get(PATIENT.nomor_sep)?.idrg.diagnosa[0], "J18.9");
  });
  assert.deepEqual(sim.calls.map((c) => [c.method, c.sep, c.keyOk]), [
    ["new_claim", PATIENT.nomor_sep, true],
    ["idrg_diagnosa_set", PATIENT.nomor_sep, true],
  ]);
});

Deno.test("eklaim client: E-Klaim's own error keeps its number, message and body", async () => {
  await withSim(async (_sim, s, seen) => {
    assert.equal(seen(await call(s, "new_claim", {}, PATIENT)).ok, true);
    const r = seen(await call(s, "new_claim", {}, PATIENT));
    assert.equal(r.ok, false);
    assert.equal(r.failure, "eklaim");
    assert.equal(r.code, 400);
    assert.equal(r.errorNo, "E2007");
    assert.equal(r.eklaimMessage, "Duplikasi nomor SEP");
    assert.equal(r.message, "E-Klaim menolak new_claim: E2007 Duplikasi nomor SEP.");
    assert.deepEqual(r.body?.duplicate, [
      { nama_pasien: "NAMA TEST PASIEN", nomor_rm: "123-45-67", tgl_masuk: "" },
    ]);
    const missing = seen(await call(s, "claim_final", {}, { nomor_sep: "0001R00TIDAKADA" }));
    assert.equal(missing.errorNo, "E2004");
    assert.match(missing.message, /claim_final: E2004 Nomor SEP tidak ditemukan/);
  });
});

Deno.test("eklaim client: a wrong key says 'kunci', answered by E2031 or undecryptable", async () => {
  await withSim(async (sim, s, seen) => {
    const e2031 = seen(await call(s, "get_claim_status", {}, { nomor_sep: "X" }));
    assert.equal(e2031.ok, false);
    assert.equal(e2031.failure, "key");
    assert.equal(e2031.errorNo, "E2031");
    assert.match(e2031.message, /kunci/);
    assert.ok(e2031.message.includes(sim.url));
    sim.options.wrongKey = "garbage";
    const garbage = seen(await call(s, "get_claim_status", {}, { nomor_sep: "X" }));
    assert.equal(garbage.failure, "key");
    assert.equal(garbage.code, null);
    assert.match(garbage.message, /kunci tidak cocok dengan kunci di E-Klaim/);
    assert.deepEqual(sim.calls.map((c) => c.keyOk), [false, false]);
    assert.equal(sim.claims.size, 0);
  }, OTHER);
});

Deno.test("eklaim client: E-Klaim switched off, then on again", async () => {
  await withSim(async (sim, s, seen) => {
    await sim.down();
    const r = seen(await call(s, "new_claim", {}, PATIENT));
    assert.equal(r.ok, false);
    assert.equal(r.failure, "unreachable");
    assert.equal(
      r.message,
      `E-Klaim di ${sim.url} tidak menjawab (koneksi ditolak): periksa apakah komputer ` +
        "E-Klaim menyala, alamatnya benar dan web service-nya aktif.",
    );
    assert.equal(sim.calls.length, 0);
    await sim.up();
    assert.equal(seen(await call(s, "new_claim", {}, PATIENT)).ok, true);
  });
});

Deno.test("eklaim client: E-Klaim hanging past the timeout changes nothing there", async () => {
  await withSim(async (sim, s, seen) => {
    sim.options.hang = ["new_claim"];
    const r = seen(await call({ ...s, timeoutMs: 300 }, "new_claim", {}, PATIENT));
    assert.equal(r.failure, "timeout");
    assert.ok(r.ms >= 300, `${r.ms} ms`);
    assert.equal(
      r.message,
      `E-Klaim di ${sim.url} tidak menjawab dalam 0,3 detik: periksa apakah komputer E-Klaim ` +
        "menyala dan tidak sedang sibuk, lalu coba lagi.",
    );
    assert.equal(sim.calls[0].method, "new_claim");
    assert.equal(sim.calls[0].endedAt, null, "still hanging");
    sim.release();
    sim.options.hang = false;
    assert.equal(sim.claims.size, 0, "the simulator did not get to the claim");
    assert.equal(seen(await call(s, "new_claim", {}, PATIENT)).ok, true, "E-Klaim back");
    assert.ok(sim.calls[0].endedAt !== null && sim.calls[0].code === null);
  });
});

Deno.test("eklaim client: HTTP errors, a web page, plain JSON and huge answers", async () => {
  await withSim(async (sim, s, seen) => {
    sim.options.raw = { status: 500, body: "Internal Server Error" };
    const http = seen(await call(s, "get_claim_status", {}, { nomor_sep: "X" }));
    assert.equal(http.failure, "http");
    assert.match(http.message, /menjawab HTTP 500/);
    sim.options.raw = { status: 200, body: "<html><body><h1>It works!</h1></body></html>" };
    const page = seen(await call(s, "get_claim_status", {}, { nomor_sep: "X" }));
    assert.equal(page.failure, "unreadable");
    assert.match(page.message, /bukan jawaban terenkripsi E-Klaim.*kunci/);
    sim.options.raw = { status: 200, body: '{"metadata":{"code":200,"message":"Ok"}}' };
    const debug = seen(await call(s, "get_claim_status", {}, { nomor_sep: "X" }));
    assert.equal(debug.ok, false, "an unencrypted answer is never a success");
    assert.equal(debug.failure, "unreadable");
    sim.options.raw = { status: 200, body: "x".repeat(17 * 1024 * 1024) };
    const huge = seen(await call(s, "get_claim_status", {}, { nomor_sep: "X" }));
    assert.equal(huge.failure, "unreadable");
    assert.match(huge.message, /terlalu besar/);
  });
});

Deno.test("eklaim client: unusable settings are refused before any request", async () => {
  const sim = await withSim(async (_sim, s, seen) => {
    const key = seen(await call({ ...s, keyHex: KEY.slice(1) }, "new_claim", {}, PATIENT));
    assert.equal(key.failure, "settings");
    assert.match(key.message, /64 karakter/);
    const url = seen(await call({ ...s, url: "ftp://10.0.0.1/E-Klaim/ws.php" }, "new_claim"));
    assert.equal(url.failure, "settings");
  });
  assert.equal(sim.calls.length, 0);
});

Deno.test("eklaim client: 2029 'Koneksi gagal' on send is E-Klaim's, not the app's", async () => {
  await withSim(async (sim, s, seen) => {
    assert.equal(seen(await call(s, "new_claim", {}, PATIENT)).ok, true);
    sim.claims.get(PATIENT.nomor_sep)!.final = true;
    sim.options.send = "2029";
    const r = seen(await call(s, "send_claim_individual", {}, { nomor_sep: PATIENT.nomor_sep }));
    assert.equal(r.failure, "eklaim");
    assert.equal(r.code, 2029);
    assert.equal(r.eklaimMessage, "Error : Koneksi gagal");
    assert.match(r.message, /pusat data Kemenkes .*kode 2029: Error : Koneksi gagal/);
    const status = seen(await call(s, "get_claim_status", {}, { nomor_sep: PATIENT.nomor_sep }));
    assert.deepEqual(status.body?.response, { status_kirim: "0", tgl_kirim: null });
  });
});

Deno.test("eklaim client: two concurrent calls each get their own answer", async () => {
  await withSim(async (sim, s, seen) => {
    sim.options.delayMs = 150;
    const other = { ...PATIENT, nomor_sep: "0001R0016120507423", nomor_rm: "765-43-21" };
    const [a, b] = await Promise.all([
      call(s, "new_claim", {}, PATIENT),
      call(s, "new_claim", {}, other),
    ]).then((rs) => rs.map(seen));
    assert.ok(a.ok && b.ok);
    assert.notEqual(
      (a.body?.response as { patient_id: number }).patient_id,
      (b.body?.response as { patient_id: number }).patient_id,
    );
    assert.equal(sim.peakInFlight(), 2, "the simulator sees the overlap");
    assert.deepEqual([...sim.claims.keys()].sort(), [PATIENT.nomor_sep, other.nomor_sep]);
  });
});
