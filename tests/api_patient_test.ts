import assert from "node:assert/strict";
import { writeXlsx } from "../lib/resource/spreadsheet.ts";
import { setup, versionOf } from "./helpers.ts";
import { save } from "./master_fixtures.ts";

Deno.test("patient: ERM kept as text with its zeros, unique; full name and select2 text built", async () => {
  await using t = await setup();
  const p = await save(t, "pasien", {
    erm: "000123",
    first_name: "Siti",
    last_name: "Aminah",
    gender: "P",
    phone: "0812",
    tgl_lahir: "1980-01-01",
  });
  assert.equal(p.erm, "000123");
  assert.equal(p.fullname, "Siti Aminah");
  const solo = await save(t, "pasien", {
    erm: "123",
    first_name: "Bambang",
    last_name: "",
    tgl_lahir: "1980-01-01",
  });
  assert.equal(solo.fullname, "Bambang");

  const dup = await t.post("/api/pasien/update", {
    id: "",
    erm: " 000123 ",
    first_name: "Lain",
    tgl_lahir: "1980-01-01",
  });
  assert.equal(dup.status, 409);
  assert.match(dup.body.message, /No. ERM "000123" sudah digunakan/);
  const edit = await t.post("/api/pasien/update", {
    id: solo._id,
    _version: await versionOf(t, "pasien", solo._id),
    erm: "000123",
    first_name: "B",
  });
  assert.equal(edit.status, 409);

  const sel = await t.json("/api/pasien/select2?q=0001");
  assert.deepEqual(sel.body.results, [{ id: p._id, text: "000123 - Siti Aminah" }]);
  const list = await t.json("/api/pasien?search[value]=aminah");
  assert.equal(list.body.data[0].erm, "000123");

  // an edit rebuilds the full name
  const r = await t.post("/api/pasien/update", {
    id: p._id,
    _version: await versionOf(t, "pasien", p._id),
    erm: "000123",
    first_name: "Siti",
    last_name: "Rahayu",
  });
  assert.equal(r.body.data.fullname, "Siti Rahayu");

  // import: text cells keep their zeros
  const imp = await t.upload(
    "/api/pasien/import",
    "pasien.xlsx",
    writeXlsx([["no_rm", "nama_depan", "nama_belakang", "gender", "tanggal_lahir"], [
      "000456",
      "Dewi",
      "Lestari",
      "Perempuan",
      "01-01-1980",
    ]]),
  );
  assert.equal(imp.status, 200, JSON.stringify(imp.body));
  const dewi = (await t.json("/api/pasien/select2?q=dewi")).body.results;
  assert.deepEqual(dewi.map((o: { text: string }) => o.text), ["000456 - Dewi Lestari"]);
});
