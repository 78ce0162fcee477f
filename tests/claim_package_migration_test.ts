/**
 * The one-time migration of stays claimed by a TXT imported before the stay kept E-Klaim's
 * package (`migrateClaimPackages`, run by the warm-up), on stores written the old way.
 */
import assert from "node:assert/strict";
import { setup, versionOf } from "./helpers.ts";
import { admit, seedIpd } from "./ipd_fixtures.ts";
import { admitDischarge, eklaimTxt } from "./claim_fixtures.ts";
import { migrateClaimPackages, PACKAGE_MIGRATION } from "../lib/claim/claim_package.ts";
import { type Claim, claimsOf } from "../lib/claim/claim_store.ts";
import { visitsOf } from "../lib/ipd/stay.ts";
import { warmIndexes } from "../lib/warm/warm.ts";
import { registry } from "../resources/mod.ts";

const NOW = new Date("2026-11-24T05:00:00Z");
const SEP = "0301R0011126V000001";

Deno.test("migration: stays claimed by a TXT imported the old way get E-Klaim's package once, in the warm-up", async () => {
  await using t = await setup({ now: () => NOW });
  const w = await seedIpd(t);
  const siti = await admitDischarge(
    t,
    w,
    w.pasien,
    { masuk: "2026-11-01", pulang: "2026-11-04" },
    w.j4,
    "1500000",
  );
  const rahma = await admitDischarge(
    t,
    w,
    w.pasien2,
    { masuk: "2026-11-08", pulang: "2026-11-10" },
    w.j5,
    "2600000",
  );
  // the old import: claims written alone (J-4-17-I 1.200.000 and J-4-15-I 6.500.000), the stays
  // untouched; Rahma's last written before the stay kept its package (no `inacbg`)
  const txt = eklaimTxt([
    {
      sep: SEP,
      mrn: "000123",
      admission: "2026-11-01",
      discharge: "2026-11-04",
      inacbg: "J-4-17-I",
      tarif: 1_200_000,
      tarifRs: 1_500_000,
    },
    {
      sep: "0301R0011126V000002",
      mrn: "000456",
      admission: "2026-11-08",
      discharge: "2026-11-10",
      inacbg: "J-4-15-I",
      tarif: 6_500_000,
      tarifRs: 2_600_000,
    },
  ]);
  assert.equal((await t.upload("/api/klaim/import-eklaim", "e.txt", txt)).status, 200);
  const visits = visitsOf(t.store);
  for (const id of [siti, rahma]) {
    const row = (await visits.find(id))!;
    const {
      _id,
      paket_sumber: _a,
      paket_deskripsi: _b,
      paket_waktu: _c,
      petugas_inacbg,
      petugas_tarif,
      petugas_kelas,
      inacbg: _d,
      ...rest
    } = row.value;
    const pct = (petugas_tarif! - rest.tarifRsTotal) / petugas_tarif! * 100;
    await visits.update(id, {
      ...rest,
      ...(id === siti ? { inacbg: petugas_inacbg } : {}),
      inacbgKelas: petugas_kelas,
      tarifInaTotal: petugas_tarif!,
      latestTarifIna: petugas_tarif!,
      percentageTotal: pct,
      latestPercentage: pct,
    }, { expected: row.versionstamp });
  }
  assert.equal((await claimsOf(t.store).index()).size, 2);
  const old = (await t.json(`/api/ipd/${rahma}`)).body.data;
  assert.deepEqual([old.tarifInaTotal, old.paket.source], [5_200_000, "dipilih petugas"]);

  // migrated once and marked
  assert.equal(await migrateClaimPackages(t.store), 2);
  assert.ok((await t.store.kv.get([...PACKAGE_MIGRATION])).versionstamp);
  const s = (await t.json(`/api/ipd/${siti}`)).body.data;
  assert.deepEqual(
    [s.inacbg, s.tarifInaTotal, s.percentageTotal, s.paket.source, s.paket.assumed.tariff],
    ["J-4-17-I", 1_200_000, -25, "E-Klaim", 5_000_000],
  );
  // Rahma's pick came from her examinations: J-4-16-II kelas 2, 5.200.000; E-Klaim's 6.500.000
  // against 2.600.000 is 60 %
  const r = (await t.json(`/api/ipd/${rahma}`)).body.data;
  assert.deepEqual(
    [r.inacbg, r.tarifInaTotal, r.percentageTotal, r.paket.assumed],
    ["J-4-15-I", 6_500_000, 60, { code: "J-4-16-II", tariff: 5_200_000, kelas: "second" }],
  );
  // marked: it does not run again
  const v = await versionOf(t, "ipd", siti);
  assert.equal(await migrateClaimPackages(t.store), 0);
  assert.equal(await versionOf(t, "ipd", siti), v);

  // the warm-up after a start runs it (here on Siti made old again, the marker gone)
  const row = (await visits.find(siti))!;
  const { paket_sumber: _p, ...bare } = row.value;
  await visits.update(siti, { ...bare, tarifInaTotal: 5_000_000 }, { expected: row.versionstamp });
  await t.store.kv.delete([...PACKAGE_MIGRATION]);
  assert.equal((await t.json(`/api/ipd/${siti}`)).body.data.paket.source, "dipilih petugas");
  await warmIndexes(t.store, registry);
  assert.equal((await t.json(`/api/ipd/${siti}`)).body.data.paket.source, "E-Klaim");
  assert.ok((await t.store.kv.get([...PACKAGE_MIGRATION])).versionstamp);
});

Deno.test("migration: in batches within KV's limits, each stay checked against the version read", async () => {
  await using t = await setup({ now: () => NOW });
  const w = await seedIpd(t);
  // 120 stays claimed the old way (claims written alone): three batches of 40 (two checks each)
  const stays = visitsOf(t.store);
  const base = await admit(t, w, { visitDate: "2026-10-01T08:00" });
  const docs = [];
  const claims: Claim[] = [];
  for (let i = 0; i < 120; i++) {
    const id = `S${String(i).padStart(3, "0")}`;
    docs.push({
      ...base,
      _id: id,
      openPasien: null,
      status: "pulang" as const,
      tanggal_pulang: "2026-10-03T04:00:00.000Z",
      pasien: { ...base.pasien, _id: `P${i}` },
      inacbg: "J-4-16-I",
      inacbgKelas: "second",
      tarifInaTotal: 5_000_000,
      tarifRsTotal: 4_000_000,
      percentageTotal: 20,
      latestTarifIna: 5_000_000,
      latestTarifRs: 4_000_000,
      latestPercentage: 20,
    });
    claims.push({
      _id: id,
      eklaim: {
        sep: `SEP${i}`,
        mrn: "",
        nama: "",
        noKartu: "",
        admission: "2026-10-01",
        discharge: "2026-10-03",
        los: 3,
        kelasRawat: "3",
        inacbg: "J-4-16-II",
        deskripsi: "",
        tarif: 8_000_000,
        tarifRs: 4_000_000,
        dpjp: "",
        diagnoses: [],
        procedures: [],
        icu: false,
        icuLos: null,
      },
      sep: `SEP${i}`,
      pasien: { _id: `P${i}`, fullname: "", erm: "" },
      dpjp: null,
      status: "final",
      reasonCode: "",
      reason: "",
      approved: null,
      paid: null,
      paidDate: null,
      history: [],
      importedAt: "2026-10-05T00:00:00.000Z",
      file: "lama.txt",
    });
  }
  await stays.writeMany(docs);
  await claimsOf(t.store).writeMany(claims);
  // after the first batch, S050's claim (second batch) is regrouped: that batch is left
  let commits = 0;
  const col = claimsOf(t.store);
  const regroup = async () => {
    if (commits++ !== 0) return;
    const c = (await col.find("S050"))!;
    await col.update("S050", {
      ...c.value,
      eklaim: { ...c.value.eklaim, inacbg: "J-4-16-III", tarif: 9_000_000 },
    }, { expected: c.versionstamp });
  };
  assert.equal(await migrateClaimPackages(t.store, regroup), 80);
  assert.equal(commits, 3);
  assert.equal((await t.store.kv.get([...PACKAGE_MIGRATION])).versionstamp, null);
  assert.equal((await stays.find("S050"))!.value.paket_sumber, undefined);
  // the next start finishes it, with the claim as it is now
  assert.equal(await migrateClaimPackages(t.store), 40);
  assert.ok((await t.store.kv.get([...PACKAGE_MIGRATION])).versionstamp);
  assert.deepEqual(
    [(await stays.find("S050"))!.value.inacbg, (await stays.find("S050"))!.value.tarifInaTotal],
    ["J-4-16-III", 9_000_000],
  );
  const one = (await stays.find("S119"))!.value;
  // E-Klaim's 8.000.000 at class 3 against 4.000.000: 50 %
  assert.deepEqual(
    [one.inacbg, one.inacbgKelas, one.tarifInaTotal, one.percentageTotal, one.petugas_tarif],
    ["J-4-16-II", "third", 8_000_000, 50, 5_000_000],
  );
});
