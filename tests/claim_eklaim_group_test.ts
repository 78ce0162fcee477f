/**
 * What the E-Klaim bridge calls when E-Klaim grouped a stay (`recordEklaimGroup`: the claim and
 * the stay's package in one commit), through the real parts on a :memory: KV.
 */
import assert from "node:assert/strict";
import { setup, versionOf } from "./helpers.ts";
import { admission, admit, exam, postJson, seedIpd } from "./ipd_fixtures.ts";
import { recordEklaimGroup } from "../lib/claim/eklaim_group.ts";
import type { Claim } from "../lib/claim/claim_store.ts";
import { AppError } from "../lib/errors.ts";

type T = Awaited<ReturnType<typeof setup>>;
const NOW = new Date("2026-11-24T05:00:00Z");
const SEP = "0301R0011126V000001";
const period = "startDate=01-11-2026&endDate=30-11-2026";

/** E-Klaim's `response_inacbg` (the manual's shape, 5.10.7), tariff with special CMGs. */
const inacbg = (code: string, tariff: string, more: Record<string, unknown> = {}) => ({
  cbg: { code, description: `GRUP ${code}` },
  base_tariff: tariff,
  tariff,
  kelas: "kelas_2",
  inacbg_version: "5.10.7.202603311031.dev",
  status_cd: "normal",
  ...more,
});

const refused = async (p: Promise<unknown>): Promise<AppError> => {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error("not refused");
};

/** An admitted stay with its SEP and one examination: J-4-16-I kelas 2 (5.000.000), bill 1.500.000. */
async function openStay(t: T) {
  const w = await seedIpd(t);
  const s = await admit(t, w, { visitDate: "2026-11-20T08:00" });
  const e = await postJson(t, "/api/ipd/visitexamination/update", {
    ...exam(w, s._id, { examinationDate: "2026-11-20T10:00", keyword: [] }),
  });
  assert.equal(e.status, 200, JSON.stringify(e.body));
  const sep = await t.post("/api/ipd/update", {
    ...admission(w, { visitDate: "2026-11-20T08:00" }),
    id: s._id,
    _version: await versionOf(t, "ipd", s._id),
    nomor_sep: SEP,
  });
  assert.equal(sep.status, 200, JSON.stringify(sep.body));
  return { w, id: s._id as string };
}

Deno.test("recordEklaimGroup: E-Klaim's grouping during a stay writes the claim and the stay's package in one commit; stale versions 409", async () => {
  await using t = await setup({ now: () => NOW });
  const { w, id } = await openStay(t);
  const stayV = await versionOf(t, "ipd", id);

  // the bridge read the stay, then someone edited it: refused, nothing written
  const e = await refused(
    recordEklaimGroup(t.store, id, {
      response_inacbg: inacbg("J-4-17-I", "1200000"),
      stage: 1,
      final: false,
    }, {
      by: "casemix",
      now: NOW,
      stayVersion: "00000000000000010000",
    }),
  );
  assert.equal(e.status, 409);
  // a claim the bridge did not see: refused
  assert.equal(
    (await refused(
      recordEklaimGroup(t.store, id, {
        response_inacbg: inacbg("J-4-17-I", "1200000"),
        stage: 1,
        final: false,
      }, {
        by: "casemix",
        stayVersion: stayV,
        claimVersion: "00000000000000010000",
      }),
    )).status,
    409,
  );
  // an error group: 422 with E-Klaim's words; an unreadable tariff: 502
  const x = await refused(
    recordEklaimGroup(t.store, id, {
      response_inacbg: inacbg("X-0-98-X", "0"),
      stage: 1,
      final: false,
    }, {
      by: "casemix",
    }),
  );
  assert.equal(x.status, 422);
  assert.match(x.message, /grup error X-0-98-X \(GRUP X-0-98-X\)/);
  assert.equal(
    (await refused(
      recordEklaimGroup(t.store, id, {
        response_inacbg: inacbg("J-4-17-I", "1,2 jt"),
        stage: 1,
        final: false,
      }, {
        by: "casemix",
      }),
    )).status,
    502,
  );
  assert.equal((await t.store.kv.get(["klaim", id])).versionstamp, null);
  assert.equal(await versionOf(t, "ipd", id), stayV);

  // grouped so far: J-4-17-I Rp 1.200.000, stage 1, not final
  const done = await recordEklaimGroup(
    t.store,
    id,
    { response_inacbg: inacbg("J-4-17-I", "1200000"), stage: 1, final: false },
    { by: "casemix", now: NOW, stayVersion: stayV, claimVersion: null },
  );
  assert.equal(done.claim.versionstamp, done.visit.versionstamp, "one commit");
  const claim = (await t.store.kv.get<Claim>(["klaim", id])).value!;
  assert.deepEqual(
    [claim.status, claim.sep, claim.eklaim.inacbg, claim.eklaim.tarif, claim.eklaim.tarifRs],
    ["belum", SEP, "J-4-17-I", 1_200_000, 1_500_000],
  );
  assert.deepEqual(
    [claim.eklaim.via, claim.eklaim.versi, claim.eklaim.stage, claim.eklaim.final],
    ["ws", "5.10.7.202603311031.dev", 1, false],
  );
  assert.deepEqual([claim.eklaim.admission, claim.eklaim.discharge], ["2026-11-20", "2026-11-24"]);
  assert.equal((await t.store.kv.get(["klaim_by_sep", SEP])).value, id);
  // the stay page: E-Klaim's package in force, (1.2 - 1.5) / 1.2 = -25 %, the ward's beside it
  const stay = (await t.json(`/api/ipd/${id}`)).body.data;
  assert.deepEqual(
    [stay.tarifInaTotal, stay.percentageTotal, stay.paket.source, stay.paket.kelas],
    [1_200_000, -25, "E-Klaim 5.10.7", "second"],
  );
  assert.deepEqual(stay.paket.assumed, { code: "J-4-16-I", tariff: 5_000_000, kelas: "second" });
  // the dashboard counts it below 0 while admitted
  const info = (await t.json(`/api/report/medical-record-info?${period}`)).body;
  assert.equal(info.negativePercentage.count, 1);
  // a grouping not final is no claim in the figures
  const dash = (await t.json("/api/klaim/dashboard")).body;
  assert.deepEqual([dash.months, dash.gapPerDpjp], [[], []]);

  // the stay changed since (an examination): the bridge's old read is refused
  const more = await postJson(t, "/api/ipd/visitexamination/update", {
    ...exam(w, id, { examinationDate: "2026-11-21T10:00", keyword: [], tarif_rs: "500000" }),
  });
  assert.equal(more.status, 200);
  assert.equal(
    (await refused(
      recordEklaimGroup(
        t.store,
        id,
        { response_inacbg: inacbg("J-4-17-I", "1200000"), stage: 1, final: true },
        {
          by: "casemix",
          stayVersion: done.visit.versionstamp,
          claimVersion: done.claim.versionstamp,
        },
      ),
    )).status,
    409,
  );
  // grouped again at stage 2 with a special CMG (1.200.000 + 300.000) and final
  const final = await recordEklaimGroup(
    t.store,
    id,
    {
      response_inacbg: inacbg("J-4-17-I", "1500000", {
        base_tariff: "1200000",
        special_cmg: [{
          code: "DD-01-I",
          description: "OBAT",
          tariff: 300000,
          type: "Special Drug",
        }],
      }),
      stage: 2,
      final: true,
    },
    { by: "casemix", now: NOW, claimVersion: done.claim.versionstamp },
  );
  assert.deepEqual(
    [final.claim.value.status, final.claim.value.history.map((h) => [h.status, h.by])],
    ["final", [["final", "casemix"]]],
  );
  assert.deepEqual(final.claim.value.eklaim.specialCmg, [
    { code: "DD-01-I", description: "OBAT", tariff: 300_000, type: "Special Drug" },
  ]);
  const after = (await t.json(`/api/ipd/${id}`)).body.data;
  // 1.500.000 against the bill 2.000.000: -33,33 %
  assert.deepEqual(
    [after.tarifInaTotal, after.tarifRsTotal, after.percentageTotal.toFixed(2)],
    [1_500_000, 2_000_000, "-33.33"],
  );
});

Deno.test("recordEklaimGroup: a grouping not final lets the discharge be cancelled; a final one does not", async () => {
  await using t = await setup({ now: () => NOW });
  const { w, id } = await openStay(t);
  const out = await postJson(t, "/api/ipd/discharge-patient/update", {
    id,
    _version: await versionOf(t, "ipd", id),
    tanggal_pulang: "2026-11-23T11:00",
    dischargepatient: w.pulang,
    confirm_no_diagnosis: "1",
  });
  assert.equal(out.status, 200, JSON.stringify(out.body));
  const g = { response_inacbg: inacbg("J-4-17-I", "1200000"), stage: 1 as const, final: false };
  await recordEklaimGroup(t.store, id, g, { by: "casemix", now: NOW });
  assert.equal((await t.post(`/api/ipd/${id}/cancel-discharge`, {})).status, 200);
  assert.equal((await t.json(`/api/ipd/${id}`)).body.data.paket.source, "E-Klaim 5.10.7");
  // discharged again and grouped final: Batal Pulang refused naming the SEP
  const again = await postJson(t, "/api/ipd/discharge-patient/update", {
    id,
    _version: await versionOf(t, "ipd", id),
    tanggal_pulang: "2026-11-23T11:00",
    dischargepatient: w.pulang,
    confirm_no_diagnosis: "1",
  });
  assert.equal(again.status, 200, JSON.stringify(again.body));
  await recordEklaimGroup(t.store, id, { ...g, final: true }, { by: "casemix", now: NOW });
  const r = await t.post(`/api/ipd/${id}/cancel-discharge`, {});
  assert.equal(r.status, 409);
  assert.match(r.body.message, new RegExp(`Klaim SEP ${SEP} sudah final`));
  // a stay without a SEP: 400
  const other = await admit(t, w, { pasienId: w.pasien2, visitDate: "2026-11-22T08:00" });
  const e = await refused(recordEklaimGroup(t.store, other._id, g, { by: "casemix" }));
  assert.equal(e.status, 400);
  assert.match(e.message, /No\. SEP kunjungan belum diisi/);
});
