import assert from "node:assert/strict";
import { call } from "../lib/eklaim/client.ts";
import { setup } from "./helpers.ts";
import {
  admitAni,
  bridgeWorld,
  dischargeStay,
  flow,
  HIP_IDRG,
  KARTU,
  KEY,
  methods,
  NOW,
  SEP,
  simFor,
} from "./eklaim_bridge_fixtures.ts";

type T = Awaited<ReturnType<typeof setup>>;

/** A fresh app, simulator and world for `fn`, closed after. */
async function withBridge(
  fn: (
    t: T,
    w: Awaited<ReturnType<typeof bridgeWorld>>,
    sim: ReturnType<typeof simFor>,
  ) => Promise<void>,
) {
  const sim = simFor();
  try {
    await using t = await setup({ now: () => NOW });
    await fn(t, await bridgeWorld(t, sim), sim);
  } finally {
    await sim.close();
  }
}

/** The app's own record of a stay's claim in E-Klaim (null: none). */
const kept = async (
  t: T,
  id: string,
) => [
  (await t.store.kv.get(["klaim", id])).value,
  (await t.store.kv.get(["eklaim_stay", id])).value,
];

Deno.test("eklaim group during a stay: today as discharge, through the iDRG final, no INA-CBG final; the next grouping re-edits", async () => {
  await withBridge(async (t, w, sim) => {
    const id = await admitAni(t, w);
    let r = await flow(t, id, "group", HIP_IDRG);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.data.duringStay, true);
    assert.match(r.body.message, /selama dirawat, pulang = hari ini/);
    const held = sim.claims.get(SEP)!;
    // 05-11-2026 10:00 WIB, the app's clock
    assert.equal(held.data.tgl_pulang, "2026-11-05 10:00:00");
    assert.equal(held.data.discharge_status, "1");
    assert.deepEqual([held.idrg.final, held.inacbg.final, held.final], [true, false, false]);
    assert.ok(!methods(sim).includes("inacbg_grouper_final"));
    assert.ok(!methods(sim).includes("claim_final"));
    assert.equal(r.body.data.inacbg.cbg.code, "M-1-04-I");
    assert.equal(r.body.data.can.final, false);

    // final waits for the discharge
    r = await flow(t, id, "final");
    assert.equal(r.status, 409);
    assert.match(r.body.message, /Pasien masih dirawat/);

    // the next grouping reopens iDRG (no new claim: E-Klaim has it)
    const n = sim.calls.length;
    r = await flow(t, id, "group");
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(methods(sim).slice(n, n + 2), ["set_claim_data", "idrg_grouper_reedit"]);
    assert.ok(!methods(sim).slice(n).includes("new_claim"));
    assert.equal(r.body.data.coding.sources.idrg_diagnosa, "petugas", "the clerk's S73.02 kept");

    // discharged, grouped again with the real dates, then final
    await dischargeStay(t, w, id);
    r = await flow(t, id, "final");
    assert.equal(r.status, 409, "the stay changed since the grouping");
    assert.match(r.body.message, /Data kunjungan berubah sejak grouping terakhir/);
    r = await flow(t, id, "group");
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(held.data.tgl_pulang, "2026-11-04 11:30:00");
    r = await flow(t, id, "final");
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(held.final, true);
  });
});

Deno.test("eklaim group: MDC 36 and an X group answer 422 in E-Klaim's words; the claim record keeps no package", async () => {
  await withBridge(async (t, w) => {
    const id = await admitAni(t, w, { dx: ["R99"], px: [] });
    let r = await flow(t, id, "group");
    assert.equal(r.status, 422, JSON.stringify(r.body));
    assert.match(
      r.body.message,
      /MDC 36 Ungroupable or Unrelated, DRG 3600019 Unrelated OR Procedures/,
    );
    assert.equal(r.body.data.idrg.ungroupable, true);
    assert.equal(r.body.data.inacbg, null);
    let [claim, state] = await kept(t, id);
    assert.equal(claim, null);
    assert.ok(state, "E-Klaim's result is kept for the screen");

    const other = await admitAni(t, w, {
      sep: "0301R0011126V000778",
      dx: ["O80.0"],
      px: [],
      pasien: w.pasien2,
    });
    // Rahma has no card: E-Klaim cannot take her claim, said before any call
    r = await flow(t, other, "group");
    assert.equal(r.status, 409);
    assert.match(r.body.message, /No\. kartu BPJS pasien/);
    assert.deepEqual(r.body.data.missing.map((m: { field: string }) => m.field), ["nomor_kartu"]);

    const ani2 = await t.post("/api/pasien/update", {
      id: "",
      erm: "000778",
      first_name: "Ana",
      last_name: "",
      gender: "P",
      tgl_lahir: "1990-01-01",
      nomor_kartu: "0000668870002",
    });
    const x = await admitAni(t, w, {
      sep: "0301R0011126V000779",
      dx: ["O80.0"],
      px: [],
      pasien: ani2.body.data._id,
    });
    r = await flow(t, x, "group");
    assert.equal(r.status, 422, JSON.stringify(r.body));
    assert.match(
      r.body.message,
      /grup error X-0-13-X \(ERROR: MALE WITH GROUPING CRITERIA NOT MET\)/,
    );
    assert.deepEqual([r.body.data.inacbg.error, r.body.data.idrg.drg_code], [true, "1410110"]);
    [claim] = await kept(t, x);
    assert.equal(claim, null);
  });
});

Deno.test("eklaim group: a code E-Klaim drops answers 422 naming it and E-Klaim's reason, before grouping", async () => {
  await withBridge(async (t, w, sim) => {
    const id = await admitAni(t, w, { px: ["81.53", "93.96"] });
    const r = await flow(t, id, "group");
    assert.equal(r.status, 422, JSON.stringify(r.body));
    assert.equal(
      r.body.message,
      "E-Klaim menolak kode iDRG S73.0 (Kode tidak valid untuk iDRG), 93.96 (Kode tidak " +
        "ditemukan): ganti dengan kode ICD-10-IM / ICD-9-CM-IM yang berlaku (cari di kode " +
        "E-Klaim), lalu grouping lagi.",
    );
    assert.deepEqual(
      r.body.data.dropped.map((d: Record<string, string>) => [d.grouper, d.list, d.code, d.reason]),
      [
        ["idrg", "diagnosa", "S73.0", "Kode tidak valid untuk iDRG"],
        ["idrg", "procedure", "93.96", "Kode tidak ditemukan"],
      ],
    );
    assert.ok(!methods(sim).includes("grouper"), "not grouped without the dropped codes");
    // E-Klaim's own search finds the replacement
    const found = await t.json("/api/eklaim/codes?grouper=idrg&list=diagnosa&q=S73");
    assert.equal(found.status, 200, JSON.stringify(found.body));
    assert.deepEqual(
      found.body.data.map((c: { code: string; valid: boolean }) => [c.code, c.valid]),
      [
        ["S73.0", false],
        ["S73.02", true],
      ],
    );
    const cbg = await t.json("/api/eklaim/codes?grouper=inacbg&list=diagnosa&q=S73");
    assert.deepEqual(cbg.body.data, [
      { code: "S73.0", description: "Dislocation of hip", valid: true, im: false },
    ]);
    // a malformed replacement is refused naming the field
    const bad = await flow(t, id, "group", { idrg_diagnosa: "S73.02#banana" });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.field, "idrg_diagnosa");
  });
});

Deno.test("eklaim group: E2007 on new_claim for the same patient goes on; for another patient 409", async () => {
  await withBridge(async (t, w, sim) => {
    const conn = { url: sim.url, keyHex: KEY, timeoutMs: 5000 };
    const patient = {
      nomor_kartu: KARTU,
      nomor_sep: SEP,
      nomor_rm: "000777",
      nama_pasien: "Ani",
      tgl_lahir: "1975-05-05 00:00:00",
      gender: 2,
    };
    assert.equal((await call(conn, "new_claim", {}, patient)).ok, true, "made in E-Klaim itself");
    const id = await admitAni(t, w);
    let r = await flow(t, id, "group", HIP_IDRG);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual([r.body.data.steps[0].method, r.body.data.steps[0].errorNo], [
      "new_claim",
      "E2007",
    ]);

    const other = "0301R0011126V000900";
    await call(conn, "new_claim", {}, {
      ...patient,
      nomor_sep: other,
      nomor_rm: "999999",
      nama_pasien: "Lain",
    });
    const ana = await t.post("/api/pasien/update", {
      id: "",
      erm: "000779",
      first_name: "Ana",
      last_name: "",
      gender: "P",
      tgl_lahir: "1990-01-01",
      nomor_kartu: "0000668870003",
    });
    const id2 = await admitAni(t, w, { sep: other, pasien: ana.body.data._id });
    r = await flow(t, id2, "group", HIP_IDRG);
    assert.equal(r.status, 409, JSON.stringify(r.body));
    assert.match(
      r.body.message,
      /sudah dipakai di E-Klaim untuk pasien lain: Lain \(No\. RM 999999\)/,
    );
    assert.deepEqual(await kept(t, id2), [null, null]);
  });
});

Deno.test("eklaim final refuses a stay with blok findings, naming them; Batal Pulang of a grouped stay goes, of a final one points to Edit ulang", async () => {
  await withBridge(async (t, w) => {
    // the summary's primary is Z37.0 (the mother's outcome code): DIAGNOSIS_UTAMA blocks
    const id = await admitAni(t, w);
    await dischargeStay(t, w, id, ["Z37.0", "S73.0"]);
    let r = await flow(t, id, "group", { idrg_diagnosa: "S73.02", inacbg_diagnosa: "S73.0" });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    r = await flow(t, id, "final");
    assert.equal(r.status, 409, JSON.stringify(r.body));
    assert.match(r.body.message, /^Klaim belum siap difinalkan: DIAGNOSIS_UTAMA/);
    assert.ok(r.body.data.findings.some((f: { rule: string }) => f.rule === "DIAGNOSIS_UTAMA"));

    // only grouped: the discharge may be cancelled (the next grouping sends the correction)
    r = await t.post(`/api/ipd/${id}/cancel-discharge`, {});
    assert.equal(r.status, 200, JSON.stringify(r.body));
    await dischargeStay(t, w, id);
    assert.equal((await flow(t, id, "group")).status, 200);
    assert.equal((await flow(t, id, "final")).status, 200);
    r = await t.post(`/api/ipd/${id}/cancel-discharge`, {});
    assert.equal(r.status, 409);
    assert.match(r.body.message, /Buka dulu finalnya dengan 'Edit ulang'/);
    // Edit ulang: back to grouped, not final (belum), and the discharge may go
    r = await flow(t, id, "reedit");
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual([r.body.data.status, r.body.data.statusText], [
      "belum",
      "Grouping E-Klaim (belum final)",
    ]);
    assert.equal((await t.post(`/api/ipd/${id}/cancel-discharge`, {})).status, 200);
  });
});

Deno.test("eklaim final with a top-up: iDRG grouped again with stage 2 (the manual's figures), then the finals", async () => {
  await withBridge(async (t, w, sim) => {
    const id = await admitAni(t, w);
    await dischargeStay(t, w, id);
    assert.equal((await flow(t, id, "group", HIP_IDRG)).status, 200);
    let r = await flow(t, id, "final", { topup: "99999" });
    assert.equal(r.status, 400, JSON.stringify(r.body));
    assert.match(
      r.body.message,
      /Top-up 99999 bukan pilihan grup iDRG 1807119; pilihannya: 13031\./,
    );
    assert.equal(sim.claims.get(SEP)!.final, false);
    const n = sim.calls.length;
    r = await flow(t, id, "final", { topup: "13031", special_cmg: "YY01" });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const stage2 = sim.calls.slice(n).filter((c) =>
      c.method === "grouper" && c.metadata.stage === 2
    );
    assert.deepEqual(
      stage2.map((c) => [c.metadata.grouper, c.data.topup_codes ?? c.data.special_cmg]),
      [
        ["idrg", "13031"],
        ["inacbg", "YY01"],
      ],
    );
    const d = r.body.data;
    assert.deepEqual([d.idrg.total_cost_weight, d.idrg.total_tarif, d.idrg.topup[0].code], [
      "7.11019644",
      57_145_075,
      "13031",
    ]);
    assert.equal(d.inacbg.tariff, 31_713_400 + 13_099_000);
    assert.deepEqual([d.status, sim.claims.get(SEP)!.final], ["final", true]);
  });
});
