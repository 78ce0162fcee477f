/**
 * The dashboard's 'Selisih paket' per DPJP through the API (a fresh :memory: KV): the ward's
 * assumed package (the last picked in the app) against E-Klaim's final tariff and the approved
 * amount, in rupiah computed by hand.
 */
import assert from "node:assert/strict";
import { setup } from "./helpers.ts";
import { seedIpd } from "./ipd_fixtures.ts";
import { admitDischarge, type EklaimLine, eklaimTxt } from "./claim_fixtures.ts";

const NOW = new Date("2026-11-24T05:00:00Z");
const period = "startDate=01-11-2026&endDate=30-11-2026";

const SITI: EklaimLine = {
  sep: "0301R0011126V000001",
  mrn: "000123",
  admission: "2026-11-01",
  discharge: "2026-11-04",
  inacbg: "J-4-17-I",
  tarif: 1_200_000,
  tarifRs: 1_500_000,
};

Deno.test("'Selisih paket' per DPJP: the ward's package against E-Klaim's final and the approved amount, in rupiah", async () => {
  await using t = await setup({ now: () => NOW });
  const w = await seedIpd(t);
  // a second DPJP for Rahma's stay
  const ani = (await t.post("/api/doctor/update", {
    id: "",
    front_title: "dr.",
    first_name: "Ani",
    last_name: "",
    last_title: "",
    phone: "",
    gender: "P",
  })).body.data;
  assert.equal((await t.post(`/api/doctor/update/dpjp/${ani._id}`, { dpjp: "true" })).status, 200);
  // Siti: picked J-4-16-I kelas 2 (5.000.000) under dr. Budi
  const siti = await admitDischarge(
    t,
    w,
    w.pasien,
    { masuk: "2026-11-01", pulang: "2026-11-04" },
    w.j4,
    "1500000",
  );
  // Rahma: picked J-4-16-II kelas 2 (5.200.000) under dr. Ani
  const rahma = await admitDischarge(
    t,
    w,
    w.pasien2,
    { masuk: "2026-11-08", pulang: "2026-11-10" },
    w.j5,
    "2500000",
  );
  const rv = await t.json(`/api/ipd/${rahma}`);
  const moved = await t.post("/api/ipd/update", {
    id: rahma,
    _version: rv.body.data._version,
    pasienId: w.pasien2,
    visitDate: "2026-11-08T08:00",
    indicationranap: w.indication,
    diagnosis_awal: "Pneumonia",
    asal: "IGD",
    room_id: w.room,
    igd_id: w.igd,
    dpjp_id: ani._id,
    episode: "",
    criteria: "",
    readmisi_reason: "",
  });
  assert.equal(moved.status, 200, JSON.stringify(moved.body));
  // E-Klaim: Siti 6.100.000, Rahma 4.300.000
  const txt = eklaimTxt([
    { ...SITI, inacbg: "J-4-16-III", tarif: 6_100_000 },
    {
      ...SITI,
      sep: "0301R0011126V000002",
      mrn: "000456",
      admission: "2026-11-08",
      discharge: "2026-11-10",
      inacbg: "J-4-15-I",
      tarif: 4_300_000,
      tarifRs: 2_500_000,
    },
  ]);
  assert.equal((await t.upload("/api/klaim/import-eklaim", "e.txt", txt)).status, 200);
  // Siti's claim sent and approved at 5.900.000
  const steps: Record<string, string>[] = [{ status: "terkirim" }, {
    status: "layak",
    amount: "5900000",
  }];
  for (const f of steps) {
    const _version = (await t.json(`/api/klaim/${siti}`)).body.data._version;
    const r = await t.post(`/api/klaim/${siti}/status`, { ...f, _version });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  const dash = (await t.json("/api/klaim/dashboard?from=2026-11&to=2026-11")).body;
  // dr. Budi: 6.100.000 - 5.000.000 = 1.100.000; approved 5.900.000 - 6.100.000 = -200.000
  // dr. Ani: 4.300.000 - 5.200.000 = -900.000; nothing approved
  assert.deepEqual(dash.gapPerDpjp, [
    {
      dpjp: "dr. Budi",
      n: 1,
      tanpaPaket: 0,
      petugas: 5_000_000,
      eklaim: 6_100_000,
      selisih: 1_100_000,
      nDisetujui: 1,
      disetujui: 5_900_000,
      selisihDisetujui: -200_000,
    },
    {
      dpjp: "dr. Ani",
      n: 1,
      tanpaPaket: 0,
      petugas: 5_200_000,
      eklaim: 4_300_000,
      selisih: -900_000,
      nDisetujui: 0,
      disetujui: 0,
      selisihDisetujui: 0,
    },
  ]);
  const html = await (await t.req(`/?${period}`)).text();
  const cells = (who: string) =>
    [
      ...(html.match(new RegExp(`<tr data-dpjp="${who}">(.*?)</tr>`))?.[1] ?? "")
        .matchAll(/<td class="num">([^<]*)<\/td>/g),
    ].map((m) => m[1]);
  assert.deepEqual(cells("dr. Budi"), [
    "1",
    "Rp 5.000.000",
    "Rp 6.100.000",
    "Rp 1.100.000",
    "Rp 5.900.000",
    "-Rp 200.000",
  ]);
  assert.deepEqual(cells("dr. Ani"), [
    "1",
    "Rp 5.200.000",
    "Rp 4.300.000",
    "-Rp 900.000",
    "-",
    "-",
  ]);
});
