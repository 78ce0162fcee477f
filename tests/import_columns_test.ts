/**
 * A re-import changes only the columns its file has (patients, doctors, users), says per column
 * how many values it changed and emptied, and still names the row of a new record that lacks a
 * required column.
 */
import assert from "node:assert/strict";
import { writeXlsx } from "../lib/resource/spreadsheet.ts";
import { seedWilayah, setup } from "./helpers.ts";
import { all, type Row, type T } from "./master_fixtures.ts";

/** The stored fields `keys` of every record of `res`, by its `by` field. */
const fieldsOf = async (t: T, res: string, by: string, keys: string[]) =>
  Object.fromEntries(
    (await all(t, res)).map((r: Row) => [
      String(r[by]),
      Object.fromEntries(keys.map((k) => [k, r[k]])),
    ]),
  );

const REGIONS = ["province", "regency", "district", "kode_kelurahan"];
const BAKONGAN = ["11", "11.01", "11.01.01"];
const PATIENT_FIELDS = ["fullname", "first_name", "last_name", "gender", "phone", "address"];

Deno.test("import: a patient file with only erm,first_name changes first names and keeps the rest", async () => {
  await using t = await setup();
  await seedWilayah(t);
  let r = await t.upload(
    "/api/pasien/import",
    "pasien.xlsx",
    writeXlsx([
      ["erm", "first_name", "last_name", "gender", "tgl_lahir", "phone", ...REGIONS, "address"],
      [
        "0001",
        "Siti",
        "Rahayu",
        "P",
        "1980-01-02",
        "0811",
        ...BAKONGAN,
        "11.01.01.2001",
        "Jl. Melati 1",
      ],
      [
        "0002",
        "Budi",
        "Santoso",
        "L",
        "1975-03-04",
        "0812",
        ...BAKONGAN,
        "11.01.01.2002",
        "Jl. Mawar 2",
      ],
      ["0003", "Ani", "Lestari", "P", "1990-05-06", "0813", "", "", "", "", ""],
    ]),
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.created, 3);
  const village = Object.fromEntries(
    (await all(t, "pasien")).map((p) => [p.erm, (p.village as { desc: string } | null)?.desc]),
  );
  assert.deepEqual(village, {
    "0001": "Keude Bakongan",
    "0002": "Ujong Mangki",
    "0003": undefined,
  });

  r = await t.upload(
    "/api/pasien/import",
    "pasien.xlsx",
    writeXlsx([["erm", "first_name"], ["0001", "Sitti"], ["0002", "Budi"], ["0003", "Anita"]]),
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual([r.body.created, r.body.updated, r.body.unchanged], [0, 2, 1]);
  assert.deepEqual(r.body.columns, [{ column: "first_name", changed: 2, emptied: 0 }]);
  assert.match(r.body.message, /\nKolom first_name: 2 diubah, 0 dikosongkan\.$/);
  assert.deepEqual(await fieldsOf(t, "pasien", "erm", PATIENT_FIELDS), {
    "0001": {
      fullname: "Sitti Rahayu",
      first_name: "Sitti",
      last_name: "Rahayu",
      gender: "P",
      phone: "0811",
      address: "Jl. Melati 1",
    },
    "0002": {
      fullname: "Budi Santoso",
      first_name: "Budi",
      last_name: "Santoso",
      gender: "L",
      phone: "0812",
      address: "Jl. Mawar 2",
    },
    "0003": {
      fullname: "Anita Lestari",
      first_name: "Anita",
      last_name: "Lestari",
      gender: "P",
      phone: "0813",
      address: "",
    },
  });
  const kept = Object.fromEntries(
    (await all(t, "pasien")).map((p) => [p.erm, (p.village as { desc: string } | null)?.desc]),
  );
  assert.deepEqual(kept, village);

  // a present column's empty cell empties the value, and is counted apart from the changes
  r = await t.upload(
    "/api/pasien/import",
    "pasien.xlsx",
    writeXlsx([["no_rm", "nama_belakang", "phone"], ["0001", "", "0811"], ["0002", "Susanto", ""], [
      "0003",
      "Lestari",
      "0813",
    ]]),
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(r.body.columns, [
    { column: "nama_belakang", changed: 1, emptied: 1 },
    { column: "phone", changed: 0, emptied: 1 },
  ]);
  assert.match(
    r.body.message,
    /\nKolom nama_belakang: 1 diubah, 1 dikosongkan\.\nKolom phone: 0 diubah, 1 dikosongkan\.$/,
  );
  const after = await fieldsOf(t, "pasien", "erm", ["fullname", "last_name", "phone", "gender"]);
  assert.deepEqual(after, {
    "0001": { fullname: "Sitti", last_name: "", phone: "0811", gender: "P" },
    "0002": { fullname: "Budi Susanto", last_name: "Susanto", phone: "", gender: "L" },
    "0003": { fullname: "Anita Lestari", last_name: "Lestari", phone: "0813", gender: "P" },
  });

  // a new patient in a file without a required column is named by its row; nothing is written
  r = await t.upload(
    "/api/pasien/import",
    "pasien.xlsx",
    writeXlsx([["erm", "phone"], ["0001", "0899"], ["0004", "0814"]]),
  );
  assert.equal(r.status, 400, JSON.stringify(r.body));
  assert.match(
    r.body.message,
    /^Impor dibatalkan, tidak ada data yang disimpan\. 1 kesalahan:\nBaris 3: Nama depan wajib diisi untuk Pasien baru \(berkas tidak punya kolom Nama Depan\/first_name\/nama_depan\)\.$/,
  );
  assert.deepEqual(
    await fieldsOf(t, "pasien", "erm", ["fullname", "last_name", "phone", "gender"]),
    after,
  );
  // the key column itself is still required of the file
  r = await t.upload("/api/pasien/import", "pasien.xlsx", writeXlsx([["first_name"], ["Siti"]]));
  assert.equal(r.status, 400);
  assert.match(r.body.message, /^Kolom wajib tidak ditemukan: No\. ERM\/erm\/no_rm/);
});

Deno.test("import: doctors and users re-imported without some columns keep those values", async () => {
  await using t = await setup();
  let r = await t.upload(
    "/api/doctor/import",
    "dokter.xlsx",
    writeXlsx([
      ["front_title", "first_name", "last_name", "last_title", "phone", "gender", "dpjp"],
      ["dr.", "Budi", "Santoso", "Sp.PD", "0811", "L", "ya"],
      ["dr.", "Ani", "Wijaya", "", "0812", "P", ""],
    ]),
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  r = await t.upload(
    "/api/doctor/import",
    "dokter.xlsx",
    writeXlsx([
      ["front_title", "first_name", "last_name", "last_title"],
      ["dr.", "Budi", "Santoso", "Sp.PD"],
      ["dr.", "Ani", "Wijaya", ""],
    ]),
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual([r.body.created, r.body.updated, r.body.unchanged], [0, 0, 2]);
  assert.deepEqual(r.body.columns, []);
  assert.deepEqual(await fieldsOf(t, "doctor", "fullname", ["phone", "gender", "dpjp"]), {
    "dr. Budi Santoso, Sp.PD": { phone: "0811", gender: "L", dpjp: true },
    "dr. Ani Wijaya": { phone: "0812", gender: "P", dpjp: false },
  });

  r = await t.upload(
    "/api/user/import",
    "u.csv",
    "username,nama,email,phone,gender,peran,password\n" +
      "budi,Budi,budi@rs.test,0811,L,viewer,sandi-budi-123\n" +
      "ani,Ani,ani@rs.test,0812,P,casemix,sandi-ani-1234\n",
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  r = await t.upload(
    "/api/user/import",
    "u.csv",
    "username,nama,email\nbudi,Budi Utomo,budi@rs.test\nani,Ani,ani@rs.test\n",
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual([r.body.created, r.body.updated, r.body.unchanged], [0, 1, 1]);
  assert.deepEqual(r.body.columns, [{ column: "nama", changed: 1, emptied: 0 }]);
  const users = await fieldsOf(t, "user", "username", ["fullname", "phone", "gender", "role"]);
  assert.deepEqual(users.budi, {
    fullname: "Budi Utomo",
    phone: "0811",
    gender: "L",
    role: "viewer",
  });
  assert.deepEqual(users.ani, { fullname: "Ani", phone: "0812", gender: "P", role: "casemix" });
});
