import assert from "node:assert/strict";
import { seedWilayah, setup } from "./helpers.ts";

Deno.test("patients: the add form starts from the default address; regions must nest", async () => {
  await using t = await setup();
  await seedWilayah(t);
  const id = async (res: string, q: string) =>
    (await t.json(`/api/${res}/select2?q=${encodeURIComponent(q)}`)).body.results[0].id as string;
  const ids = {
    province: await id("province", "Aceh"),
    regency: await id("regency", "Aceh Selatan"),
    district: await id("district", "Bakongan"),
    village: await id("village", "Keude Bakongan"),
  };
  const saved = await t.post("/api/setting/address", {
    ...ids,
    description: "Jl. Merdeka 1",
    postalCode: "23773",
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));

  const page = await (await t.req("/pasien")).text();
  const props = JSON.parse(
    page.match(/<script type="application\/json" id="__islands">(.*?)<\/script>/s)![1],
  );
  const defaults = JSON.stringify(props);
  assert.match(defaults, /"defaults":\{[^}]*"province":\{"_id":"[^"]+","desc":"Aceh"\}/);
  assert.match(defaults, /"village":\{"_id":"[^"]+","desc":"Keude Bakongan"\}/);
  assert.match(defaults, /"address":"Jl. Merdeka 1"/);

  const ok = await t.post("/api/pasien/update", {
    erm: "000123",
    first_name: "Siti",
    tgl_lahir: "1980-01-01",
    ...ids,
    address: "Jl. Merdeka 1",
    postalCode: "23773",
  });
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  assert.deepEqual(ok.body.data.village, { _id: ids.village, desc: "Keude Bakongan" });
  assert.equal(ok.body.data.erm, "000123");

  const elsewhere = await id("village", "Fajar Harapan"); // in Kluet Utara, not Bakongan
  const bad = await t.post("/api/pasien/update", {
    erm: "000124",
    first_name: "Budi",
    ...ids,
    village: elsewhere,
  });
  assert.equal(bad.status, 400);
  assert.match(bad.body.message, /Kelurahan tidak berada di Kecamatan yang dipilih/);
  const skipped = await t.post("/api/pasien/update", {
    erm: "000125",
    first_name: "Ani",
    district: ids.district,
  });
  assert.equal(skipped.status, 400);
  assert.match(skipped.body.message, /Kecamatan tidak berada di Kabupaten\/Kota/);
  const postal = await t.post("/api/pasien/update", {
    erm: "000126",
    first_name: "Ani",
    postalCode: "123",
  });
  assert.equal(postal.status, 400);
  assert.match(postal.body.message, /Kode Pos harus 5 angka/);
  const list = await t.json("/api/pasien?length=10");
  assert.equal(list.body.recordsTotal, 1);

  // a village with patients cannot be deleted out from under them
  const del = await t.req(`/api/village/delete/${ids.village}`, { method: "DELETE" });
  assert.equal(del.status, 409);
});
