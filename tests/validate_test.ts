import assert from "node:assert/strict";
import { seedWilayah, setup, versionOf } from "./helpers.ts";
import { money } from "../lib/resource/validate.ts";
import { MAX_RUPIAH } from "../lib/format.ts";
import { admission, seedIpd } from "./ipd_fixtures.ts";

const postJson = (t: Awaited<ReturnType<typeof setup>>, path: string, body: unknown) =>
  t.json(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

Deno.test("money: whole rupiah 0..100 miliar, no fractions, exponents or lost digits", () => {
  const m = money("Tarif RS", { required: true });
  for (const ok of ["1234567", "Rp 1.234.567", "1.234.567,00", "0", "100.000.000.000"]) {
    assert.ok(m.safeParse(ok).success, ok);
  }
  assert.equal(m.parse("Rp 1.234.567"), 1_234_567);
  assert.equal(m.parse(MAX_RUPIAH), MAX_RUPIAH);
  for (
    const bad of [
      "1,5",
      "1.5",
      "1e3",
      "1000000000000000000000",
      "9007199254740993",
      "100000000001",
      "Rp 1.234,56",
      1.5,
      1e21,
      9007199254740993,
      Number.NaN,
    ]
  ) {
    const r = m.safeParse(bad);
    assert.equal(r.success, false, String(bad));
    assert.match(r.error!.issues[0].message, /Tarif RS harus berupa rupiah bulat/, String(bad));
  }
  assert.match(m.safeParse("-5").error!.issues[0].message, /tidak boleh negatif/);
});

Deno.test("money through the API: '1,5' and 1e21 refused on an examination, nothing stored", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const stay = (await t.post("/api/ipd/update", admission(w))).body.data;
  for (const tarif_rs of ["1,5", "1000000000000000000000", "9007199254740993", "2e6"]) {
    const r = await postJson(t, "/api/ipd/visitexamination/update", {
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
    assert.equal(r.status, 400, tarif_rs);
    assert.match(r.body.message, /Tarif RS harus berupa rupiah bulat/);
  }
  assert.equal((await t.json(`/api/ipd/${stay._id}/details`)).body.data.length, 0);
});

Deno.test("dates: one format, real calendar days, 1900..next year, not more than a day ahead", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const nextYear = new Date().getUTCFullYear() + 1;
  const inTwoDays = new Date(Date.now() + 2.5 * 86_400_000).toISOString().slice(0, 16);
  const cases: [string, RegExp][] = [
    ["2026-02-30 10:00", /tanggal 30-02-2026 tidak ada di kalender/],
    ["2026-02-30T10:00Z", /tanggal 30-02-2026 tidak ada di kalender/],
    ["2025-02-29T10:00+07:00", /tanggal 29-02-2025 tidak ada di kalender/],
    ["0000-01-01 10:00", /tahun harus antara 1900 dan/],
    ["1899-12-31 10:00", /tahun harus antara 1900 dan/],
    [`${nextYear + 1}-01-01 10:00`, /tahun harus antara 1900 dan/],
    ["9999-01-01T10:00Z", /tahun harus antara 1900 dan/],
    ["01-11-2026 08:00", /harus berformat YYYY-MM-DD HH:mm/],
    ["2026-11-01", /harus berformat YYYY-MM-DD HH:mm/],
    ["2026-11-01 24:00", /jam 24:00 tidak valid/],
    [inTwoDays, /tidak boleh lebih dari 1 hari setelah hari ini/],
  ];
  for (const [visitDate, re] of cases) {
    const r = await t.post("/api/ipd/update", admission(w, { visitDate }));
    assert.equal(r.status, 400, `${visitDate}: ${JSON.stringify(r.body)}`);
    assert.match(r.body.message, re, visitDate);
    assert.match(r.body.message, /^Tanggal masuk/);
  }
  assert.equal((await t.json("/api/ipd")).body.recordsTotal, 0);
  // both spellings of the one format, and ISO 8601 with a zone, are accepted
  for (const visitDate of ["2026-11-01 08:00", "2026-11-01T08:00", "2026-11-01T01:00Z"]) {
    const r = await t.post("/api/ipd/update", admission(w, { visitDate }));
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.data.visitDate, "2026-11-01T01:00:00.000Z");
    assert.equal((await t.json(`/api/ipd/${r.body.data._id}`, { method: "DELETE" })).status, 200);
  }
});

Deno.test("text: control characters and bidi overrides refused naming the field", async () => {
  await using t = await setup();
  for (
    const [field, value, label] of [
      ["erm", "0012\u0000", "No. ERM"],
      ["erm", "00\u001b[31m12", "No. ERM"],
      ["first_name", "Siti\u202Eiti", "Nama depan"],
      ["first_name", "Siti\u2066x", "Nama depan"],
      ["first_name", "Siti\nRahayu", "Nama depan"],
    ]
  ) {
    const r = await t.post("/api/pasien/update", {
      id: "",
      erm: "000123",
      first_name: "Siti",
      tgl_lahir: "1980-01-01",
      [field]: value,
    });
    assert.equal(r.status, 400, `${JSON.stringify(value)}: ${JSON.stringify(r.body)}`);
    assert.match(
      r.body.message,
      new RegExp(`^${label} berisi karakter yang tidak diizinkan \\(U\\+`),
    );
  }
  assert.equal((await t.json("/api/pasien")).body.recordsTotal, 0);
  // a newline is fine in long text (an address)
  const ok = await t.post("/api/pasien/update", {
    id: "",
    erm: "000123",
    first_name: "Siti",
    tgl_lahir: "1980-01-01",
    address: "Jl. Mawar 1\nRT 01/RW 02",
  });
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
});

Deno.test("ids: 2 KB or impossible ids answer 404, never 500", async () => {
  await using t = await setup();
  await seedWilayah(t);
  const long = "A".repeat(2048);
  for (const id of [long, "x".repeat(101), "a%20b", "%00", "..%2F..%2Fetc"]) {
    assert.equal((await t.json(`/api/province/${id}`)).status, 404, id.slice(0, 20));
    const del = await t.json(`/api/province/delete/${id}`, { method: "DELETE" });
    assert.equal(del.status, 404, id.slice(0, 20));
    const upd = await t.post("/api/province/update", {
      id: decodeURIComponent(id),
      _version: "x",
      kode: "99",
      desc: "X",
    });
    assert.equal(upd.status, 404, id.slice(0, 20));
    assert.equal((await t.json(`/api/ipd/${id}`)).status, 404, id.slice(0, 20));
  }
});

Deno.test("CSV: an unterminated quote is refused naming its line, nothing imported", async () => {
  await using t = await setup();
  const csv = 'kode,nama\n11,Aceh\n12,"Sumatera Utara\n13,Sumatera Barat\n';
  const r = await t.upload("/api/province/import", "p.csv", csv);
  assert.equal(r.status, 400);
  assert.match(r.body.message, /^Baris 3: tanda kutip \("\) tidak ditutup/);
  assert.equal((await t.json("/api/province")).body.recordsTotal, 0);
  // escaped quotes inside a quoted field are fine
  const fine = await t.upload(
    "/api/province/import",
    "p.csv",
    'kode,nama\n11,"Aceh ""Serambi"""\n12,"Sumatera, Utara"\n',
  );
  assert.equal(fine.status, 200, JSON.stringify(fine.body));
  assert.equal(fine.body.created, 2);
});

Deno.test("edits without _version are refused (409), with a stale one too", async () => {
  await using t = await setup();
  await seedWilayah(t);
  const p = (await t.json("/api/province?length=1")).body.data[0];
  const none = await t.post("/api/province/update", { id: p._id, kode: p.kode, desc: "Baru" });
  assert.equal(none.status, 409);
  assert.match(none.body.message, /^Data sudah berubah, muat ulang/);
  const ok = await t.post("/api/province/update", {
    id: p._id,
    _version: await versionOf(t, "province", p._id),
    kode: p.kode,
    desc: "Baru",
  });
  assert.equal(ok.status, 200);
  const stale = await t.post("/api/province/update", {
    id: p._id,
    _version: p._version,
    kode: p.kode,
    desc: "Lagi",
  });
  assert.equal(stale.status, 409);
  assert.equal((await t.json(`/api/province/${p._id}`)).body.data.desc, "Baru");
});
