import assert from "node:assert/strict";
import { registry } from "../resources/mod.ts";
import { getDefaultAddress } from "../lib/settings/address.ts";
import { readSetting } from "../lib/settings/settings.ts";
import { seedWilayah, setup, versionOf } from "./helpers.ts";

type T = Awaited<ReturnType<typeof setup>>;

/** Region ids by name, from the select2 lookups. */
async function regions(t: T) {
  const id = async (res: string, text: string) => {
    const r = await t.json(`/api/${res}/select2?q=${encodeURIComponent(text)}`);
    return r.body.results.find((o: { text: string }) => o.text === text).id as string;
  };
  return {
    aceh: await id("province", "Aceh"),
    sumut: await id("province", "Sumatera Utara"),
    acehSelatan: await id("regency", "Kabupaten Aceh Selatan"),
    tapteng: await id("regency", "Kabupaten Tapanuli Tengah"),
    bakongan: await id("district", "Bakongan"),
    kluet: await id("district", "Kluet Utara"),
    keude: await id("village", "Keude Bakongan"),
    fajar: await id("village", "Fajar Harapan"),
  };
}

Deno.test("default address: saved with embedded regions, read by GET and getDefaultAddress", async () => {
  await using t = await setup();
  await seedWilayah(t);
  const r = await regions(t);
  assert.deepEqual((await t.json("/api/setting/address")).body, { data: null });
  const form = {
    province: r.aceh,
    regency: r.acehSelatan,
    district: r.bakongan,
    village: r.keude,
    description: "Jl. Merdeka No. 1",
    postalCode: " 23773 ",
  };
  const saved = await t.post("/api/setting/address", form);
  assert.equal(saved.status, 200);
  const expected = {
    province: { _id: r.aceh, desc: "Aceh" },
    regency: { _id: r.acehSelatan, desc: "Kabupaten Aceh Selatan" },
    district: { _id: r.bakongan, desc: "Bakongan" },
    village: { _id: r.keude, desc: "Keude Bakongan" },
    description: "Jl. Merdeka No. 1",
    postalCode: "23773",
  };
  const stored = await readSetting(t.store, "address");
  assert.deepEqual(stored.value, expected);
  const got = await t.json("/api/setting/address");
  assert.deepEqual(got.body.data, { ...expected, _version: stored.versionstamp });
  // audited once, with the whole address as what changed (nothing was saved before)
  const audited = (await t.audit.list({ entity: "setting" }, 0, 20)).rows;
  assert.deepEqual(
    audited.map((e) => [e.action, e.entityId, e.before, e.after]),
    [["update", "address", {}, expected]],
  );

  // renamed regions show their new name; a deleted one becomes null
  const v = await t.json(`/api/village/${r.keude}`);
  await t.post("/api/village/update", {
    id: r.keude,
    _version: await versionOf(t, "village", r.keude),
    kode: v.body.data.kode,
    desc: "Keude Bakongan Baru",
    district: r.bakongan,
  });
  assert.equal(
    (await getDefaultAddress(t.store, registry)).value?.village?.desc,
    "Keude Bakongan Baru",
  );
  assert.equal((await t.req(`/api/village/delete/${r.keude}`, { method: "DELETE" })).status, 200);
  const after = (await getDefaultAddress(t.store, registry)).value!;
  assert.equal(after.village, null);
  assert.deepEqual(after.district, expected.district);
});

Deno.test("default address: bad postal codes, unknown or mismatched regions get 400 naming the field", async () => {
  await using t = await setup();
  await seedWilayah(t);
  const r = await regions(t);
  const ok = {
    province: r.aceh,
    regency: r.acehSelatan,
    district: r.bakongan,
    village: r.keude,
    description: "",
    postalCode: "23773",
  };
  const cases: [Record<string, string>, RegExp][] = [
    [{ ...ok, postalCode: "2377" }, /^Kode Pos harus 5 angka\.$/],
    [{ ...ok, postalCode: "237731" }, /^Kode Pos harus 5 angka\.$/],
    [{ ...ok, postalCode: "23a73" }, /^Kode Pos harus 5 angka\.$/],
    [{ ...ok, postalCode: "" }, /^Kode Pos harus 5 angka\.$/],
    [{ ...ok, village: "01HZZZZZZZZZZZZZZZZZZZZZZZ" }, /^Kelurahan tidak ditemukan\.$/],
    [{ ...ok, province: r.bakongan }, /^Provinsi tidak ditemukan\.$/],
    [{ ...ok, province: "" }, /^Provinsi wajib dipilih\.$/],
    [{ ...ok, province: r.sumut }, /^Kabupaten\/Kota tidak berada di Provinsi yang dipilih\.$/],
    [{ ...ok, regency: r.tapteng }, /^Kabupaten\/Kota tidak berada di Provinsi yang dipilih\.$/],
    [{ ...ok, district: r.kluet }, /^Kelurahan tidak berada di Kecamatan yang dipilih\.$/],
    [{ ...ok, village: r.fajar }, /^Kelurahan tidak berada di Kecamatan yang dipilih\.$/],
  ];
  for (const [body, message] of cases) {
    const res = await t.post("/api/setting/address", body);
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.match(res.body.message, message);
  }
  assert.equal((await readSetting(t.store, "address")).value, null);
  assert.equal((await t.post("/api/setting/address", ok)).status, 200);
  // a form loaded before that save ("" = nothing saved yet) is stale now
  const stale = await t.post("/api/setting/address", { ...ok, postalCode: "11111", _version: "" });
  assert.equal(stale.status, 409);
  assert.equal((await getDefaultAddress(t.store, registry)).value?.postalCode, "23773");
});
