import assert from "node:assert/strict";
import { setup, WILAYAH } from "./helpers.ts";
import { writeXlsx } from "../lib/resource/spreadsheet.ts";
import { registry } from "../resources/mod.ts";

const rowsOf = (csv: string) => csv.trim().split("\n").map((l) => l.split(","));

Deno.test("every import takes .xlsx and .csv: a CSV of patients, an .xlsx of provinces; anything else is refused naming both", async () => {
  await using t = await setup();
  // a CSV on Pasien (its template is .xlsx): the ERM keeps its zeros, the day is read
  let r = await t.upload(
    "/api/pasien/import",
    "pasien.csv",
    "erm,first_name,last_name,gender,tgl_lahir\n000777,Ani,,P,01-02-1990\n",
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.created, 1);
  const p = (await t.json("/api/pasien?search[value]=000777")).body.data[0];
  assert.deepEqual([p.erm, p.tgl_lahir], ["000777", "1990-02-01"]);
  // an .xlsx on Provinsi (its template is CSV)
  r = await t.upload("/api/province/import", "provinsi.xlsx", writeXlsx(rowsOf(WILAYAH.provinces)));
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.created, 2);
  // every screen with an import says the same of another file, and of none
  const imports = [...registry.values()].filter((d) => d.import);
  assert.ok(imports.length >= 10, `${imports.length}`);
  for (const def of imports) {
    const path = `/api/${def.name}/import`;
    r = await t.upload(path, "data.txt", "kode\n1\n");
    assert.equal(r.status, 400, path);
    assert.equal(r.body.message, "Berkas harus .xlsx atau CSV (bukan .txt).", path);
    r = await t.json(path, { method: "POST", body: new FormData() });
    assert.equal(r.body.message, "Harap pilih file .xlsx atau CSV terlebih dahulu.", path);
  }
});
