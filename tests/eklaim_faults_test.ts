/**
 * E-Klaim off, hanging, answering garbage or under another key, and two clerks at once, over
 * real HTTP (a served app, the simulator on its own port): a failed call changes nothing but the
 * call log, waiting on E-Klaim holds no request slot, one claim's calls never interleave.
 */
import assert from "node:assert/strict";
import { served } from "./helpers.ts";
import {
  admitAni,
  bridgeWorld,
  dischargeStay,
  flow,
  HIP_IDRG,
  KEY,
  NOW,
  SEP,
  simFor,
} from "./eklaim_bridge_fixtures.ts";

const options = { sanitizeOps: false, sanitizeResources: false };
type S = Awaited<ReturnType<typeof served>>;

/** POST over HTTP with a session. */
const postHttp = (t: S, cookie: string, path: string, fields: Record<string, string> = {}) =>
  t.http(path, { method: "POST", headers: { cookie }, body: new URLSearchParams(fields) });

/** What the app keeps of a stay's claim beside the call log: unchanged by a failed call. */
const kept = async (t: S, id: string) =>
  JSON.stringify([
    (await t.store.kv.get(["klaim", id])).value,
    (await t.store.kv.get(["eklaim_stay", id])).value,
  ]);

const logOf = async (t: S, id: string) =>
  (await t.json(`/api/eklaim/${id}?live=0`)).body.data.log as {
    failure: string;
    message: string;
  }[];

Deno.test({
  name:
    "eklaim faults: switched off, garbage, a wrong key (E2031 or undecryptable): clear messages, nothing but the log changes",
  ...options,
}, async () => {
  const sim = simFor();
  try {
    await using t = await served({ now: () => NOW });
    const w = await bridgeWorld(t, sim);
    const id = await admitAni(t, w);
    await dischargeStay(t, w, id);
    const host = new URL(sim.url).host;
    const before = await kept(t, id);

    await sim.down();
    let r = await postHttp(t, t.cookie, `/api/eklaim/${id}/group`, HIP_IDRG);
    let body = await r.json();
    assert.equal(r.status, 502, JSON.stringify(body));
    assert.match(
      body.message,
      new RegExp(`E-Klaim di http://${host}/E-Klaim/ws\\.php tidak menjawab`),
    );
    assert.match(body.message, /periksa apakah komputer E-Klaim menyala/);
    assert.equal(await kept(t, id), before);
    await sim.up();

    sim.options.raw = { status: 200, body: "<html><body>Apache is working</body></html>" };
    r = await postHttp(t, t.cookie, `/api/eklaim/${id}/group`, HIP_IDRG);
    body = await r.json();
    assert.equal(r.status, 502);
    assert.match(body.message, /bukan jawaban terenkripsi E-Klaim: periksa alamatnya/);
    sim.options.raw = null;
    assert.equal(await kept(t, id), before);

    for (const wrongKey of ["e2031", "garbage"] as const) {
      sim.options.wrongKey = wrongKey;
      const other = "f".repeat(64);
      assert.equal((await t.post("/api/setting/eklaim", { url: sim.url, key: other })).status, 200);
      r = await postHttp(t, t.cookie, `/api/eklaim/${id}/group`, HIP_IDRG);
      body = await r.json();
      assert.equal(r.status, 502, wrongKey);
      assert.match(body.message, /kunci/, wrongKey);
      const test = await t.post("/api/setting/eklaim/test", {});
      assert.equal(test.body.success, false);
      assert.match(test.body.message, /kunci/);
      assert.equal(await kept(t, id), before, wrongKey);
    }
    const log = await logOf(t, id);
    assert.deepEqual(log.map((e) => e.failure), ["key", "key", "unreadable", "unreachable"]);
    // the right key again: the test says so, and the grouping goes through
    assert.equal((await t.post("/api/setting/eklaim", { url: sim.url, key: KEY })).status, 200);
    const test = await t.post("/api/setting/eklaim/test", {});
    assert.deepEqual([test.body.success, /kuncinya cocok/.test(test.body.message)], [true, true]);
    assert.equal((await flow(t, id, "group", HIP_IDRG)).status, 200);
    // E-Klaim off again: the claim's page still answers, saying why E-Klaim's own data is missing
    await sim.down();
    const view = (await t.json(`/api/eklaim/${id}`)).body.data;
    assert.deepEqual([view.eklaim, view.inacbg.cbg.code, view.log[0].failure], [
      null,
      "M-1-04-I",
      "unreachable",
    ]);
    assert.match(view.eklaimError, /tidak menjawab/);
  } finally {
    await sim.close();
  }
});

Deno.test({
  name:
    "eklaim faults: a call hanging for the whole timeout holds no request slot (REQUESTS_AT_ONCE=1): other users' lists answer meanwhile",
  ...options,
}, async () => {
  const sim = simFor();
  try {
    await using t = await served({ now: () => NOW, config: { requestsAtOnce: 1 } });
    const w = await bridgeWorld(t, sim, 2);
    const id = await admitAni(t, w);
    const viewer = await t.as("viewer");
    const before = await kept(t, id);
    sim.options.hang = true;
    let settled = false;
    const hung = postHttp(t, t.cookie, `/api/eklaim/${id}/group`, HIP_IDRG)
      .finally(() => (settled = true));
    while (!sim.calls.length) await new Promise((ok) => setTimeout(ok, 10));
    // the clerk's call is in E-Klaim, which does not answer: another user's lists are served
    const answered: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await t.http("/api/ipd?draw=1&start=0&length=10", {
        headers: { cookie: viewer.cookie },
      });
      assert.equal(r.status, 200);
      await r.body?.cancel();
      if (!settled) answered.push(i);
    }
    assert.deepEqual(answered, [0, 1, 2, 3, 4], "every list answered while the call hung");
    const r = await hung;
    const body = await r.json();
    assert.equal(r.status, 504, JSON.stringify(body));
    assert.match(body.message, /tidak menjawab dalam 2 detik/);
    assert.equal(await kept(t, id), before);
    assert.equal((await logOf(t, id))[0].failure, "timeout");
    sim.release();
  } finally {
    await sim.close();
  }
});

Deno.test({
  name:
    "eklaim faults: two clerks sending one claim at once: one sends, the other gets 409; E-Klaim sees one send",
  ...options,
}, async () => {
  const sim = simFor();
  try {
    await using t = await served({ now: () => NOW });
    const w = await bridgeWorld(t, sim);
    const id = await admitAni(t, w);
    await dischargeStay(t, w, id);
    assert.equal((await flow(t, id, "group", HIP_IDRG)).status, 200);
    assert.equal((await flow(t, id, "final")).status, 200);
    const casemix = await t.as("casemix");
    sim.options.delayMs = 300;
    const n = sim.calls.length;
    const [a, b] = await Promise.all([
      postHttp(t, t.cookie, `/api/eklaim/${id}/send`),
      postHttp(t, casemix.cookie, `/api/eklaim/${id}/send`),
    ]);
    const answers = [await a.json(), await b.json()];
    assert.deepEqual([a.status, b.status].sort(), [200, 409], JSON.stringify(answers));
    const mine = sim.calls.slice(n);
    // (the two answers above were made while E-Klaim took 300 ms a call)
    assert.deepEqual(mine.map((c) => c.method), ["send_claim_individual", "get_claim_status"]);
    const refused = answers.find((x) => !x.success)!;
    assert.match(refused.message, /sedang diproses di E-Klaim \(kirim oleh (admin|uji-casemix)/);
    // one after the other: the second began after the first was answered
    assert.ok(mine[1].startedAt >= mine[0].endedAt!);
    assert.equal(sim.claims.get(SEP)!.sent.status, "1");
  } finally {
    await sim.close();
  }
});

Deno.test({
  name:
    "eklaim faults: E-Klaim's 'Koneksi gagal' (2029) on send is reported as such; the claim stays final until a send goes through",
  ...options,
}, async () => {
  const sim = simFor();
  try {
    await using t = await served({ now: () => NOW });
    const w = await bridgeWorld(t, sim);
    const id = await admitAni(t, w);
    await dischargeStay(t, w, id);
    assert.equal((await flow(t, id, "group", HIP_IDRG)).status, 200);
    assert.equal((await flow(t, id, "final")).status, 200);
    sim.options.send = "2029";
    let r = await postHttp(t, t.cookie, `/api/eklaim/${id}/send`);
    const body = await r.json();
    assert.equal(r.status, 502, JSON.stringify(body));
    assert.match(
      body.message,
      /tidak dapat menghubungi pusat data Kemenkes \(send_claim_individual, kode 2029: Error : Koneksi gagal\): periksa koneksi internet komputer E-Klaim/,
    );
    assert.equal((await t.json(`/api/klaim/${id}`)).body.status, "final");
    const audited = (await t.audit.list({ action: "eklaim_send" }, 0, 5)).rows;
    assert.match((audited[0].after as { outcome: string }).outcome, /^502 .*Koneksi gagal/);
    sim.options.send = "ok";
    r = await postHttp(t, t.cookie, `/api/eklaim/${id}/send`);
    assert.equal(r.status, 200, await r.text());
    assert.equal((await t.json(`/api/klaim/${id}`)).body.status, "terkirim");
  } finally {
    await sim.close();
  }
});
