import assert from "node:assert/strict";
import { registry } from "../resources/mod.ts";
import { render } from "preact-render-to-string";
import { HospitalMissing } from "../components/HospitalMissing.tsx";
import { type HospitalProfile } from "../lib/settings/hospital.ts";
import { hospitalTariff, tariffOf } from "../lib/settings/hospital_tariff.ts";
import { readSetting } from "../lib/settings/settings.ts";
import { setup, versionOf } from "./helpers.ts";

type T = Awaited<ReturnType<typeof setup>>;

/** The id of the reference entry whose text is exactly `text`. */
async function refId(t: T, resource: string, text: string): Promise<string> {
  const r = await t.json(`/api/${resource}/select2?q=${encodeURIComponent(text)}`);
  const hit = r.body.results.find((o: { text: string }) => o.text === text);
  assert.ok(hit, `${resource}: ${text}`);
  return hit.id;
}

async function profileForm(t: T) {
  return {
    name: "RSUD Sehat Sentosa",
    regional: await refId(t, "regional", "Regional 3"),
    hospitalClass: await refId(t, "hospital-class", "C"),
    owner: await refId(t, "owner", "Swasta"),
    type: await refId(t, "hospital-type", "Rumah Sakit Umum"),
  };
}

Deno.test("hospital profile: saved with references embedded, read back, tariff key derived", async () => {
  await using t = await setup();
  const before = await t.json("/api/setting/hospital");
  assert.equal(before.status, 200);
  assert.equal(before.body.data, null);
  assert.deepEqual(before.body.tariff, {
    regional: null,
    kelasRs: null,
    missing: ["Regional", "Kelas Rumah Sakit", "Kepemilikan"],
  });

  const form = await profileForm(t);
  const saved = await t.post("/api/setting/hospital", form);
  assert.equal(saved.status, 200);
  assert.equal(saved.body.info, "Tarif INA-CBG yang berlaku: Regional 3, Kelas C, Swasta.");
  const stored = await readSetting<HospitalProfile>(t.store, "hospital");
  assert.deepEqual(stored.value, {
    name: "RSUD Sehat Sentosa",
    regional: { _id: form.regional, desc: "Regional 3" },
    hospitalClass: { _id: form.hospitalClass, desc: "C" },
    owner: { _id: form.owner, desc: "Swasta" },
    type: { _id: form.type, desc: "Rumah Sakit Umum" },
    timezone: "Asia/Jakarta",
    timezoneChosen: false, // saved without a zone: the default stands in, not chosen
  });
  const got = await t.json("/api/setting/hospital");
  assert.equal(got.body.data.name, "RSUD Sehat Sentosa");
  assert.equal(got.body.data._version, stored.versionstamp);
  assert.deepEqual(got.body.tariff, { regional: "3", kelasRs: "CS", missing: [] });
  assert.deepEqual(await hospitalTariff(t.store, registry), {
    regional: "3",
    kelasRs: "CS",
    missing: [],
  });

  // an edit loaded before the last save is refused; the current version goes through
  const v1 = got.body.data._version;
  const owner = await refId(t, "owner", "Pemerintah");
  assert.equal(
    (await t.post("/api/setting/hospital", { ...form, owner, _version: v1 })).status,
    200,
  );
  const stale = await t.post("/api/setting/hospital", { ...form, _version: v1 });
  assert.equal(stale.status, 409);
  assert.deepEqual((await hospitalTariff(t.store, registry)).kelasRs, "CP");

  // renaming a reference entry shows through; one that no longer names a regional is missing
  await t.post("/api/regional/update", {
    id: form.regional,
    _version: await versionOf(t, "regional", form.regional),
    desc: "Regional Tiga",
  });
  const renamed = await t.json("/api/setting/hospital");
  assert.equal(renamed.body.data.regional.desc, "Regional Tiga");
  assert.deepEqual(renamed.body.tariff, {
    regional: null,
    kelasRs: "CP",
    missing: ['Regional ("Regional Tiga" tidak memuat angka 1-5)'],
  });
});

Deno.test("hospital profile: unknown reference ids and empty fields get 400 naming the field", async () => {
  await using t = await setup();
  const form = await profileForm(t);
  const cases: [Record<string, string>, RegExp][] = [
    [{ ...form, regional: "01HZZZZZZZZZZZZZZZZZZZZZZZ" }, /^Regional tidak ditemukan\.$/],
    [{ ...form, hospitalClass: form.owner }, /^Kelas Rumah Sakit tidak ditemukan\.$/],
    [{ ...form, owner: "tidak-ada" }, /^Kepemilikan tidak ditemukan\.$/],
    [{ ...form, type: form.regional }, /^Jenis Rumah Sakit tidak ditemukan\.$/],
    [{ ...form, type: "" }, /^Jenis Rumah Sakit wajib dipilih\.$/],
    [{ ...form, name: "  " }, /^Nama Rumah Sakit wajib diisi\.$/],
  ];
  for (const [body, message] of cases) {
    const r = await t.post("/api/setting/hospital", body);
    assert.equal(r.status, 400, JSON.stringify(body));
    assert.match(r.body.message, message);
  }
  const { owner: _, ...noOwner } = form;
  const r = await t.post("/api/setting/hospital", noOwner);
  assert.equal(r.status, 400);
  assert.match(r.body.message, /Kepemilikan wajib dipilih/);
  assert.equal((await readSetting(t.store, "hospital")).value, null);
  assert.equal((await t.req("/api/setting/hospital", { headers: { cookie: "" } })).status, 401);
});

Deno.test("tariff key: regional digit and class letter + P/S, or what is missing", () => {
  const p = (regional: string, cls: string, owner: string): HospitalProfile => ({
    name: "RS",
    regional: { _id: "r", desc: regional },
    hospitalClass: { _id: "c", desc: cls },
    owner: { _id: "o", desc: owner },
    type: null,
  });
  assert.deepEqual(tariffOf(p("Regional 1", "A", "Pemerintah")), {
    regional: "1",
    kelasRs: "AP",
    missing: [],
  });
  assert.deepEqual(tariffOf(p("Regional 5", "Kelas b", "Swasta")), {
    regional: "5",
    kelasRs: "BS",
    missing: [],
  });
  const bad = tariffOf(p("Regional 12", "Kelas E", "Yayasan"));
  assert.deepEqual(bad, {
    regional: null,
    kelasRs: null,
    missing: [
      'Regional ("Regional 12" tidak memuat angka 1-5)',
      'Kelas Rumah Sakit ("Kelas E" bukan kelas A, B, C atau D)',
      'Kepemilikan ("Yayasan" bukan Pemerintah atau Swasta)',
    ],
  });
  assert.deepEqual(tariffOf({ ...p("Regional 2", "D", "Swasta"), owner: null }).missing, [
    "Kepemilikan",
  ]);
});

Deno.test("HospitalMissing: lists what is missing and links to the settings; nothing when complete", () => {
  const html = render(HospitalMissing({ missing: ["Regional", "Kepemilikan"] })!);
  assert.match(html, /Profil rumah sakit belum lengkap/);
  assert.match(html, /Regional, Kepemilikan/);
  assert.match(html, /<a href="\/pengaturan#profil-rs">Lengkapi di Pengaturan<\/a>/);
  assert.equal(HospitalMissing({ missing: [] }), null);
});
