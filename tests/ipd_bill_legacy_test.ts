import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import { setup } from "./helpers.ts";
import { admit, exam, seedIpd } from "./ipd_fixtures.ts";
import { full, save, stay } from "./bill_fixtures.ts";
import { examsOf, visitsOf } from "../lib/ipd/stay.ts";
import { breakdownProblem } from "../lib/ipd/bill.ts";
import type { Visit } from "../lib/ipd/model.ts";

/** The bill of records written before it was kept, in the stays' index and in the export. */

Deno.test("ipd bill: stays and examinations written before it read as the whole tariff in the settings' category; index and export", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const s = await admit(t, w);
  await save(t, exam(w, s._id, { tarif_rs: "1500000" }));
  const other = await admit(t, { ...w, pasien: w.pasien2 });
  await save(
    t,
    exam(w, other._id, {
      tarif_rs: "1000000",
      tarif_rs_rincian: { kamar: 600_000, obat: 400_000 },
    }),
  );
  // the first stay and its examination as the code before the breakdown wrote them
  const stays = visitsOf(t.store), exams = examsOf(t.store);
  const row = (await stays.find(s._id))!;
  const { _id, tarif_rs_rincian: _, ...old } = row.value;
  await stays.update(_id, old as Visit, { expected: row.versionstamp });
  const e = (await exams.findMany(row.value.ipddetails))[0];
  const { _id: eid, tarif_rs_rincian: _e, ...oldExam } = e.value;
  await exams.update(eid, oldExam, { expected: e.versionstamp });
  assert.equal((await stays.find(s._id))!.value.tarif_rs_rincian, undefined);

  assert.deepEqual(
    (await stay(t, s._id)).tarif_rs_rincian,
    full({ prosedur_non_bedah: 1_500_000 }),
  );
  const set = await t.post("/api/setting/bill", { defaultCategory: "obat", _version: "" });
  assert.equal(set.status, 200, JSON.stringify(set.body));
  assert.deepEqual((await stay(t, s._id)).tarif_rs_rincian, full({ obat: 1_500_000 }));
  const details = (await t.json(`/api/ipd/${s._id}/details`)).body.data;
  assert.deepEqual(details[0].tarif_rs_rincian, full({ obat: 1_500_000 }));

  // the export: a column per category after Total RS, blank where it holds nothing
  const res = await t.req("/api/ipd/export-ipd-data");
  assert.equal(res.status, 200);
  const wb = XLSX.read(new Uint8Array(await res.arrayBuffer()));
  const sheet = wb.Sheets[wb.SheetNames[0]];
  const head = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 })[0];
  const at = head.indexOf("Total RS");
  assert.deepEqual(head.slice(at, at + 20), [
    "Total RS",
    "RS Prosedur Non Bedah",
    "RS Prosedur Bedah",
    "RS Konsultasi",
    "RS Tenaga Ahli",
    "RS Keperawatan",
    "RS Penunjang",
    "RS Radiologi",
    "RS Laboratorium",
    "RS Pelayanan Darah",
    "RS Rehabilitasi",
    "RS Kamar / Akomodasi",
    "RS Rawat Intensif",
    "RS Obat",
    "RS Obat Kronis",
    "RS Obat Kemoterapi",
    "RS Alkes",
    "RS BMHP",
    "RS Sewa Alat",
    "Analisa (%)",
  ]);
  const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet, { raw: true });
  const byErm = Object.fromEntries(rows.map((x) => [x["No. ERM"], x]));
  const bill = (x: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(x).filter(([k]) => k.startsWith("RS ")));
  assert.deepEqual(bill(byErm["000123"]), { "RS Obat": 1_500_000 });
  assert.deepEqual(bill(byErm["000456"]), { "RS Kamar / Akomodasi": 600_000, "RS Obat": 400_000 });

  // an examination added to the old stay: the old one counts in Obat, the new one too
  await save(t, exam(w, s._id, { examinationDate: "2026-11-02T09:00", tarif_rs: "200000" }));
  assert.deepEqual((await stay(t, s._id)).tarif_rs_rincian, full({ obat: 1_700_000 }));

  // discharged, the index keeps no breakdown that sums; one that does not is kept and found
  const v = await stay(t, other._id);
  const out = await t.post("/api/ipd/discharge-patient/update", {
    id: other._id,
    _version: v._version,
    tanggal_pulang: "2026-11-03T10:00",
    dischargepatient: w.pulang,
    summary_diagnosis: w.icd["J18.9"],
    summary_tindakan: "",
  });
  assert.equal(out.status, 200, JSON.stringify(out.body));
  const index = await stays.index();
  assert.equal(index.get(other._id)!.value.tarif_rs_rincian, undefined);
  assert.equal(breakdownProblem(index.get(other._id)!.value), null);
  const gone = (await stays.find(other._id))!;
  await stays.update(
    other._id,
    { ...gone.value, tarif_rs_rincian: { kamar: 600_000, obat: 300_000 } },
    { expected: gone.versionstamp },
  );
  const kept = (await stays.index()).get(other._id)!.value;
  assert.deepEqual(kept.tarif_rs_rincian, { kamar: 600_000, obat: 300_000 });
  assert.equal(
    breakdownProblem(kept),
    "Rincian tarif RS berjumlah Rp 900.000, Total RS Rp 1.000.000: selisih Rp 100.000 " +
      "(rincian kurang).",
  );
});
