/**
 * What E-Klaim needs of a patient (issue 43): the birth date `tgl_lahir`, the BPJS card
 * `nomor_kartu` and the `nik`, through the form's API, the .xlsx import and export, and the
 * copy every stay keeps.
 */
import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import { writeXlsx } from "../lib/resource/spreadsheet.ts";
import { collectionOf } from "../lib/resource/resource.ts";
import { registry } from "../resources/mod.ts";
import { admit, seedIpd } from "./ipd_fixtures.ts";
import { setup, versionOf } from "./helpers.ts";

type T = Awaited<ReturnType<typeof setup>>;

/** Today in Jakarta (the test hospital's zone), by Intl: `YYYY-MM-DD`. */
const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Jakarta" }).format(new Date());
/** `YYYY-MM-DD` `n` days after today. */
const dayFrom = (n: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const dmy = (day: string) => day.split("-").reverse().join("-");

const siti = {
  id: "",
  erm: "000123",
  first_name: "Siti",
  last_name: "Aminah",
  gender: "P",
  tgl_lahir: "15-08-1985",
  nomor_kartu: "0001234567890",
  nik: "3201234567890123",
};

const patients = async (t: T) => (await t.json("/api/pasien?length=100")).body.data;

Deno.test("patient: birth date, BPJS card and NIK saved as typed, read back; each bad value a 400 at its field, nothing stored", async () => {
  await using t = await setup();
  const bad: [Record<string, string>, string, RegExp][] = [
    [{ tgl_lahir: "" }, "tgl_lahir", /^Tanggal lahir wajib diisi untuk pasien baru\.$/],
    [{ tgl_lahir: "31-02-1990" }, "tgl_lahir", /tanggal "31-02-1990" tidak ada di kalender/],
    [{ tgl_lahir: dmy(dayFrom(1)) }, "tgl_lahir", /tidak boleh setelah hari ini/],
    [
      { tgl_lahir: `${Number(today.slice(0, 4)) - 131}${today.slice(4)}` },
      "tgl_lahir",
      /130 tahun/,
    ],
    [{ tgl_lahir: "15 Agustus 1985" }, "tgl_lahir", /tidak dapat dibaca: tulis DD-MM-YYYY/],
    [{ nomor_kartu: "1234567890" }, "nomor_kartu", /No\. kartu BPJS harus 13 angka, terisi 10/],
    [{ nomor_kartu: "000123456789A" }, "nomor_kartu", /No\. kartu BPJS hanya boleh berisi angka/],
    [{ nik: "320123456789012" }, "nik", /^NIK harus 16 angka, terisi 15/],
  ];
  for (const [change, field, message] of bad) {
    const r = await t.post("/api/pasien/update", { ...siti, ...change });
    assert.equal(r.status, 400, JSON.stringify(change));
    assert.equal(r.body.field, field, JSON.stringify(r.body));
    assert.match(r.body.message, message);
  }
  assert.deepEqual(await patients(t), []);

  // today is not the future; separators typed in a card number are dropped
  const r = await t.post("/api/pasien/update", { ...siti, nomor_kartu: "0001 2345-67890" });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const one = await t.json(`/api/pasien/${r.body.data._id}`);
  assert.equal(one.body.data.tgl_lahir, "1985-08-15");
  assert.equal(one.body.data.nomor_kartu, "0001234567890");
  assert.equal(one.body.data.nik, "3201234567890123");
  const born = await t.post("/api/pasien/update", {
    ...siti,
    erm: "000124",
    tgl_lahir: today,
    nomor_kartu: "",
    nik: "",
  });
  assert.equal(born.status, 200, JSON.stringify(born.body));
  assert.equal(born.body.data.tgl_lahir, today);
  // optional fields left empty on a new patient are not stored at all
  assert.deepEqual([born.body.data.nomor_kartu, born.body.data.nik], [undefined, undefined]);
  // the table's columns: Tgl. lahir and the card
  const list = await t.json("/api/pasien?length=10&search[value]=000123");
  assert.equal(list.body.data[0].tgl_lahir, "1985-08-15");
});

Deno.test("patient stored before the birth date existed: editable without one; a set one cannot be cleared, absent keeps it", async () => {
  await using t = await setup();
  const col = collectionOf(t.store, registry.get("pasien")!);
  const old = await col.insert({
    erm: "000900",
    first_name: "Lama",
    last_name: "",
    fullname: "Lama",
    gender: "L",
    phone: "",
    province: null,
    regency: null,
    district: null,
    village: null,
    address: "",
    postalCode: "",
  });
  const id = old.value._id;
  const edit = (fields: Record<string, string>) =>
    t.post("/api/pasien/update", { id, erm: "000900", first_name: "Lama", ...fields });
  // a phone changed on an old patient: no birth date asked, none stored
  let r = await edit({ _version: old.versionstamp, phone: "0812 1111" });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  let stored = (await col.find(id))!.value;
  assert.equal(stored.phone, "0812 1111");
  assert.equal("tgl_lahir" in stored, false);
  r = await edit({ _version: await versionOf(t, "pasien", id), tgl_lahir: "" });
  assert.equal(r.status, 200);
  // given once, it stays: clearing is refused, a form without the field keeps it
  r = await edit({ _version: await versionOf(t, "pasien", id), tgl_lahir: "1950-01-31" });
  assert.equal(r.body.data.tgl_lahir, "1950-01-31");
  const version = await versionOf(t, "pasien", id);
  r = await edit({ _version: version, tgl_lahir: "" });
  assert.equal(r.status, 400);
  assert.deepEqual([r.body.field, r.body.message], [
    "tgl_lahir",
    "Tanggal lahir tidak boleh dikosongkan.",
  ]);
  assert.equal(await versionOf(t, "pasien", id), version);
  r = await edit({ _version: version, phone: "0812 2222" });
  assert.equal(r.status, 200);
  stored = (await col.find(id))!.value;
  assert.deepEqual([stored.tgl_lahir, stored.phone], ["1950-01-31", "0812 2222"]);
});

/** The rows of the first sheet of an .xlsx, every cell as SheetJS reads it raw. */
const sheet = (bytes: Uint8Array) => {
  const wb = XLSX.read(bytes, { type: "array" });
  const ws = wb.Sheets[wb.SheetNames[0]];
  return XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, raw: true, defval: "" });
};

Deno.test("patient import: date cells and typed dates, aliases, zeros kept; a bad value names row and field, nothing changed; the export imports back", async () => {
  await using t = await setup();
  const template = sheet(new Uint8Array(await (await t.req("/api/pasien/template")).arrayBuffer()));
  assert.deepEqual(template[0], [
    "No. ERM",
    "Nama Depan",
    "Nama Belakang",
    "Jenis Kelamin",
    "Tanggal Lahir",
    "Telepon",
    "No. Kartu BPJS",
    "NIK",
    "Kelurahan",
    "Alamat",
    "Kode Pos",
  ]);
  const header = ["no_rm", "nama_depan", "tanggal_lahir", "no_bpjs", "no_ktp", "gender"];
  const rows = [
    // an Excel date cell (serial 31274, shown dd/mm/yyyy), a JS Date at local midnight
    ["000001", "Ani", { t: "n", v: 31274, z: "dd/mm/yyyy" }, "0001112223334", "", "P"],
    ["000002", "Budi", new Date(1975, 0, 2), "", "3201234567890123", "L"],
    ["000003", "Cici", "04-03-1926", "", "", "P"],
    ["000004", "Dodi", "28/02/2001", "0000000000001", "", "L"],
    ["000005", "Euis", "2001-02-28", "", "", "P"],
  ];
  let r = await t.upload("/api/pasien/import", "p.xlsx", writeXlsx([header, ...rows]));
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.created, 5);
  const byErm = async () =>
    Object.fromEntries(
      (await patients(t)).map((p: Record<string, string>) => [
        p.erm,
        [p.tgl_lahir, p.nomor_kartu ?? "", p.nik ?? ""],
      ]),
    );
  const want = {
    "000001": ["1985-08-15", "0001112223334", ""],
    "000002": ["1975-01-02", "", "3201234567890123"],
    "000003": ["1926-03-04", "", ""],
    "000004": ["2001-02-28", "0000000000001", ""],
    "000005": ["2001-02-28", "", ""],
  };
  assert.deepEqual(await byErm(), want);

  // a bad value refuses the whole file naming its row and field; a new patient needs a date
  const refused: [unknown[][], RegExp][] = [
    [
      [["000001", "Ani", "31-11-1985", "", "", "P"]],
      /Baris 2: Tanggal lahir: tanggal "31-11-1985"/,
    ],
    [[["000009", "Baru", "", "", "", "P"]], /Baris 2: Tanggal lahir wajib diisi untuk pasien baru/],
    [
      [["000001", "Ani", dmy(dayFrom(2)), "", "", "P"]],
      /Baris 2: Tanggal lahir tidak boleh setelah/,
    ],
    [
      [["000001", "Ani", "15-08-1985", 1112223334, "", "P"]],
      /Baris 2: No\. kartu BPJS harus 13 angka, terisi 10/,
    ],
    [
      [["000001", "Ani", "15-08-1985", "", "32012345", "P"]],
      /Baris 2: NIK harus 16 angka, terisi 8/,
    ],
  ];
  for (const [bad, message] of refused) {
    r = await t.upload("/api/pasien/import", "p.xlsx", writeXlsx([header, ...bad]));
    assert.equal(r.status, 400, JSON.stringify(bad));
    assert.match(r.body.message, message);
  }
  assert.deepEqual(await byErm(), want);

  // the export: the template's columns, dates as date cells, numbers as text; it imports back
  const res = await t.req("/api/pasien/export");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-disposition") ?? "", /pasien-\d{4}-\d{2}-\d{2}\.xlsx/);
  const file = new Uint8Array(await res.arrayBuffer());
  const out = sheet(file);
  assert.deepEqual(out[0], template[0]);
  assert.deepEqual(out[1].slice(0, 8), ["000001", "Ani", "", "P", 31274, "", "0001112223334", ""]);
  assert.equal(out.length, 6);
  const wb = XLSX.read(file, { type: "array", cellNF: true });
  assert.equal(wb.Sheets[wb.SheetNames[0]].E2.z, "dd-mm-yyyy");
  r = await t.upload("/api/pasien/import", "pasien.xlsx", file);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual([r.body.created, r.body.updated, r.body.unchanged], [0, 0, 5]);
  // a file without the columns leaves them as stored, but creates no patient without a date
  const short = [["erm", "first_name"], ["000001", "Ani"]];
  r = await t.upload("/api/pasien/import", "p.xlsx", writeXlsx([...short, ["000010", "Baru"]]));
  assert.equal(r.status, 400);
  assert.match(r.body.message, /Baris 3: Tanggal lahir wajib diisi untuk pasien baru/);
  r = await t.upload("/api/pasien/import", "p.xlsx", writeXlsx(short));
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(await byErm(), want);

  const trail = (await t.audit.list({ entity: "pasien", action: "export" }, 0, 10)).rows;
  assert.deepEqual(trail.map((e) => e.after), [{ rows: 5 }]);
});

Deno.test("stays copy the patient's birth date and card; an edit refreshes them; the stay page and print show birth date and age", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const stay = await admit(t, w);
  let got = (await t.json(`/api/ipd/${stay._id}`)).body.data;
  assert.equal(got.pasien.tgl_lahir, "1980-11-02");
  assert.equal(got.pasien.nomor_kartu, undefined);
  const p = (await t.json(`/api/pasien/${w.pasien}`)).body.data;
  const r = await t.post("/api/pasien/update", {
    id: w.pasien,
    _version: p._version,
    erm: p.erm,
    first_name: p.first_name,
    gender: p.gender,
    tgl_lahir: "02-11-1980",
    nomor_kartu: "0009876543210",
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  got = (await t.json(`/api/ipd/${stay._id}`)).body.data;
  assert.deepEqual([got.pasien.tgl_lahir, got.pasien.nomor_kartu], ["1980-11-02", "0009876543210"]);
  // admitted 01-11-2026, a day before turning 46
  for (const path of [`/ipd/${stay._id}`, `/ipd/${stay._id}/print`]) {
    const html = await (await t.req(path)).text();
    assert.match(html, /02-11-1980 \(45 tahun\)/, path);
    assert.match(html, /0009876543210/, path);
  }
});
