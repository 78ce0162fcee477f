import assert from "node:assert/strict";
import { setup, versionOf } from "./helpers.ts";
import { admission, seedIpd } from "./ipd_fixtures.ts";
import { admitDischarge, type EklaimLine, eklaimTxt } from "./claim_fixtures.ts";
import { collectionOf } from "../lib/resource/resource.ts";
import { registry } from "../resources/mod.ts";

/**
 * The E-Klaim TXT import completes what the app lacks on the stays it matches: the stay's
 * empty SEP, the patient's empty BPJS card number (`["pasien", id]`, `nomor_kartu`); another
 * value recorded is reported, never overwritten.
 */

type T = Awaited<ReturnType<typeof setup>>;

const SITI: EklaimLine = {
  sep: "0301R0011126V000001",
  mrn: "000123",
  admission: "2026-11-01",
  discharge: "2026-11-04",
  inacbg: "J-4-16-I",
  tarif: 5_000_000,
  tarifRs: 1_500_000,
  kartu: "0001234567890",
};
const RAHMA: EklaimLine = {
  ...SITI,
  sep: "0301R0011126V000002",
  mrn: "000456",
  admission: "2026-11-08",
  discharge: "2026-11-10",
  kartu: "0001111111111",
};

const patient = async (t: T, id: string) =>
  (await t.store.kv.get<Record<string, unknown>>(["pasien", id])).value!;
const stay = async (t: T, id: string) =>
  (await t.store.kv.get<Record<string, unknown>>(["ipd", id])).value!;

Deno.test("eklaim import: fills an empty SEP and card number, reports a different one, and never overwrites", async () => {
  await using t = await setup();
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
    w.j4,
    "2500000",
  );
  // Rahma's stay has its SEP, her record a card number: both other than the file's
  const e = await t.post("/api/ipd/update", {
    ...admission(w, { pasienId: w.pasien2, visitDate: "2026-11-08T08:00" }),
    id: rahma,
    _version: await versionOf(t, "ipd", rahma),
    nomor_sep: "0301R0011126V000777",
  });
  assert.equal(e.status, 200, JSON.stringify(e.body));
  const people = collectionOf(t.store, registry.get("pasien")!);
  const p2 = (await people.find(w.pasien2))!;
  await people.update(w.pasien2, { ...p2.value, nomor_kartu: "0009999999999" }, {
    expected: p2.versionstamp,
  });
  const rahmaBefore = await versionOf(t, "ipd", rahma);

  // a file refused for a bad line completes nothing either
  const bad = await t.upload(
    "/api/klaim/import-eklaim",
    "bad.txt",
    eklaimTxt([SITI, { ...RAHMA, mrn: "" }]),
  );
  assert.equal(bad.status, 400);
  assert.equal((await stay(t, siti)).nomor_sep ?? "", "");
  assert.equal((await patient(t, w.pasien)).nomor_kartu ?? "", "");

  const txt = eklaimTxt([SITI, RAHMA]);
  const r = await t.upload("/api/klaim/import-eklaim", "eklaim.txt", txt);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(r.body.filled, { sep: 1, kartu: 1 });
  assert.match(
    r.body.message,
    /No\. SEP terisi pada 1 kunjungan, No\. kartu pada 1 pasien, 2 berbeda/,
  );
  assert.equal(r.body.conflicts.total, 2);
  assert.deepEqual(
    r.body.conflicts.items.map((
      c: Record<string, unknown>,
    ) => [c.line, c.sep, c.ipdId, c.field, c.eklaim, c.app]),
    [
      [3, RAHMA.sep, rahma, "nomor_sep", RAHMA.sep, "0301R0011126V000777"],
      [3, RAHMA.sep, rahma, "nomor_kartu", "0001111111111", "0009999999999"],
    ],
  );
  assert.equal((await stay(t, siti)).nomor_sep, SITI.sep);
  assert.equal((await t.store.kv.get(["ipd_by_nomor_sep", SITI.sep])).value, siti);
  assert.equal((await patient(t, w.pasien)).nomor_kartu, "0001234567890");
  // Rahma's values stay as recorded; her stay is rewritten only for E-Klaim's package
  const r2 = await stay(t, rahma);
  assert.equal(r2.nomor_sep, "0301R0011126V000777");
  assert.notEqual(await versionOf(t, "ipd", rahma), rahmaBefore);
  assert.deepEqual([r2.inacbg, r2.paket_sumber], [RAHMA.inacbg, "E-Klaim"]);
  assert.equal((await patient(t, w.pasien2)).nomor_kartu, "0009999999999");
  // the stay's page shows the SEP the import filled
  assert.equal((await t.json(`/api/ipd/${siti}`)).body.data.nomor_sep, SITI.sep);

  // the same file again fills nothing more and writes no stay or patient
  const vs = [await versionOf(t, "ipd", siti), await versionOf(t, "pasien", w.pasien)];
  const again = await t.upload("/api/klaim/import-eklaim", "eklaim.txt", txt);
  assert.equal(again.status, 200, JSON.stringify(again.body));
  assert.deepEqual(again.body.filled, { sep: 0, kartu: 0 });
  assert.equal(again.body.conflicts.total, 2);
  assert.deepEqual([await versionOf(t, "ipd", siti), await versionOf(t, "pasien", w.pasien)], vs);
});

Deno.test("eklaim import: a SEP another stay holds, or one a stay cannot take, is reported and not filled", async () => {
  await using t = await setup();
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
    w.j4,
    "2500000",
  );
  // Siti's stay already holds the SEP E-Klaim gives Rahma's
  const e = await t.post("/api/ipd/update", {
    ...admission(w),
    id: siti,
    _version: await versionOf(t, "ipd", siti),
    visitDate: "2026-11-01T08:00",
    nomor_sep: "0301R0011126V000009",
  });
  assert.equal(e.status, 200, JSON.stringify(e.body));
  const r = await t.upload(
    "/api/klaim/import-eklaim",
    "eklaim.txt",
    eklaimTxt([
      { ...SITI, sep: "0301R0011126V000009", kartu: "12345" },
      { ...RAHMA, sep: "0301-R001-1126" },
    ]),
  );
  // Siti's SEP is the file's; her card number and Rahma's SEP are not ones the app takes
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(r.body.filled, { sep: 0, kartu: 1 });
  assert.deepEqual(
    r.body.conflicts.items.map((
      c: Record<string, unknown>,
    ) => [c.line, c.field, c.eklaim, c.reason]),
    [
      [2, "nomor_kartu", "12345", "NOKARTU E-Klaim bukan 13 angka."],
      [3, "nomor_sep", "0301-R001-1126", "SEP E-Klaim bukan huruf dan angka 1 sampai 30 karakter."],
    ],
  );
  assert.equal((await stay(t, rahma)).nomor_sep ?? "", "");
  assert.equal((await patient(t, w.pasien2)).nomor_kartu, RAHMA.kartu);
  assert.equal((await patient(t, w.pasien)).nomor_kartu ?? "", "");

  // a stay whose file SEP another stay holds, and one E-Klaim spells with a dash
  await using u = await setup();
  const v = await seedIpd(u);
  const a = await admitDischarge(
    u,
    v,
    v.pasien,
    { masuk: "2026-11-01", pulang: "2026-11-04" },
    v.j4,
    "1500000",
  );
  const b = await admitDischarge(
    u,
    v,
    v.pasien2,
    { masuk: "2026-11-08", pulang: "2026-11-10" },
    v.j4,
    "2500000",
  );
  const held = await u.post("/api/ipd/update", {
    ...admission(v),
    id: a,
    _version: await versionOf(u, "ipd", a),
    visitDate: "2026-11-01T08:00",
    nomor_sep: RAHMA.sep,
  });
  assert.equal(held.status, 200, JSON.stringify(held.body));
  const s = await u.upload(
    "/api/klaim/import-eklaim",
    "eklaim.txt",
    eklaimTxt([SITI, RAHMA]),
  );
  // Siti's stay holds Rahma's SEP: her own row's SEP differs, and Rahma's is taken
  assert.equal(s.status, 200, JSON.stringify(s.body));
  assert.deepEqual(
    s.body.conflicts.items.map((c: Record<string, unknown>) => [c.line, c.field, c.app, c.reason]),
    [
      [2, "nomor_sep", RAHMA.sep, "No. SEP kunjungan berbeda dengan SEP E-Klaim."],
      [
        3,
        "nomor_sep",
        "",
        "SEP ini tercatat pada kunjungan lain: Siti (No. ERM 000123), masuk 01-11-2026 08:00.",
      ],
    ],
  );
  assert.equal((await stay(u, b)).nomor_sep ?? "", "");
  assert.equal(s.body.filled.sep, 0);
});
