import assert from "node:assert/strict";
import { readTable, writeXlsx } from "../lib/resource/spreadsheet.ts";
import { dtQuery, seedWilayah, setup } from "./helpers.ts";
import { xlsxWithDimension } from "./xlsx_dimension.ts";
import { fixture } from "./fixtures/mod.ts";

const count = async (t: Awaited<ReturnType<typeof setup>>, res: string) =>
  (await t.json(`/api/${res}?length=1`)).body.recordsTotal as number;

Deno.test("import: the official Kepmendagri 2025 region files give exact counts, codes as text", async () => {
  await using t = await setup();
  const expected: [string, string, number][] = [
    ["province", "provinces.csv", 38],
    ["regency", "regencies.csv", 514],
    ["district", "districts.csv", 7285],
    ["village", "villages.csv", 83762],
  ];
  for (const [res, file, n] of expected) {
    const csv = await Deno.readFile(fixture(`wilayah/${file}`));
    const r = await t.upload(`/api/${res}/import`, file, csv);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.created, n);
    assert.equal(await count(t, res), n);
  }
  const v = await t.json(
    `/api/village?${dtQuery(["kode", "desc", "districtId.desc"], { length: 1 })}`,
  );
  assert.equal(v.body.data[0].kode, "11.01.01.2001");
  assert.equal(v.body.data[0].desc, "Keude Bakongan");
  assert.equal(v.body.data[0].districtId.desc, "Bakongan");
  // re-import is an upsert: nothing new, nothing duplicated
  const again = await t.upload(
    "/api/district/import",
    "districts.csv",
    await Deno.readFile(fixture("wilayah/districts.csv")),
  );
  assert.equal(again.status, 200);
  assert.deepEqual([again.body.created, again.body.updated, again.body.unchanged], [0, 0, 7285]);
  assert.equal(await count(t, "district"), 7285);
});

Deno.test("import: headers case-insensitive in any order, aliases, upsert changes a name", async () => {
  await using t = await setup();
  await seedWilayah(t);
  const r = await t.upload("/api/province/import", "p.csv", "NAMA,Kode\nAceh Raya,11\nRiau,14\n");
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual([r.body.created, r.body.updated, r.body.unchanged], [1, 1, 0]);
  const list = await t.json(`/api/province?${dtQuery(["kode", "desc"])}`);
  assert.deepEqual(list.body.data.map((d: { desc: string }) => d.desc), [
    "Aceh Raya",
    "Sumatera Utara",
    "Riau",
  ]);
  // a semicolon CSV with a BOM, as Excel saves it on Indonesian Windows; leading zeros kept
  const semi = await t.upload(
    "/api/province/import",
    "p.csv",
    "\uFEFFkode;nama\n0012;Daerah Uji\n",
  );
  assert.equal(semi.status, 200, JSON.stringify(semi.body));
  const z = await t.json("/api/province/select2?q=daerah");
  const one = await t.json(`/api/province/${z.body.results[0].id}`);
  assert.equal(one.body.data.kode, "0012");
  // own field names work as headers too
  const own = await t.upload(
    "/api/regency/import",
    "r.csv",
    "desc,kode,province\nKota Pekanbaru,14.71,14\n",
  );
  assert.equal(own.status, 200, JSON.stringify(own.body));
});

Deno.test("import: bad files are refused with row-level Indonesian messages and nothing is written", async () => {
  await using t = await setup();
  await seedWilayah(t);
  const before = await count(t, "regency");
  const cases: [string, string, string | Uint8Array, RegExp][] = [
    [
      "regency",
      "r.csv",
      "kode,nama\n11.09,X\n",
      /Baris 2: Provinsi wajib diisi untuk .* baru \(berkas tidak punya kolom Provinsi\/province\/parent_kode[^)]*\)\.$/,
    ],
    ["regency", "r.xlsx", "kode,parent_kode,nama\n", /bukan \.xlsx yang sah/],
    ["regency", "r.txt", "kode,parent_kode,nama\n", /Berkas harus \.xlsx atau CSV/],
    ["regency", "r.csv", writeXlsx([["kode"], ["1"]]), /bukan CSV/],
    ["regency", "r.csv", "kode,parent_kode,nama\n", /tidak berisi baris data/],
    [
      "regency",
      "r.csv",
      "kode,parent_kode,nama\n11.09,11,Baik\n,11,Tanpa Kode\n11.10,99,Induk Salah\n11.11,11,\n11.09,11,Ganda\n",
      /Baris 3: Kode wajib diisi[\s\S]*Baris 4: Provinsi dengan kode "99" tidak ditemukan[\s\S]*Baris 5: Nama wajib diisi[\s\S]*Baris 6: Kode "11.09" sudah ada di baris 2/,
    ],
  ];
  for (const [res, name, content, re] of cases) {
    const r = await t.upload(`/api/${res}/import`, name, content);
    assert.equal(r.status, 400, `${name}: ${JSON.stringify(r.body)}`);
    assert.equal(r.body.success, false);
    assert.match(r.body.message, re);
  }
  assert.equal(await count(t, "regency"), before);
  const none = await t.json("/api/regency/import", { method: "POST", body: new FormData() });
  assert.equal(none.status, 400);
  assert.equal(none.body.message, "Harap pilih file .xlsx atau CSV terlebih dahulu.");
});

Deno.test("import: error list shows the first 20 rows then a count", async () => {
  await using t = await setup();
  const rows = Array.from({ length: 45 }, (_, i) => `,Prov ${i}`).join("\n");
  const r = await t.upload("/api/province/import", "p.csv", `kode,nama\n${rows}\n`);
  assert.equal(r.status, 400);
  assert.equal(r.body.errors.length, 20);
  assert.match(r.body.message, /Baris 21: Kode wajib diisi/);
  assert.doesNotMatch(r.body.message, /Baris 22:/);
  assert.match(r.body.message, /dan 25 kesalahan lainnya/);
  assert.equal(await count(t, "province"), 0);
});

Deno.test("import: oversized uploads, zip bombs and huge claimed ranges are refused fast", async () => {
  await using t = await setup();
  const big = new Uint8Array(21 * 1024 * 1024).fill(0x41);
  const r = await t.upload("/api/province/import", "p.csv", big);
  assert.equal(r.status, 413);
  assert.match(r.body.message, /terlalu besar \(maksimal 20 MB\)/);
  const form = await t.post("/api/province/update", { id: "", kode: "99", desc: "x".repeat(2e6) });
  assert.equal(form.status, 413);
  assert.equal(await count(t, "province"), 0);

  // a sheet whose dimension claims A1:XFD1048576 (SheetJS would walk the whole range)
  const huge = xlsxWithDimension("A1:XFD1048576");
  // (how long it takes is a bench figure: `deno task bench`)
  const table = readTable(huge, "xlsx", 1000);
  assert.deepEqual(table.rows, [["11", "Aceh"]]);

  // a zip whose directory says its entries unpack to 1 GB each
  const bomb = huge.slice();
  for (let i = 0; i < bomb.length - 4; i++) {
    if (bomb[i] === 0x50 && bomb[i + 1] === 0x4b && bomb[i + 2] === 0x01 && bomb[i + 3] === 0x02) {
      new DataView(bomb.buffer).setUint32(i + 24, 1_000_000_000, true);
    }
  }
  assert.throws(() => readTable(bomb, "xlsx", 1000), /terlalu besar setelah dibuka/);
  assert.throws(
    () => readTable(new Uint8Array([0x50, 0x4b, 3, 4, 1, 2]), "xlsx", 10),
    /tidak dapat dibaca/,
  );
});

Deno.test("import: more rows than the resource allows is refused", async () => {
  await using t = await setup();
  const rows = Array.from({ length: 200_001 }, (_, i) => `${i},P`).join("\n");
  const r = await t.upload("/api/province/import", "p.csv", `kode,nama\n${rows}\n`);
  assert.equal(r.status, 400);
  assert.match(r.body.message, /lebih dari 200\.000 baris/);
});

Deno.test("import template: its Indonesian headers import, as CSV too", async () => {
  await using t = await setup();
  await seedWilayah(t);
  const res = await t.req("/api/village/template");
  assert.equal(res.status, 200);
  const headers = readTable(new Uint8Array(await res.arrayBuffer()), "xlsx", 10).headers;
  assert.deepEqual(headers, ["Kode", "Nama", "Kecamatan"]);
  const r = await t.upload(
    "/api/village/import",
    "v.csv",
    `${headers.join(",")}\n11.01.01.9001,Desa Uji,11.01.01\n`,
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.created, 1);
});
