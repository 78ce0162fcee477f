import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import { setup } from "./helpers.ts";
import { admission, admit, seedIpd } from "./ipd_fixtures.ts";
import { visitsOf } from "../lib/ipd/stay.ts";
import { edit, SEP, sepOwner, stored, UPGRADE } from "./stay_claim_fixtures.ts";

/**
 * The stay's claim data (issue 43, part B) through `POST /api/ipd/update`, the discharge and
 * the list export: SEP, entitled class, way in, class upgrade, ICU days.
 */

Deno.test("ipd claim data: every field round-trips through the API and the export; absent inputs keep them", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const stay = await admit(t, w, {
    nomor_sep: " 0301r0011126 v000123 ",
    kelas_rawat: "2",
    cara_masuk: "emd",
    upgrade_class_class: "vip",
    upgrade_class_los: "3",
    upgrade_class_payor: "asuransi_tambahan",
    add_payment_pct: "37,5",
    icu_los: "1",
  });
  const want = {
    nomor_sep: SEP,
    kelas_rawat: "2",
    cara_masuk: "emd",
    upgrade_class_class: "vip",
    upgrade_class_los: 3,
    upgrade_class_payor: "asuransi_tambahan",
    add_payment_pct: 37.5,
    icu_los: 1,
  };
  const pick = (o: Record<string, unknown>) =>
    Object.fromEntries(Object.keys(want).map((k) => [k, o[k]]));
  assert.deepEqual(pick(stay), want);
  assert.deepEqual(pick((await t.json(`/api/ipd/${stay._id}`)).body.data), want);
  assert.equal(await sepOwner(t, SEP), stay._id);

  // an edit that does not send them (an older client) keeps them
  const r = await t.post("/api/ipd/update", {
    ...admission(w),
    id: stay._id,
    _version: (await stored(t, stay._id)).versionstamp!,
    diagnosis_awal: "Pneumonia berat",
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(pick(r.body.data), want);

  const xlsx = await t.req("/api/ipd/export-ipd-data");
  const wb = XLSX.read(new Uint8Array(await xlsx.arrayBuffer()));
  const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(wb.Sheets[wb.SheetNames[0]]);
  assert.deepEqual(
    [
      "No. SEP",
      "Hak Kelas",
      "Cara Masuk",
      "ICU (Hari)",
      "Naik Kelas",
      "Lama Naik Kelas (Hari)",
      "Pembayar Naik Kelas",
      "Tambahan Biaya VIP (%)",
    ].map((k) => rows[0][k]),
    [
      SEP,
      "Kelas 2",
      "Dari Rawat Darurat",
      1,
      "VIP (di atas Kelas 1)",
      3,
      "Asuransi kesehatan tambahan",
      37.5,
    ],
  );

  // clearing the upgrade and the SEP: the key is let go
  const c = await edit(t, w, stay._id, {
    nomor_sep: "",
    upgrade_class_class: "",
    upgrade_class_los: "",
    upgrade_class_payor: "",
    add_payment_pct: "",
  });
  assert.equal(c.status, 200, JSON.stringify(c.body));
  assert.deepEqual(
    [c.body.data.nomor_sep, c.body.data.upgrade_class_class, c.body.data.upgrade_class_los],
    ["", "", null],
  );
  assert.equal(c.body.data.add_payment_pct, null);
  assert.equal(await sepOwner(t, SEP), null);
});

Deno.test("ipd claim data: a stay written before has the defaults, in the API and the export", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const stay = await admit(t, w);
  // as a stay stored before the fields existed: none of them
  const col = visitsOf(t.store);
  const row = (await col.find(stay._id))!;
  const old: Record<string, unknown> = { ...row.value };
  for (
    const k of [
      "nomor_sep",
      "kelas_rawat",
      "cara_masuk",
      "upgrade_class_class",
      "upgrade_class_los",
      "upgrade_class_payor",
      "add_payment_pct",
      "icu_los",
    ]
  ) delete old[k];
  delete old._id;
  await col.update(stay._id, old as never, { expected: row.versionstamp });
  assert.equal("icu_los" in (await stored(t, stay._id)).value!, false);
  const d = (await t.json(`/api/ipd/${stay._id}`)).body.data;
  assert.deepEqual(
    [d.nomor_sep, d.kelas_rawat, d.cara_masuk, d.upgrade_class_class, d.upgrade_class_los],
    ["", "", "", "", null],
  );
  assert.deepEqual([d.upgrade_class_payor, d.add_payment_pct, d.icu_los], ["", null, 0]);
  const xlsx = await t.req("/api/ipd/export-ipd-data");
  const wb = XLSX.read(new Uint8Array(await xlsx.arrayBuffer()));
  const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(wb.Sheets[wb.SheetNames[0]]);
  assert.deepEqual([rows[0]["No. SEP"], rows[0]["ICU (Hari)"], rows[0]["Naik Kelas"]], [
    undefined,
    0,
    undefined,
  ]);
});

Deno.test("ipd claim data: each bad value is a 400 naming its field, and nothing changes", async () => {
  await using t = await setup();
  const w = await seedIpd(t);
  const stay = await admit(t, w, { kelas_rawat: "2" });
  const cases: [Record<string, string>, string, RegExp][] = [
    [{ nomor_sep: "0301-R001" }, "nomor_sep", /No\. SEP hanya boleh huruf dan angka/],
    [{ nomor_sep: "A".repeat(31) }, "nomor_sep", /1 sampai 30 karakter/],
    [{ kelas_rawat: "4" }, "kelas_rawat", /Hak kelas "4" tidak dikenal/],
    [{ kelas_rawat: "VIP" }, "kelas_rawat", /Hak kelas "VIP" tidak dikenal/],
    [
      { cara_masuk: "igd" },
      "cara_masuk",
      /Cara masuk "igd" tidak dikenal; pilih gp \(Rujukan FKTP\)/,
    ],
    [{ icu_los: "-1" }, "icu_los", /Lama rawat ICU harus bilangan bulat 0 atau lebih/],
    [{ icu_los: "1,5" }, "icu_los", /Lama rawat ICU harus bilangan bulat/],
    // admitted 01-11-2026 08:00: 30 days so far on 01-12-2026
    [{ icu_los: "999" }, "icu_los", /Lama rawat ICU \(999 hari\) melebihi lama rawat/],
    [{ ...UPGRADE, upgrade_class_class: "vvip" }, "upgrade_class_class", /Naik kelas "vvip"/],
    [{ ...UPGRADE, upgrade_class_los: "0" }, "upgrade_class_los", /Lama naik kelas harus/],
    [{ ...UPGRADE, upgrade_class_payor: "bpjs" }, "upgrade_class_payor", /Pembayar naik kelas/],
    [
      { ...UPGRADE, upgrade_class_class: "vip", add_payment_pct: "80" },
      "add_payment_pct",
      /Tambahan biaya VIP harus persen 0 sampai 75/,
    ],
    [{ ...UPGRADE, add_payment_pct: "10" }, "add_payment_pct", /hanya untuk naik kelas ke VIP/],
    // a partial upgrade names what is missing
    [
      { kelas_rawat: "2", upgrade_class_class: "kelas_1" },
      "upgrade_class_los",
      /Naik kelas belum lengkap: Lama naik kelas \(hari\) wajib diisi/,
    ],
    [
      { kelas_rawat: "2", upgrade_class_class: "kelas_1", upgrade_class_los: "2" },
      "upgrade_class_payor",
      /Pembayar naik kelas wajib diisi/,
    ],
    [
      { ...UPGRADE, upgrade_class_class: "vip" },
      "add_payment_pct",
      /Tambahan biaya VIP \(%\) wajib diisi/,
    ],
    [
      { upgrade_class_los: "2", upgrade_class_payor: "peserta" },
      "upgrade_class_class",
      /Naik kelas ke wajib diisi/,
    ],
    // an upgrade to the entitled class or below, or from class 3 (Permenkes 3/2023 Pasal 48)
    [
      { ...UPGRADE, upgrade_class_class: "kelas_2" },
      "upgrade_class_class",
      /Dari hak Kelas 2 naik kelas hanya ke Kelas 1 atau VIP/,
    ],
    [{ ...UPGRADE, kelas_rawat: "1" }, "upgrade_class_class", /Dari hak Kelas 1 .* hanya ke VIP/],
    [
      { ...UPGRADE, kelas_rawat: "3", upgrade_class_class: "kelas_2" },
      "upgrade_class_class",
      /hak Kelas 3 tidak dapat naik kelas/,
    ],
    [
      { ...UPGRADE, kelas_rawat: "" },
      "kelas_rawat",
      /Hak kelas wajib diisi bila pasien naik kelas/,
    ],
  ];
  const before = await stored(t, stay._id);
  for (const [more, field, re] of cases) {
    const r = await edit(t, w, stay._id, { nomor_sep: SEP, ...more });
    assert.equal(r.status, 400, `${JSON.stringify(more)}: ${JSON.stringify(r.body)}`);
    assert.equal(r.body.field, field, JSON.stringify(more));
    assert.match(r.body.message, re, JSON.stringify(more));
  }
  const after = await stored(t, stay._id);
  assert.equal(after.versionstamp, before.versionstamp);
  assert.equal(await sepOwner(t, SEP), null);
  // a refused admission stores no stay
  const r = await t.post(
    "/api/ipd/update",
    admission(w, { pasienId: w.pasien2, kelas_rawat: "5" }),
  );
  assert.equal(r.status, 400);
  assert.equal((await visitsOf(t.store).index()).size, 1);
});
