/** The first set-up: each checklist step checks what the app needs; empty pickers say why. */
import assert from "node:assert/strict";
import { registry } from "../resources/mod.ts";
import { setupSteps } from "../lib/settings/setup.ts";
import { refId } from "./ipd_fixtures.ts";
import { dtQuery, seedWilayah, setup } from "./helpers.ts";
import { onProgress, type Progress } from "../lib/progress/progress.ts";

type T = Awaited<ReturnType<typeof setup>>;

/** Each step's key and whether it is done. */
const done = async (t: T) =>
  Object.fromEntries((await setupSteps(t.store, registry)).map((s) => [s.key, s.done]));
const step = async (t: T, key: string) =>
  (await setupSteps(t.store, registry)).find((s) => s.key === key)!;

/** A class C government hospital in regional 1 (E-Klaim kelas_rs CP). */
async function classC(t: T, more: Record<string, string> = {}) {
  const r = await t.post("/api/setting/hospital", {
    name: "RSUD Kelas C",
    regional: await refId(t, "regional", "Regional 1"),
    hospitalClass: await refId(t, "hospital-class", "C"),
    owner: await refId(t, "owner", "Pemerintah"),
    type: await refId(t, "hospital-type", "Rumah Sakit Umum"),
    ...more,
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body;
}

const tariff = (t: T, kelas_rs: string, kode: string) =>
  t.post("/api/inatarif/update", {
    id: "",
    regional: "1",
    kelas_rs,
    kode,
    desc: `GRUP ${kode}`,
    tarif_Kelas3: "3000000",
    tarif_Kelas2: "3495000",
    tarif_Kelas1: "3990000",
  });

Deno.test("setup: a fresh install has every step to do, in order", async () => {
  await using t = await setup();
  assert.deepEqual(await done(t), {
    hospital: false,
    timezone: false,
    regions: false,
    rooms: false,
    doctors: false,
    tariffs: false,
    icd: false,
  });
  assert.equal((await step(t, "hospital")).hint, "Profil rumah sakit belum diisi.");
  assert.equal(
    (await step(t, "regions")).hint,
    "Data wilayah belum diimpor: Provinsi, Kabupaten/Kota, Kecamatan, Kelurahan " +
      "(alamat pasien dipilih dari daftar ini).",
  );
  await seedWilayah(t);
  assert.equal((await done(t)).regions, true);
});

Deno.test("setup: class A tariffs on a class C hospital: the step and the grouping picker say why", async () => {
  await using t = await setup();
  const grouping = () => t.json("/api/inatarif/select2?q=&page=1&regional=1&kelas_rs=CP");
  // no profile yet: the picker points at the profile
  assert.deepEqual((await grouping()).body.empty, {
    text: "Tarif INA-CBG dipilih menurut regional, kelas dan kepemilikan rumah sakit; " +
      "profil rumah sakit belum lengkap: Regional, Kelas Rumah Sakit, Kepemilikan.",
    href: "/pengaturan#profil-rs",
    link: "Lengkapi di Pengaturan › Profil Rumah Sakit",
  });
  const saved = await classC(t, { timezone: "Asia/Makassar" });
  assert.equal(saved.info, "Tarif INA-CBG yang berlaku: Regional 1, Kelas C, Pemerintah.");
  assert.equal(
    (await grouping()).body.empty.text,
    "Belum ada tarif INA-CBG (perlu Regional 1, Kelas C, Pemerintah).",
  );
  // the class A sample: tariffs exist, none of them this hospital's
  assert.equal((await tariff(t, "AP", "A-4-10-I")).status, 200);
  assert.equal((await tariff(t, "AS", "A-4-10-I")).status, 200);
  const answer = await grouping();
  assert.deepEqual(answer.body.results, []);
  assert.deepEqual(answer.body.empty, {
    text: "Belum ada tarif INA-CBG untuk rumah sakit ini (Regional 1, Kelas C, Pemerintah); " +
      "yang sudah diimpor: Regional 1, Kelas A, Pemerintah; Regional 1, Kelas A, Swasta.",
    href: "/tarif-inacbg",
    link: "Impor di Data Master › Tarif INA-CBG",
  });
  const s = await step(t, "tariffs");
  assert.equal(s.done, false);
  assert.equal(s.hint, answer.body.empty.text);
  assert.equal(s.href, "/tarif-inacbg");
  // the hospital's own tariffs: done, and a search that finds nothing says no reason
  assert.equal((await tariff(t, "CP", "A-4-10-I")).status, 200);
  assert.equal((await step(t, "tariffs")).done, true);
  assert.equal((await grouping()).body.results.length, 1);
  const none = await t.json("/api/inatarif/select2?q=zzz&page=1&regional=1&kelas_rs=CP");
  assert.deepEqual([none.body.results, none.body.empty], [[], undefined]);
});

Deno.test("setup: the time zone step is done once someone picks it; older profiles count", async () => {
  await using t = await setup();
  await classC(t);
  assert.deepEqual([(await done(t)).hospital, (await done(t)).timezone], [true, false]);
  assert.equal(
    (await step(t, "timezone")).hint,
    "Zona waktu rumah sakit belum dipilih; sampai dipilih, semua jam dicatat dalam WIB.",
  );
  // the settings page offers no zone until one is picked
  const page = await (await t.req("/pengaturan")).text();
  assert.match(page, /&quot;timezone&quot;:&quot;&quot;|"timezone":""/);
  await classC(t, { timezone: "Asia/Jakarta" });
  assert.equal((await done(t)).timezone, true);
  // a profile saved before the choice was recorded (no timezoneChosen): counted as chosen
  const { timezoneChosen: _, ...old } = (await t.store.kv.get<Record<string, unknown>>([
    "setting",
    "hospital",
  ])).value!;
  await t.store.kv.set(["setting", "hospital"], { ...old, timezone: undefined });
  assert.equal((await done(t)).timezone, true);
});

Deno.test("setup: the DPJP step needs a doctor marked DPJP; the visit pickers say why", async () => {
  await using t = await setup();
  const dpjp = () => t.json("/api/doctor/dpjpselect2?q=&page=1");
  assert.deepEqual((await dpjp()).body.empty, {
    text: "Belum ada dokter.",
    href: "/dokter",
    link: "Tambahkan di Pengguna › Dokter",
  });
  const doctor = (first_name: string, flags: Record<string, string>) =>
    t.post("/api/doctor/update", {
      id: "",
      front_title: "dr.",
      first_name,
      last_name: "",
      last_title: "",
      phone: "",
      gender: "L",
      ...flags,
    });
  // the form's switches: off
  assert.equal(
    (await doctor("Ani", { dpjp: "false", igd: "true", approval: "false" })).status,
    200,
  );
  assert.equal((await done(t)).doctors, false);
  assert.deepEqual((await dpjp()).body.empty, {
    text: "Belum ada dokter yang ditandai DPJP.",
    href: "/dokter",
    link: "Tandai di Pengguna › Dokter",
  });
  assert.equal((await t.json("/api/doctor/igdpselect2?q=&page=1")).body.empty, undefined);
  const saved = await doctor("Budi", { dpjp: "true", igd: "false", approval: "true" });
  assert.deepEqual(
    [saved.body.data.dpjp, saved.body.data.igd, saved.body.data.approval],
    [true, false, true],
  );
  assert.equal((await done(t)).doctors, true);
  assert.equal((await dpjp()).body.empty, undefined);
  // an empty list with no set-up reason of its own: said with a link to its screen
  assert.deepEqual((await t.json("/api/room/select2?q=&page=1")).body.empty, {
    text: "Daftar Ruang masih kosong.",
    href: "/ruang",
    link: "Isi di Data Master › Ruang",
  });
});

const regionCount = async (t: T, res: string) =>
  (await t.json(`/api/${res}?length=1`)).body.recordsTotal as number;
const regionCounts = async (t: T) =>
  Object.fromEntries(
    await Promise.all(
      ["province", "regency", "district", "village"].map(async (r) => [r, await regionCount(t, r)]),
    ),
  );
const LOAD = "/api/setup/official-regions";
const BUTTON = "Muat data wilayah resmi";

Deno.test("setup: 'Muat data wilayah resmi' loads the shipped Kepmendagri 2025 list once, with its progress; a second start changes nothing", async () => {
  await using t = await setup();
  // offered under the region step to whoever may import regions, not to a viewer
  assert.ok((await (await t.req("/")).text()).includes(BUTTON));
  const viewer = await t.as("viewer");
  assert.ok(!(await (await viewer.req("/")).text()).includes(BUTTON));
  assert.equal((await viewer.post(LOAD, { list: "kepmendagri-2025" })).status, 403);
  // the request names the list it loads
  const unnamed = await t.post(LOAD, {});
  assert.equal(unnamed.status, 400);
  assert.match(unnamed.body.message, /Daftar wilayah tidak dikenal/);

  const reports: Progress[] = [];
  const stop = onProgress((p) => p.label === "Muat data wilayah resmi" && reports.push(p));
  const r = await t.json(LOAD, {
    method: "POST",
    body: new URLSearchParams({ list: "kepmendagri-2025" }),
    headers: { "x-progress-id": "muat-wilayah-1" },
  });
  stop();
  assert.equal(r.status, 200, JSON.stringify(r.body).slice(0, 500));
  // the exact counts of the official list (tests/fixtures/SOURCES.md)
  const official = { province: 38, regency: 514, district: 7285, village: 83762 };
  assert.deepEqual(await regionCounts(t), official);
  assert.equal(
    r.body.message,
    "Data wilayah resmi (Kepmendagri No 300.2.2-2138 Tahun 2025) dimuat: 38 Provinsi, " +
      "514 Kabupaten/Kota, 7.285 Kecamatan, 83.762 Kelurahan.",
  );
  // each level through its import, in order, reported as one job that finishes once
  const saving = [
    ...new Set(reports.filter((p) => /Menyimpan$/.test(p.phase)).map((p) => p.phase)),
  ];
  assert.deepEqual(saving, [
    "Provinsi (1 dari 4): Menyimpan",
    "Kabupaten/Kota (2 dari 4): Menyimpan",
    "Kecamatan (3 dari 4): Menyimpan",
    "Kelurahan (4 dari 4): Menyimpan",
  ]);
  assert.equal(reports.filter((p) => p.finished).length, 1);
  assert.equal(reports.at(-1)!.summary, r.body.message);
  const polled = await t.json("/api/progress/muat-wilayah-1");
  assert.deepEqual([polled.body.finished, polled.body.summary], [true, r.body.message]);
  // codes as text, parents linked, a name holding a comma kept whole
  const v = await t.json(
    `/api/village?${dtQuery(["kode", "desc", "districtId.desc"], { search: "11.01.01.2001" })}`,
  );
  assert.deepEqual(
    [v.body.data[0].kode, v.body.data[0].desc, v.body.data[0].districtId.desc],
    ["11.01.01.2001", "Keude Bakongan", "Bakongan"],
  );
  const comma = await t.json(`/api/village?${dtQuery(["kode", "desc"], { search: "Pakam I,II" })}`);
  assert.deepEqual(comma.body.data.map((d: { desc: string }) => d.desc), ["Lubuk Pakam I,II"]);

  // done: the checklist no longer offers it, and a second start is refused, changing nothing
  assert.equal((await done(t)).regions, true);
  assert.ok(!(await (await t.req("/")).text()).includes(BUTTON));
  const again = await t.post(LOAD, { list: "kepmendagri-2025" });
  assert.equal(again.status, 409);
  assert.match(again.body.message, /Data wilayah sudah ada .* hanya dimuat sekali/);
  assert.deepEqual(await regionCounts(t), official);
});

Deno.test("setup: regions imported by hand count as loaded: the official list is not offered again", async () => {
  await using t = await setup();
  await seedWilayah(t);
  const before = await regionCounts(t);
  assert.ok(!(await (await t.req("/")).text()).includes(BUTTON));
  const r = await t.post(LOAD, { list: "kepmendagri-2025" });
  assert.equal(r.status, 409);
  assert.deepEqual(await regionCounts(t), before);
});
