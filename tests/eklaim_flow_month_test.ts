import assert from "node:assert/strict";
import { call } from "../lib/eklaim/client.ts";
import { onProgress, type Progress } from "../lib/progress/progress.ts";
import { setup } from "./helpers.ts";
import { eklaimTxt } from "./claim_fixtures.ts";
import {
  admitAni,
  bridgeWorld,
  dischargeStay,
  flow,
  HIP_IDRG,
  KEY,
  methods,
  NOW,
  SEP,
  simFor,
} from "./eklaim_bridge_fixtures.ts";

const SEP_B = "0301R0011126V000888";
const SEP_E = "0301R0011126V000999";

Deno.test("eklaim send-month: the month's final claims sent with send_claim, each status read, with progress; unready ones refuse it", async () => {
  const sim = simFor();
  const seen: Progress[] = [];
  const stop = onProgress((p) => seen.push(p));
  try {
    await using t = await setup({ now: () => NOW });
    const w = await bridgeWorld(t, sim);
    const ana = (await t.post("/api/pasien/update", {
      id: "",
      erm: "000888",
      first_name: "Ana",
      last_name: "",
      gender: "P",
      tgl_lahir: "1990-01-01",
      nomor_kartu: "0000668870002",
    })).body.data._id;
    const ids = [await admitAni(t, w), await admitAni(t, w, { sep: SEP_B, pasien: ana })];
    for (const id of ids) {
      await dischargeStay(t, w, id);
      assert.equal((await flow(t, id, "group", HIP_IDRG)).status, 200);
      assert.equal((await flow(t, id, "final")).status, 200);
    }
    // a claim finalised in E-Klaim itself, unknown to the app, discharged the same month
    const conn = { url: sim.url, keyHex: KEY, timeoutMs: 5000 };
    await call(conn, "new_claim", {}, {
      nomor_kartu: "0000668870009",
      nomor_sep: SEP_E,
      nomor_rm: "000999",
      nama_pasien: "Lain",
      tgl_lahir: "1970-01-01 00:00:00",
      gender: 1,
    });
    await call(conn, "set_claim_data", { nomor_sep: SEP_E }, {
      tgl_pulang: "2026-11-20 09:00:00",
      jenis_rawat: "1",
      coder_nik: "1",
    });
    sim.claims.get(SEP_E)!.final = true;

    assert.equal((await t.post("/api/eklaim/send-month", { month: "2026-13" })).status, 400);
    const n = sim.calls.length;
    const r = await t.json("/api/eklaim/send-month", {
      method: "POST",
      headers: { "x-progress-id": "kirim-bulan-0001" },
      body: new URLSearchParams({ month: "2026-11" }),
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(methods(sim).slice(n), ["send_claim", "get_claim_status", "get_claim_status"]);
    assert.deepEqual(sim.calls[n].data, {
      start_dt: "2026-11-01",
      stop_dt: "2026-11-30",
      jenis_rawat: "1",
      date_type: "1",
    });
    const d = r.body.data;
    assert.equal(d.asked, 2);
    assert.deepEqual(
      d.sent.map((s: { sep: string; sentAt: string }) => [s.sep, s.sentAt]).sort(),
      [
        [SEP_B, "2023-02-01 03:04:05"],
        [SEP, "2023-02-01 03:04:05"],
      ].sort(),
    );
    assert.deepEqual(d.unknown, [{ sep: SEP_E, tgl_pulang: "2026-11-20 09:00:00" }]);
    assert.deepEqual(d.notSent, []);
    for (const id of ids) assert.equal((await t.json(`/api/klaim/${id}`)).body.status, "terkirim");
    assert.match(r.body.message, /2 dari 2 klaim final terkirim; 1 SEP lain ikut dikirim E-Klaim/);
    // the stay's log shows the month's send
    const log = (await t.json(`/api/eklaim/${ids[0]}?live=0`)).body.data.log;
    assert.deepEqual(log.slice(0, 2).map((e: { method: string }) => e.method), [
      "get_claim_status",
      "send_claim",
    ]);
    const mine = seen.filter((p) => p.id === "kirim-bulan-0001");
    assert.ok(mine.some((p) => p.phase === "Kirim klaim satu bulan"));
    assert.ok(
      mine.some((p) => p.phase === "Memeriksa status kirim" && p.total === 2 && p.unit === "klaim"),
    );
    assert.equal(mine.at(-1)!.finished, true);
    const audited = (await t.audit.list({ action: "eklaim_send_month" }, 0, 5)).rows;
    assert.deepEqual((audited[0].after as { sent: string[] }).sent.sort(), [SEP_B, SEP].sort());

    // a final claim of the month that is not ready (imported from E-Klaim's TXT): nothing sent
    const rudi = (await t.post("/api/pasien/update", {
      id: "",
      erm: "000555",
      first_name: "Rudi",
      last_name: "",
      gender: "L",
      tgl_lahir: "1970-01-01",
    })).body.data._id;
    const z = await admitAni(t, w, { sep: "0301R0011126V000555", pasien: rudi });
    await dischargeStay(t, w, z, ["Z37.0", "S73.0"]);
    const txt = eklaimTxt([{
      sep: "0301R0011126V000555",
      mrn: "000555",
      admission: "2026-11-01",
      discharge: "2026-11-04",
      inacbg: "M-1-04-I",
      tarif: 31_713_400,
      tarifRs: 25_000_000,
    }]);
    assert.equal((await t.upload("/api/klaim/import-eklaim", "eklaim.txt", txt)).status, 200);
    const m = sim.calls.length;
    const refused = await t.post("/api/eklaim/send-month", { month: "2026-11" });
    assert.equal(refused.status, 409, JSON.stringify(refused.body));
    assert.match(
      refused.body.message,
      /1 klaim final bulan ini belum siap dikirim .*0301R0011126V000555 DIAGNOSIS_UTAMA/,
    );
    assert.equal(sim.calls.length, m);
  } finally {
    stop();
    await sim.close();
  }
});
