import assert from "node:assert/strict";
import { setup } from "./helpers.ts";
import { admit, exam, postJson, seedIpd } from "./ipd_fixtures.ts";
import { full, save, stay } from "./bill_fixtures.ts";

/**
 * The stay's hospital tariff by E-Klaim's 18 categories (`tarif_rs_rincian`) through the API:
 * it sums after every kind of change; one that does not sum is refused.
 */

Deno.test("ipd bill: the stay's breakdown sums to its total after add, edit, delete, discharge and cancel", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const s = await admit(t, w);
  assert.deepEqual((await stay(t, s._id)).tarif_rs_rincian, full({}));

  // one number, no breakdown: all of it in the shipped default, Prosedur Non Bedah
  const e1 = await save(t, exam(w, s._id, { tarif_rs: "1500000" }));
  assert.deepEqual(e1.tarif_rs_rincian, full({ prosedur_non_bedah: 1_500_000 }));
  assert.deepEqual(
    (await stay(t, s._id)).tarif_rs_rincian,
    full({ prosedur_non_bedah: 1_500_000 }),
  );

  // the settings name Kamar; a split (a JSON object) sums to its 2,000,000
  const set = await t.post("/api/setting/bill", { defaultCategory: "kamar", _version: "" });
  assert.equal(set.status, 200, JSON.stringify(set.body));
  // audited: the default it had (never saved) before, the category chosen after
  const audited = (await t.audit.list({ entity: "setting" }, 0, 20)).rows
    .filter((e) => e.entityId === "bill");
  assert.deepEqual(
    audited.map((e) => [e.action, e.before, e.after]),
    [["update", { defaultCategory: "prosedur_non_bedah" }, { defaultCategory: "kamar" }]],
  );
  const e2 = await save(
    t,
    exam(w, s._id, {
      examinationDate: "2026-11-02T09:00",
      tarif_rs: "2000000",
      tarif_rs_rincian: { kamar: 1_200_000, laboratorium: "300.000", obat: "Rp 500.000" },
    }),
  );
  assert.deepEqual(
    (await stay(t, s._id)).tarif_rs_rincian,
    full({
      prosedur_non_bedah: 1_500_000,
      laboratorium: 300_000,
      kamar: 1_200_000,
      obat: 500_000,
    }),
  );

  // a form-encoded one without a breakdown: into Kamar now
  const f = await t.post("/api/ipd/visitexamination/update", {
    ...exam(w, s._id, { examinationDate: "2026-11-03T09:00", tarif_rs: "Rp 1.000.000" }),
    keyword: "",
    diagnosis: w.icd["J18.9"],
    tindakan: "",
  } as Record<string, string>);
  assert.equal(f.status, 200, JSON.stringify(f.body));
  const e3 = f.body.data.examination;
  let v = await stay(t, s._id);
  assert.equal(v.tarifRsTotal, 4_500_000);
  assert.deepEqual(
    v.tarif_rs_rincian,
    full({
      prosedur_non_bedah: 1_500_000,
      laboratorium: 300_000,
      kamar: 2_200_000,
      obat: 500_000,
    }),
  );

  // edit: day 2 becomes 2,500,000 = Obat 1,000,000 + Kamar 1,500,000 (form fields)
  const edit = await t.post("/api/ipd/visitexamination/update", {
    ...exam(w, s._id, {
      id: e2._id,
      _version: e2._version,
      examinationDate: "2026-11-02T09:00",
      tarif_rs: "2500000",
    }),
    keyword: "",
    diagnosis: w.icd["J18.9"],
    tindakan: "",
    "tarif_rs_rincian[obat]": "1.000.000",
    "tarif_rs_rincian[kamar]": "1500000",
    "tarif_rs_rincian[laboratorium]": "0",
  } as Record<string, string>);
  assert.equal(edit.status, 200, JSON.stringify(edit.body));
  v = await stay(t, s._id);
  assert.equal(v.tarifRsTotal, 5_000_000);
  assert.deepEqual(
    v.tarif_rs_rincian,
    full({
      prosedur_non_bedah: 1_500_000,
      kamar: 2_500_000,
      obat: 1_000_000,
    }),
  );

  // delete day 1: its Prosedur Non Bedah goes with it
  const del = await t.json(`/api/ipd/${s._id}/details/${e1._id}`, { method: "DELETE" });
  assert.equal(del.status, 200, JSON.stringify(del.body));
  assert.deepEqual(del.body.data.tarif_rs_rincian, full({ kamar: 2_500_000, obat: 1_000_000 }));
  v = await stay(t, s._id);
  assert.equal(v.tarifRsTotal, 3_500_000);

  // discharge: a breakdown 100,000 short of the total is refused, naming the difference
  const discharge = (bill: Record<string, number>) =>
    postJson(t, "/api/ipd/discharge-patient/update", {
      id: s._id,
      _version: v._version,
      tanggal_pulang: "2026-11-04T10:00",
      dischargepatient: w.pulang,
      summary_diagnosis: [w.icd["J18.9"]],
      summary_tindakan: [],
      tarif_rs_rincian: bill,
    });
  let r = await discharge({ kamar: 2_000_000, obat: 1_000_000, alkes: 400_000 });
  assert.equal(r.status, 400);
  assert.equal(
    r.body.message,
    "Rincian tarif RS berjumlah Rp 3.400.000, Total RS Rp 3.500.000: selisih Rp 100.000 " +
      "(rincian kurang).",
  );
  assert.equal(r.body.field, "tarif_rs_rincian");
  const still = await stay(t, s._id);
  assert.equal(still.status, "dirawat");
  assert.equal(still._version, v._version);
  // the clerk moves 500,000 from Kamar to Alkes
  r = await discharge({ kamar: 2_000_000, obat: 1_000_000, alkes: 500_000 });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const moved = full({ kamar: 2_000_000, obat: 1_000_000, alkes: 500_000 });
  assert.deepEqual(r.body.data.tarif_rs_rincian, moved);
  assert.deepEqual((await stay(t, s._id)).tarif_rs_rincian, moved);

  // cancel: nothing about the bill changes
  r = await t.json(`/api/ipd/${s._id}/cancel-discharge`, { method: "POST" });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  v = await stay(t, s._id);
  assert.equal(v.status, "dirawat");
  assert.deepEqual(v.tarif_rs_rincian, moved);

  // an examination added after it: 400,000 into Kamar, the move kept (Kamar 2,500,000 + 400,000
  // - 500,000 moved)
  const e4 = await save(
    t,
    exam(w, s._id, { examinationDate: "2026-11-04T08:00", tarif_rs: "400000" }),
  );
  v = await stay(t, s._id);
  assert.equal(v.tarifRsTotal, 3_900_000);
  assert.deepEqual(
    v.tarif_rs_rincian,
    full({ kamar: 2_400_000, obat: 1_000_000, alkes: 500_000 }),
  );
  assert.deepEqual(e4.tarif_rs_rincian, full({ kamar: 400_000 }));
  // deleting day 3 (Kamar 1,000,000) still leaves room for the move: Kamar 1,400,000
  r = await t.json(`/api/ipd/${s._id}/details/${e3._id}`, { method: "DELETE" });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  v = await stay(t, s._id);
  assert.equal(v.tarifRsTotal, 2_900_000);
  assert.deepEqual(
    v.tarif_rs_rincian,
    full({ kamar: 1_400_000, obat: 1_000_000, alkes: 500_000 }),
  );
  // day 2 becomes Obat 1,000,000 only: Kamar would hold 400,000 - 500,000, so the move is
  // dropped and the breakdown is the examinations' own
  const d2 = (await t.json(`/api/ipd/${s._id}/details`)).body.data
    .find((e: { _id: string }) => e._id === e2._id);
  await save(
    t,
    exam(w, s._id, {
      id: e2._id,
      _version: d2._version,
      examinationDate: "2026-11-02T09:00",
      tarif_rs: "1000000",
      tarif_rs_rincian: { obat: 1_000_000 },
    }),
  );
  v = await stay(t, s._id);
  assert.equal(v.tarifRsTotal, 1_400_000);
  assert.deepEqual(v.tarif_rs_rincian, full({ kamar: 400_000, obat: 1_000_000 }));
  // the examinations' table answers each one's breakdown whole
  const rows = (await t.json(`/api/ipd/${s._id}/details`)).body.data;
  assert.deepEqual(
    rows.map((e: { tarif_rs_rincian: Record<string, number> }) => e.tarif_rs_rincian),
    [
      full({ obat: 1_000_000 }),
      full({ kamar: 400_000 }),
    ],
  );
});

Deno.test("ipd bill: a breakdown that does not sum, or a bad amount or category, is refused and changes nothing", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const s = await admit(t, w);
  const before = await stay(t, s._id);
  const refused = async (bill: unknown, message: string, field = "tarif_rs_rincian") => {
    const r = await postJson(
      t,
      "/api/ipd/visitexamination/update",
      exam(w, s._id, { tarif_rs: "1500000", tarif_rs_rincian: bill }),
    );
    assert.equal(r.status, 400, JSON.stringify(r.body));
    assert.equal(r.body.message, message);
    assert.equal(r.body.field, field);
  };
  await refused(
    { kamar: 1_000_000, obat: 400_000 },
    "Rincian tarif RS berjumlah Rp 1.400.000, Tarif RS Rp 1.500.000: selisih Rp 100.000 " +
      "(rincian kurang).",
  );
  await refused(
    { kamar: 1_000_000, obat: 600_001 },
    "Rincian tarif RS berjumlah Rp 1.600.001, Tarif RS Rp 1.500.000: selisih Rp 100.001 " +
      "(rincian lebih).",
  );
  await refused(
    { kamar: 1_500_000, makan: 0 },
    'Kategori rincian tarif RS tidak dikenal: "makan" (kategori E-Klaim: ' +
      "prosedur_non_bedah, prosedur_bedah, konsultasi, tenaga_ahli, keperawatan, penunjang, " +
      "radiologi, laboratorium, pelayanan_darah, rehabilitasi, kamar, rawat_intensif, obat, " +
      "obat_kronis, obat_kemoterapi, alkes, bmhp, sewa_alat).",
  );
  await refused(
    { kamar: 1_350_000, obat: "150,000" },
    'Rincian Obat "150,000" bisa dibaca 150 atau 150.000: tulis 150.000 atau 150000.',
    "tarif_rs_rincian[obat]",
  );
  await refused(
    { kamar: 1_700_000, obat: -200_000 },
    "Rincian Obat tidak boleh negatif.",
    "tarif_rs_rincian[obat]",
  );
  await refused(
    { sewa_alat: "100.000.000.001" },
    "Rincian Sewa Alat harus berupa rupiah bulat 0 sampai 100.000.000.000 (tanpa pecahan).",
    "tarif_rs_rincian[sewa_alat]",
  );
  await refused(
    "kamar=1500000",
    "Rincian tarif RS dikirim per kategori: tarif_rs_rincian[kamar]=500000 (JSON: objek " +
      "tarif_rs_rincian dengan kunci kategori E-Klaim).",
  );
  const after = await stay(t, s._id);
  assert.equal(after._version, before._version);
  assert.equal((await t.json(`/api/ipd/${s._id}/details`)).body.data.length, 0);

  // the setting takes one of the 18 keys only
  const bad = await t.post("/api/setting/bill", { defaultCategory: "makan", _version: "" });
  assert.equal(bad.status, 400);
  assert.match(bad.body.message, /^Kategori bawaan Tarif RS harus salah satu dari: prosedur_non/);
  assert.equal((await t.json("/api/setting/bill")).body.data.defaultCategory, "prosedur_non_bedah");
});
