import assert from "node:assert/strict";
import { writeXlsx } from "../lib/resource/spreadsheet.ts";
import { money } from "../lib/resource/validate.ts";
import { setup } from "./helpers.ts";
import { admission, seedIpd } from "./ipd_fixtures.ts";

/** Money written the English way ('150,000') is refused, never read as 150 (issue 26 item 3). */

type T = Awaited<ReturnType<typeof setup>>;

const postJson = (t: T, path: string, body: unknown) =>
  t.json(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

const AMBIGUOUS = /Tarif RS "150,000" bisa dibaca 150 atau 150\.000: tulis 150\.000 atau 150000\./;

Deno.test("money: '150,000' and '1,500' are ambiguous and refused; '150,00' is 150", () => {
  const m = money("Tarif RS", { required: true });
  const r = m.safeParse("150,000");
  assert.equal(r.success, false, `read as ${r.data}`);
  assert.match(r.error!.issues[0].message, AMBIGUOUS);
  assert.equal(
    m.safeParse("1,500").error?.issues[0].message,
    'Tarif RS "1,500" bisa dibaca 1,5 atau 1.500: tulis 1.500 atau 1500.',
  );
  for (const bad of ["1,500,000", "Rp 150,000", "1,500.00", "1500,000"]) {
    const x = m.safeParse(bad);
    assert.equal(x.success, false, `${bad} read as ${x.data}`);
    assert.match(x.error!.issues[0].message, /tulis .* atau \d+\./, bad);
  }
  assert.equal(m.parse("150,00"), 150);
  assert.equal(m.parse("150,0"), 150);
  assert.equal(m.parse("150.000"), 150_000);
  assert.equal(m.parse("1.500,000"), 1_500);
  assert.equal(m.parse("Rp 150.000,00"), 150_000);
});

Deno.test("money through the API: an examination's Tarif RS '150,000' is refused, nothing stored", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const stay = (await t.post("/api/ipd/update", admission(w))).body.data;
  const exam = (tarif_rs: string) =>
    postJson(t, "/api/ipd/visitexamination/update", {
      id: "",
      ipdId: stay._id,
      examinationDate: "2026-11-01T10:00",
      subject: "S",
      object: "O",
      assesment: "A",
      plan: "P",
      grouping: w.j5,
      tarifinacbgSelect: "",
      tarif_rs,
      keyword: [],
      diagnosis: [w.icd["J18.9"]],
      tindakan: [],
    });
  let r = await exam("150,000");
  assert.equal(r.status, 400, JSON.stringify(r.body));
  assert.match(r.body.message, AMBIGUOUS);
  assert.equal((await t.json(`/api/ipd/${stay._id}/details`)).body.data.length, 0);
  assert.equal((await t.json(`/api/ipd/${stay._id}`)).body.data.tarifRsTotal, 0);
  r = await exam("150,00");
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.data.examination.tarif_rs, 150);
});

const TARIF = { id: "", regional: "1", kelas_rs: "AP", kode: "A-4-10-I", desc: "SEPTIKEMIA" };

Deno.test("money through a form and an import: the INA-CBG tariff '150,000' is refused naming field and row", async () => {
  await using t = await setup();
  // the master form sends the typed text and the browser's plain number
  for (
    const f of <Record<string, string>[]> [
      { tarif_RS_Kelas3: "150,000", tarif_RS_Kelas2: "200000", tarif_RS_Kelas1: "250000" },
      { tarif_Kelas3: "150,000", tarif_Kelas2: "200000", tarif_Kelas1: "250000" },
    ]
  ) {
    const r = await t.post("/api/inatarif/update", { ...TARIF, ...f });
    assert.equal(r.status, 400, JSON.stringify(r.body));
    assert.match(r.body.message, /Tarif Kelas 3 "150,000" bisa dibaca 150 atau 150\.000/);
  }
  const head = [
    "kode_inacbg",
    "deskripsi",
    "regional",
    "kelas_rs",
    "kepemilikan",
    "jenis_rawat",
    "tarif_kelas1",
    "tarif_kelas2",
    "tarif_kelas3",
  ];
  const r = await t.upload(
    "/api/inatarif/import",
    "tarif.xlsx",
    writeXlsx([
      head,
      ["A-4-10-I", "X", "1", "A", "SWASTA", "INAP", "4.924.100", "4.313.200", "3.702.300"],
      ["A-4-10-II", "X", "1", "A", "SWASTA", "INAP", "8.410.800", "1,500", "6.323.900,00"],
    ]),
  );
  assert.equal(r.status, 400, JSON.stringify(r.body));
  assert.deepEqual(r.body.errors, [
    'Baris 3: Tarif Kelas 2 "1,500" bisa dibaca 1,5 atau 1.500: tulis 1.500 atau 1500.',
  ]);
  assert.equal((await t.json("/api/inatarif?length=10")).body.recordsTotal, 0);
});
