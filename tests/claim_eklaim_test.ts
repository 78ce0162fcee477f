import assert from "node:assert/strict";
import { setup } from "./helpers.ts";
import { seedIpd } from "./ipd_fixtures.ts";
import { admitDischarge, type EklaimLine, eklaimTxt } from "./claim_fixtures.ts";
import { parseEklaim } from "../lib/claim/eklaim.ts";
import { writeXlsx } from "../lib/resource/spreadsheet.ts";
import { onProgress } from "../lib/progress/progress.ts";

type T = Awaited<ReturnType<typeof setup>>;
const enc = (s: string) => new TextEncoder().encode(s);
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e as Error & { status: number };
  }
  throw new Error("not refused");
};

const A: EklaimLine = {
  sep: "0301R0011126V000001",
  mrn: "000123",
  admission: "2026-11-01",
  discharge: "2026-11-04",
  inacbg: "J-4-16-II",
  tarif: 5_200_000,
  tarifRs: 1_600_000,
  diag: ["J18.9", "R56.8"],
  proc: ["93.96"],
};

Deno.test("eklaim: columns are read by header name, in any order, extra columns ignored", () => {
  const rows: EklaimLine[] = [A, { ...A, sep: "0301R0011126V000009", ptd: 2 }];
  for (
    const opts of [{}, { reversed: true, inacbgHeader: "KODE_INACBG", crlf: true }, {
      drop: ["PTD"],
    }]
  ) {
    const f = parseEklaim(enc(eklaimTxt("drop" in opts ? [A] : rows, opts)));
    assert.equal(f.rows.length, 1, JSON.stringify(opts));
    assert.equal(f.outpatient, "drop" in opts ? 0 : 1);
    const c = f.rows[0].claim;
    assert.equal(f.rows[0].line, 2);
    assert.deepEqual(
      [c.sep, c.mrn, c.admission, c.discharge, c.inacbg, c.tarif, c.tarifRs, c.los],
      [
        "0301R0011126V000001",
        "000123",
        "2026-11-01",
        "2026-11-04",
        "J-4-16-II",
        5_200_000,
        1_600_000,
        4,
      ],
    );
    assert.deepEqual([c.diagnoses, c.procedures], [["J18.9", "R56.8"], ["93.96"]]);
  }
  // ISO dates too
  const iso = eklaimTxt([A]).replace("01/11/2026", "2026-11-01");
  assert.equal(parseEklaim(enc(iso)).rows[0].claim.admission, "2026-11-01");
});

Deno.test("eklaim: a file without the key columns, not tab-separated, or with a bad line is refused naming them", () => {
  let e = refusal(() => parseEklaim(enc(eklaimTxt([A], { drop: ["SEP", "TARIF_RS"] }))));
  assert.equal(e.status, 400);
  assert.match(e.message, /kolom wajib tidak ditemukan: SEP, TARIF_RS\./);
  e = refusal(() => parseEklaim(enc(eklaimTxt([A]).replaceAll("\t", ","))));
  assert.match(e.message, /kolom harus dipisah tab/);
  assert.match(e.message, /SEP, MRN, ADMISSION_DATE/);
  // line 2: a day that does not exist; line 3: a tariff as text
  const lines = eklaimTxt([A, { ...A, sep: "X2" }, { ...A, sep: "X3" }]).split("\n");
  lines[1] = lines[1].replace("04/11/2026", "31/02/2026");
  lines[2] = lines[2].replace("\t1600000\t", "\tRp 1,6 jt\t");
  const bad = lines.join("\n");
  e = refusal(() => parseEklaim(enc(bad)));
  assert.equal(e.status, 400);
  assert.match(e.message, /^Impor dibatalkan, tidak ada data yang disimpan\. 2 kesalahan:/);
  assert.match(e.message, /Baris 2: DISCHARGE_DATE "31\/02\/2026" bukan tanggal/);
  assert.match(e.message, /Baris 3: TARIF_RS "Rp 1,6 jt" bukan angka rupiah/);
});

/** Every claim key with its versionstamp: what an import wrote. */
async function claimKeys(t: T): Promise<string[]> {
  const out: string[] = [];
  for (const prefix of [["klaim"], ["klaim_by_sep"]]) {
    for await (const e of t.store.kv.list({ prefix })) {
      out.push(`${JSON.stringify(e.key)}@${e.versionstamp}`);
    }
  }
  return out;
}

Deno.test("eklaim import: inpatient and outpatient rows, a changed group, a stay not claimed and an unknown MRN reconcile", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const third = await t.post("/api/pasien/update", {
    id: "",
    erm: "000789",
    first_name: "Dewi",
    last_name: "",
    gender: "P",
    tgl_lahir: "1980-01-01",
  });
  // Siti: app J-4-16-I (Kelas II: 5,000,000), bill 1,500,000; E-Klaim grouped J-4-16-II
  const a = await admitDischarge(
    t,
    w,
    w.pasien,
    { masuk: "2026-11-01", pulang: "2026-11-04" },
    w.j4,
    "1500000",
  );
  // Rahma: discharged in the period, absent from the file (not claimed)
  const b = await admitDischarge(
    t,
    w,
    w.pasien2,
    { masuk: "2026-11-02", pulang: "2026-11-05" },
    w.j5,
    "900000",
  );
  // Dewi: same group and bill; E-Klaim's admission day differs, its discharge day is in the stay
  const c = await admitDischarge(
    t,
    w,
    third.body.data._id,
    { masuk: "2026-11-03", pulang: "2026-11-06" },
    w.j4,
    "2000000",
  );
  const C: EklaimLine = {
    sep: "0301R0011126V000003",
    mrn: "000789",
    admission: "2026-11-02",
    discharge: "2026-11-06",
    inacbg: "J-4-16-I",
    tarif: 5_000_000,
    tarifRs: 2_000_000,
  };
  const lines: EklaimLine[] = [
    A,
    { ...A, sep: "0301R0011126V000002", ptd: 2, admission: "2026-11-20", discharge: "2026-11-20" },
    C,
    { ...C, sep: "0301R0011126V000004", mrn: "999999", nama: "TIDAK ADA" },
  ];
  const txt = eklaimTxt(lines, { reversed: true, inacbgHeader: "KODE_INACBG" });
  const phases: string[] = [];
  const stop = onProgress((p) => p.label === "Impor E-Klaim" && phases.push(p.phase));
  const r = await t.upload("/api/klaim/import-eklaim", "eklaim-november.txt", txt);
  stop();
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const res = r.body;
  assert.deepEqual(
    [res.rows, res.outpatient, res.matched, res.created, res.updated, res.unchanged],
    [3, 1, 2, 2, 0, 0],
  );
  assert.deepEqual(res.period, { from: "2026-11-04", to: "2026-11-06" });
  assert.deepEqual([...new Set(phases)], ["Membaca berkas", "Mencocokkan baris", "Menyimpan"]);
  // the changed group: code and tariff, before and after; Dewi's equal group is not listed
  assert.equal(res.changedGroups.total, 1);
  const g = res.changedGroups.items[0];
  assert.deepEqual([g.ipdId, g.sep, g.erm, g.masuk, g.pulang], [
    a,
    A.sep,
    "000123",
    "2026-11-01",
    "2026-11-04",
  ]);
  assert.deepEqual(g.before, { code: "J-4-16-I", tariff: 5_000_000 });
  assert.deepEqual(g.after, { code: "J-4-16-II", tariff: 5_200_000 });
  // TARIF_RS against the app's hospital total: 1,600,000 - 1,500,000
  assert.deepEqual(
    res.tariffGaps.items.map((x: Record<string, unknown>) => [x.ipdId, x.eklaim, x.app, x.selisih]),
    [[a, 1_600_000, 1_500_000, 100_000]],
  );
  // Rahma, discharged on 05-11 inside the file's period, has no claim
  assert.deepEqual(res.unclaimed.items.map((x: { ipdId: string }) => x.ipdId), [b]);
  assert.equal(res.unclaimed.items[0].dpjp, "dr. Budi");
  // the unknown MRN: line 5 (header, A, outpatient, C, this)
  assert.equal(res.unmatched.total, 1);
  assert.deepEqual(
    [res.unmatched.items[0].line, res.unmatched.items[0].mrn, res.unmatched.items[0].reason],
    [5, "999999", "MRN tidak ditemukan di data pasien."],
  );
  // the claims as grouped, final
  const ca = await t.json(`/api/klaim/${a}`);
  assert.equal(ca.body.status, "final");
  assert.deepEqual(ca.body.next, ["terkirim"]);
  const d = ca.body.data;
  assert.deepEqual(
    [
      d.sep,
      d.eklaim.inacbg,
      d.eklaim.tarif,
      d.eklaim.tarifRs,
      d.eklaim.diagnoses,
      d.eklaim.procedures,
    ],
    [A.sep, "J-4-16-II", 5_200_000, 1_600_000, ["J18.9", "R56.8"], ["93.96"]],
  );
  assert.equal((await t.json(`/api/klaim/${c}`)).body.data.sep, C.sep);
  assert.deepEqual((await t.json(`/api/klaim/${b}`)).body, {
    status: "belum",
    next: [],
    reasons: ca.body.reasons,
    data: null,
  });

  // the same file again changes nothing, and is audited as such
  const before = await claimKeys(t);
  const again = await t.upload("/api/klaim/import-eklaim", "eklaim-november.txt", txt);
  assert.equal(again.status, 200, JSON.stringify(again.body));
  assert.deepEqual([again.body.created, again.body.updated, again.body.unchanged], [0, 0, 2]);
  assert.deepEqual(await claimKeys(t), before);
  const audits = await t.audit.list({ action: "import" }, 0, 10);
  const imports = audits.rows.filter((e) => e.entity === "klaim");
  assert.equal(imports.length, 2);
  assert.deepEqual(
    imports.map((e) => e.after as Record<string, number>)
      .map((n) => [n.created, n.updated, n.unchanged]).sort(),
    [[0, 0, 2], [2, 0, 0]],
  );

  // a later file updates the claims it names, and only those
  const cKey = before.find((k) => k.startsWith(`["klaim","${c}"]`));
  const later = eklaimTxt([{ ...A, inacbg: "J-4-16-III", tarif: 5_900_000 }]);
  const upd = await t.upload("/api/klaim/import-eklaim", "eklaim-revisi.txt", later);
  assert.equal(upd.status, 200, JSON.stringify(upd.body));
  assert.deepEqual([upd.body.created, upd.body.updated, upd.body.unchanged], [0, 1, 0]);
  const now = await t.json(`/api/klaim/${a}`);
  assert.deepEqual([now.body.data.eklaim.inacbg, now.body.data.eklaim.tarif], [
    "J-4-16-III",
    5_900_000,
  ]);
  assert.equal(now.body.data.file, "eklaim-revisi.txt");
  assert.ok((await claimKeys(t)).includes(cKey!), "the claim the file does not name is untouched");
});

Deno.test("eklaim import: a bad file is refused naming the columns or lines, and stores nothing", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  await admitDischarge(
    t,
    w,
    w.pasien,
    { masuk: "2026-11-01", pulang: "2026-11-04" },
    w.j4,
    "1500000",
  );
  const cases: [string | Uint8Array, RegExp][] = [
    // an Excel workbook instead of the TXT
    [
      writeXlsx([["SEP", "MRN"], [A.sep, A.mrn]]),
      /^Berkas bukan ekspor TXT E-Klaim \(berkas biner/,
    ],
    [
      eklaimTxt([A], { drop: ["MRN", "INACBG"] }),
      /kolom wajib tidak ditemukan: MRN, INACBG\/KODE_INACBG\./,
    ],
    [eklaimTxt([A, { ...A, sep: "0301R0011126V000005", mrn: "" }]), /Baris 3: MRN kosong\./],
    [
      eklaimTxt([A, { ...A, sep: "0301R0011126V000006" }]),
      /Baris 3: cocok dengan kunjungan yang sama dengan baris 2/,
    ],
    [eklaimTxt([A, A]), /Baris 3: SEP 0301R0011126V000001 sudah ada di baris 2\./],
    [
      eklaimTxt([{ ...A, ptd: 2 }]),
      /tidak berisi baris rawat inap \(PTD 1\); 1 baris rawat jalan dilewati/,
    ],
  ];
  for (const [txt, re] of cases) {
    const r = await t.upload("/api/klaim/import-eklaim", "eklaim.txt", txt);
    assert.equal(r.status, 400, JSON.stringify(r.body));
    assert.match(r.body.message, re);
    assert.deepEqual(await claimKeys(t), []);
  }
  const none = await t.json("/api/klaim/import-eklaim", { method: "POST", body: new FormData() });
  assert.equal(none.status, 400);
  assert.equal(none.body.message, "Harap pilih berkas TXT E-Klaim terlebih dahulu.");
});

Deno.test("eklaim import: a 10,000-row export (about 2 MB) is taken as an import, not refused as a large form", async () => {
  await using t = await setup();
  const lines = Array.from({ length: 10_000 }, (_, i) => ({
    ...A,
    sep: `0301R001B${String(i).padStart(10, "0")}`,
    mrn: `X${i}`,
  }));
  const txt = eklaimTxt(lines);
  assert.ok(txt.length > 1.5 * 2 ** 20, `${txt.length} bytes`);
  const r = await t.upload("/api/klaim/import-eklaim", "eklaim.txt", txt);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual([r.body.rows, r.body.matched, r.body.unmatched.total], [10_000, 0, 10_000]);
  assert.equal(r.body.unmatched.items.length, 1_000);
});
