import assert from "node:assert/strict";
import { CLAIM_RULES, claimCheck, type ClaimStay } from "../lib/claim/readiness.ts";
import { LosMedians } from "../lib/claim/rules/los.ts";
import { keywordHit, keywordHits } from "../lib/ipd/keywords.ts";
import { context, previous, readyStay } from "./claim_fixtures.ts";

/** The rule codes a stay trips, in table order. */
const tripped = (s: ClaimStay, ctx = context()) => claimCheck(s, ctx).findings.map((f) => f.rule);

Deno.test("readiness: the rules are one table of ten; a clean stay is ready with no finding", () => {
  assert.deepEqual(CLAIM_RULES.map((r) => [r.rule, r.level]), [
    ["DIAGNOSIS_UTAMA", "blok"],
    ["GROUPING", "blok"],
    ["DATA_PULANG", "blok"],
    ["DATA_KLAIM", "blok"],
    ["HASIL_PERSALINAN", "peringatan"],
    ["BUKTI_TINDAKAN", "peringatan"],
    ["LAMA_RAWAT", "peringatan"],
    ["READMISI_CMG", "peringatan"],
    ["KEYWORD_DISPUTE", "peringatan"],
    ["KELAS_TARIF", "peringatan"],
  ]);
  assert.deepEqual(claimCheck(readyStay(), context()), { ready: true, findings: [] });
});

Deno.test("readiness DIAGNOSIS_UTAMA: none, external cause, asterisk or Z37 first blocks; a dagger first passes", () => {
  for (
    const [dx, re] of [
      [[], /belum memiliki diagnosis utama/],
      [["V43.5", "S82.2"], /V43\.5 adalah kode sebab luar/],
      [["G01", "A39.0"], /G01 adalah kode asterisk/],
      [["Z37.0", "O80.0"], /Z37\.0 \(hasil persalinan\)/],
    ] as const
  ) {
    const r = claimCheck(readyStay({ summary10: [...dx] }), context());
    assert.equal(r.ready, false, dx.join());
    assert.equal(r.findings[0].rule, "DIAGNOSIS_UTAMA");
    assert.equal(r.findings[0].level, "blok");
    assert.match(r.findings[0].message, re);
    assert.equal(r.findings[0].link, "/ipd/S1#ringkasan-diagnosis");
  }
  // meningococcal meningitis A39.0† first, its manifestation G01* second
  const ok = readyStay({ summary10: ["A39.0", "G01"] });
  assert.deepEqual(tripped(ok), []);
  // Y98 is the last external cause; Z38 is no outcome of delivery
  assert.deepEqual(tripped(readyStay({ summary10: ["Y98"] })), [
    "DIAGNOSIS_UTAMA",
  ]);
  assert.deepEqual(tripped(readyStay({ summary10: ["Z38.0"] })), []);
});

Deno.test("readiness GROUPING: no package or an X (error) group blocks", () => {
  for (const inacbg of [null, "", "X-0-98-X"]) {
    const r = claimCheck(readyStay({ inacbg }), context());
    assert.equal(r.ready, false, String(inacbg));
    assert.deepEqual(r.findings.map((f) => [f.rule, f.level]), [["GROUPING", "blok"]]);
    assert.equal(r.findings[0].link, "/ipd/S1#pemeriksaan-grouping");
  }
  assert.match(
    claimCheck(readyStay({ inacbg: "X-0-98-X" }), context()).findings[0].message,
    /X-0-98-X adalah grup error/,
  );
  assert.deepEqual(tripped(readyStay({ inacbg: "K-1-14-II" })), []);
});

Deno.test("readiness DATA_PULANG: not discharged, or without DPJP, blocks", () => {
  const open = claimCheck(readyStay({ status: "dirawat", tanggal_pulang: null }), context());
  assert.equal(open.ready, false);
  assert.deepEqual(open.findings.map((f) => f.rule), ["DATA_PULANG"]);
  assert.match(open.findings[0].message, /belum dipulangkan/);
  const noDpjp = claimCheck(readyStay({ dpjp: null }), context());
  assert.deepEqual(noDpjp.findings.map((f) => [f.rule, f.level]), [["DATA_PULANG", "blok"]]);
  assert.match(noDpjp.findings[0].message, /DPJP kunjungan belum diisi/);
});

Deno.test("readiness HASIL_PERSALINAN: a delivery (O80–O84 or 72–74) without Z37 asks for review", () => {
  const normal = readyStay({
    summary10: ["O80.0"],
    codes10: ["O80.0"],
    summary9: [],
    codes9: [],
    inacbg: "O-6-10-I",
  });
  const r = claimCheck(normal, context());
  assert.equal(r.ready, true);
  assert.deepEqual(r.findings.map((f) => [f.rule, f.level]), [["HASIL_PERSALINAN", "peringatan"]]);
  assert.match(r.findings[0].message, /persalinan \(O80\.0\).*Z37/);
  // with its outcome: passes
  const z37 = { ...normal, summary10: ["O80.0", "Z37.0"] };
  assert.deepEqual(tripped(z37), []);
  // a caesarean section (74.1) coded under another diagnosis is a delivery too
  const cs = readyStay({
    summary10: ["O34.2"],
    codes10: ["O34.2"],
    summary9: ["74.1"],
    codes9: ["74.1"],
  });
  assert.deepEqual(tripped(cs), ["HASIL_PERSALINAN"]);
  // removing an ectopic pregnancy (74.3) ends no delivery
  const ectopic = { ...cs, summary9: ["74.3"], codes9: ["74.3"] };
  assert.deepEqual(tripped(ectopic), []);
});

Deno.test("readiness BUKTI_TINDAKAN: a summary procedure in no examination asks for review", () => {
  const s = readyStay({ summary9: ["93.96", "89.14"] });
  const r = claimCheck(s, context());
  assert.deepEqual(r.findings.map((f) => [f.rule, f.level]), [["BUKTI_TINDAKAN", "peringatan"]]);
  assert.match(r.findings[0].message, /^Tindakan 89\.14 pada ringkasan pulang tidak tercatat/);
  assert.deepEqual(tripped({ ...s, codes9: ["93.96", "89.14"] }), []);
});

Deno.test("readiness LAMA_RAWAT: over twice the hospital's median asks for review; no median, no finding", () => {
  // 3 days against a median of 1.5: over 3? no. Against 1: 3 > 2, yes
  assert.deepEqual(tripped(readyStay(), context({ medianLos: () => 1.5 })), []);
  const r = claimCheck(readyStay(), context({ medianLos: () => 1 }));
  assert.deepEqual(r.findings.map((f) => [f.rule, f.level]), [["LAMA_RAWAT", "peringatan"]]);
  assert.match(r.findings[0].message, /Lama rawat 3 hari.*J-4-16-I \(1 hari/);
  assert.deepEqual(tripped(readyStay(), context({ medianLos: () => null })), []);
});

Deno.test("readiness LAMA_RAWAT: the median counts the 12 months before the discharge's month, from 10 stays", () => {
  const stay = (code: string, inDay: string, outDay: string) => ({
    _id: `${code} ${inDay} ${outDay}`,
    status: "pulang",
    visitDate: `${inDay}T01:00:00.000Z`,
    tanggal_pulang: `${outDay}T03:00:00.000Z`,
    inacbg: code,
  });
  // ten stays of 2,2,3,3,3,4,4,5,5,6 days, discharged March 2025 to February 2026
  const lengths = [2, 2, 3, 3, 3, 4, 4, 5, 5, 6];
  const months = ["2025-03", "2025-04", "2025-05", "2025-06", "2025-07", "2025-08", "2025-09"]
    .concat(["2025-10", "2026-01", "2026-02"]);
  const stays = lengths.map((n, i) =>
    stay("A-1-01-I", `${months[i]}-01`, `${months[i]}-${String(1 + n).padStart(2, "0")}`)
  );
  const all = new LosMedians([
    ...stays,
    stay("A-1-01-I", "2026-03-01", "2026-03-20"), // the month asked about: not counted
    stay("A-1-01-I", "2025-02-01", "2025-02-28"), // 13 months before: not counted
    { ...stay("A-1-01-I", "2025-06-01", "2025-06-30"), status: "dirawat" },
    stay("B-1-01-I", "2025-06-01", "2025-06-03"),
  ]);
  const median = (code: string, discharge: string) => all.median(code, discharge);
  assert.equal(median("A-1-01-I", "2026-03-10T05:00:00.000Z"), 3.5);
  // kept up to date stay by stay: one of the ten moved to another code leaves nine, no median;
  // back, the median again; one made 10 days long moves it to 4
  const kept = new LosMedians(stays);
  assert.equal(kept.median("A-1-01-I", "2026-03-10T05:00:00.000Z"), 3.5);
  kept.set(stays[0]._id, { ...stays[0], inacbg: "B-1-01-I" });
  assert.equal(kept.median("A-1-01-I", "2026-03-10T05:00:00.000Z"), null);
  kept.set(stays[0]._id, stays[0]);
  assert.equal(kept.median("A-1-01-I", "2026-03-10T05:00:00.000Z"), 3.5);
  kept.set(stays[0]._id, { ...stays[0], tanggal_pulang: "2025-03-11T03:00:00.000Z" });
  assert.equal(kept.median("A-1-01-I", "2026-03-10T05:00:00.000Z"), 4);
  kept.set(stays[9]._id, null);
  assert.equal(kept.median("A-1-01-I", "2026-03-10T05:00:00.000Z"), null);
  // a stay of 8 days trips (8 > 7), one of 7 does not
  const ctx = context({ medianLos: median });
  const of = (days: number) =>
    readyStay({
      inacbg: "A-1-01-I",
      visitDate: "2026-03-02T01:00:00.000Z",
      tanggal_pulang: `2026-03-${String(2 + days).padStart(2, "0")}T03:00:00.000Z`,
    });
  assert.deepEqual(tripped(of(8), ctx), ["LAMA_RAWAT"]);
  assert.deepEqual(tripped(of(7), ctx), []);
  // February 2026 counts February 2025 (27 days) to January 2026: 2,2,3,3,3,4,4,5,5,27
  assert.equal(median("A-1-01-I", "2026-02-15T05:00:00.000Z"), 3.5);
  // January 2026 counts February to October 2025: nine stays, no median
  assert.equal(median("A-1-01-I", "2026-01-15T05:00:00.000Z"), null);
  assert.equal(median("B-1-01-I", "2026-03-10T05:00:00.000Z"), null);
});

Deno.test("readiness READMISI_CMG: back within 30 days into the same CMG asks for review", () => {
  // discharged 20-02-2026, admitted again 02-03-2026: 10 days
  const same = context({ previousStay: () => previous("2026-02-20T05:00:00.000Z", "J-1-10-II") });
  const r = claimCheck(readyStay(), same);
  assert.deepEqual(r.findings.map((f) => [f.rule, f.level]), [["READMISI_CMG", "peringatan"]]);
  assert.match(r.findings[0].message, /CMG yang sama \(J\).*20-02-2026 12:00 dengan J-1-10-II/);
  assert.equal(r.findings[0].link, "/ipd/S0");
  // another CMG, or 30 days or more before: no finding
  const other = context({ previousStay: () => previous("2026-02-20T05:00:00.000Z", "K-1-14-I") });
  assert.deepEqual(tripped(readyStay(), other), []);
  const old = context({ previousStay: () => previous("2026-01-31T05:00:00.000Z", "J-1-10-II") });
  assert.deepEqual(tripped(readyStay(), old), []);
});

Deno.test("readiness KEYWORD_DISPUTE: a code hitting a disputed-claim keyword asks for review", () => {
  const s = readyStay({ codes10: ["J18.9", "R56.8"] });
  const r = claimCheck(s, context());
  assert.deepEqual(r.findings.map((f) => [f.rule, f.level]), [["KEYWORD_DISPUTE", "peringatan"]]);
  assert.match(r.findings[0].message, /kejang \(R56\.8\): Lampirkan hasil EEG/);
  assert.deepEqual(tripped(readyStay({ codes10: ["J18.9", "R50.9"] })), []);
});

Deno.test("readiness KELAS_TARIF: a tariff class other than the room's asks for review", () => {
  const r = claimCheck(readyStay({ inacbgKelas: "first" }), context());
  assert.deepEqual(r.findings.map((f) => [f.rule, f.level]), [["KELAS_TARIF", "peringatan"]]);
  assert.match(r.findings[0].message, /Kelas 1 berbeda dengan kelas ruang Melati \(Kelas 2\)/);
  // unknown room class: nothing to compare
  assert.deepEqual(
    tripped(readyStay({ inacbgKelas: "first", room: { _id: "R9", name: "X" } })),
    [],
  );
});

Deno.test("readiness KELAS_TARIF: a recorded upgrade explains a package at the entitled class in a higher room", () => {
  // hak kelas 2, upgraded to class 1: room R1 of class 1, package at class 2 (what BPJS pays)
  const upgraded = context({ roomClass: (id) => id === "R1" ? "first" : "" });
  const up = { kelas_rawat: "2", upgrade_class_class: "kelas_1" };
  assert.deepEqual(tripped(readyStay(up), upgraded), []);
  // to VIP from class 2 in a room typed class 1: the same
  assert.deepEqual(tripped(readyStay({ ...up, upgrade_class_class: "vip" }), upgraded), []);
  // without the upgrade the same stay asks for review, saying the upgrade can be recorded
  const none = claimCheck(readyStay({ kelas_rawat: "2" }), upgraded).findings;
  assert.deepEqual(none.map((f) => f.rule), ["KELAS_TARIF"]);
  assert.match(none[0].message, /Kelas 2 berbeda dengan kelas ruang Melati \(Kelas 1\) tanpa naik/);
  assert.match(none[0].message, /catat naik kelas pada data klaim kunjungan/);
  // an upgrade does not explain a package at another class than the entitled one ...
  const off = claimCheck(readyStay({ ...up, kelas_rawat: "3", inacbgKelas: "second" }), upgraded);
  assert.deepEqual(off.findings.map((f) => f.rule), ["KELAS_TARIF"]);
  assert.match(off.findings[0].message, /harus hak kelas pasien \(Kelas 3\)/);
  // ... nor a room below the package's class (class 3 room, class 2 package)
  const low = context({ roomClass: (id) => id === "R1" ? "third" : "" });
  assert.deepEqual(tripped(readyStay(up), low), ["KELAS_TARIF"]);
  // nor an unknown entitled class (which E-Klaim requires: DATA_KLAIM)
  assert.deepEqual(tripped(readyStay({ ...up, kelas_rawat: "" }), upgraded), [
    "DATA_KLAIM",
    "KELAS_TARIF",
  ]);
});

Deno.test("readiness KEYWORD_DISPUTE: the keyword lookup finds what the examinations' monitor (keywordHit) finds", () => {
  const list = [
    { kode_icd: "J18", keyword: "pneumonia" },
    { kode_icd: "R56.8", keyword: "kejang" },
    { kode_icd: "88.78;88.76", keyword: "usg" },
    { kode_icd: "o80 / Z37.0", keyword: "persalinan" },
    { kode_icd: "A0", keyword: "pendek" },
  ];
  const cases: [string[], string[]][] = [
    [["J18.9"], ["pneumonia"]],
    [["J18"], ["pneumonia"]],
    [["J1"], []],
    [["R56.8", "88.76"], ["kejang", "usg"]],
    [["R56"], []],
    [["88.7"], []],
    [["O80.0"], ["persalinan"]],
    [["z37.0 "], ["persalinan"]],
    [["A0"], ["pendek"]],
    [["A09"], []],
    [[], []],
  ];
  for (const [codes, want] of cases) {
    const got = keywordHits(list, codes).map((k) => k.keyword);
    assert.deepEqual(got, want, codes.join());
    assert.deepEqual(got, list.filter((k) => keywordHit(k.kode_icd, codes)).map((k) => k.keyword));
  }
});
