import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import { dtQuery, setup } from "./helpers.ts";
import { seedIpd } from "./ipd_fixtures.ts";
import { admitDischarge, type EklaimLine, eklaimTxt } from "./claim_fixtures.ts";
import { writeXlsx } from "../lib/resource/spreadsheet.ts";

type T = Awaited<ReturnType<typeof setup>>;
const NOW = new Date("2026-11-24T05:00:00Z");

const A: EklaimLine = {
  sep: "0301R0011126V000001",
  mrn: "000123",
  admission: "2026-11-01",
  discharge: "2026-11-04",
  inacbg: "J-4-16-II",
  tarif: 5_200_000,
  tarifRs: 1_500_000,
};
const C: EklaimLine = { ...A, sep: "0301R0011126V000003", mrn: "000456", tarif: 5_000_000 };

async function world(t: T) {
  const w = await seedIpd(t);
  const a = await admitDischarge(
    t,
    w,
    w.pasien,
    { masuk: "2026-11-01", pulang: "2026-11-04" },
    w.j4,
    "1500000",
  );
  const c = await admitDischarge(
    t,
    w,
    w.pasien2,
    { masuk: "2026-11-01", pulang: "2026-11-04" },
    w.j4,
    "1500000",
  );
  const r = await t.upload("/api/klaim/import-eklaim", "eklaim.txt", eklaimTxt([A, C]));
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return { w, a, c };
}

const xlsx = (rows: unknown[][]) => writeXlsx(rows);

Deno.test("claim status API: casemix moves a claim through pending to paid; stale, skipped and unclaimed changes are refused", async () => {
  await using t = await setup({ now: () => NOW });
  const { a } = await world(t);
  const casemix = await t.as("casemix");
  const version = async () => (await t.json(`/api/klaim/${a}`)).body.data._version as string;
  const change = (fields: Record<string, string>) => casemix.post(`/api/klaim/${a}/status`, fields);

  let r = await change({ status: "pending", reason: "koding", _version: await version() });
  assert.equal(r.status, 409);
  assert.match(r.body.message, /dari Final \(E-Klaim\) ke Pending \(yang boleh: Terkirim\)/);
  r = await change({ status: "terkirim" });
  assert.equal(r.status, 409, "no _version");
  const stale = await version();
  r = await change({ status: "terkirim", _version: stale });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  r = await change({ status: "pending", reason: "koding", _version: stale });
  assert.equal(r.status, 409, "stale _version");
  for (
    const f of <Record<string, string>[]> [
      { status: "pending", reason: "koding" },
      { status: "terkirim" },
      { status: "layak", amount: "Rp 4.800.000" },
      { status: "dibayar", amount: "4800000", date: "20-11-2026" },
    ]
  ) {
    r = await change({ ...f, _version: await version() });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  const got = (await t.json(`/api/klaim/${a}`)).body;
  assert.deepEqual([got.status, got.next], ["dibayar", []]);
  assert.deepEqual(
    [got.data.approved, got.data.paid, got.data.paidDate],
    [4_800_000, 4_800_000, "2026-11-20"],
  );
  assert.deepEqual(
    got.data.history.map((e: { status: string; by: string }) => `${e.status}/${e.by}`),
    [
      "final/admin",
      "terkirim/uji-casemix",
      "pending/uji-casemix",
      "terkirim/uji-casemix",
      "layak/uji-casemix",
      "dibayar/uji-casemix",
    ],
  );
  const audits = await t.audit.list({ action: "claim_status" }, 0, 100);
  assert.equal(audits.filtered, 5);
  // the viewer reads only
  const viewer = await t.as("viewer");
  assert.equal((await viewer.json(`/api/klaim/${a}`)).status, 200);
  r = await viewer.post(`/api/klaim/${a}/status`, { status: "terkirim", _version: "x" });
  assert.equal(r.status, 403);

  // the dashboard: the month of discharge, pending reasons of the claims still pending, gap per DPJP
  const dash = (await t.json("/api/klaim/dashboard?from=2026-11&to=2026-11")).body;
  assert.deepEqual(dash.months, [{
    month: "2026-11",
    diklaim: { n: 1, rp: 5_200_000 },
    pending: { n: 0, rp: 0 },
    dispute: { n: 0, rp: 0 },
    dibayar: { n: 1, rp: 4_800_000 },
  }]);
  // the claim was pending for 'koding' before it was paid: its old reason no longer counts
  assert.deepEqual(dash.topPending, []);
  // both claims (dr. Budi): the ward picked J-4-16-I kelas 2 (2 x 5.000.000), E-Klaim grouped
  // 5.200.000 + 5.000.000; one approved 4.800.000 against its 5.200.000
  assert.deepEqual(dash.gapPerDpjp, [{
    dpjp: "dr. Budi",
    n: 2,
    tanpaPaket: 0,
    petugas: 10_000_000,
    eklaim: 10_200_000,
    selisih: 200_000,
    nDisetujui: 1,
    disetujui: 4_800_000,
    selisihDisetujui: -400_000,
  }]);
  assert.equal((await t.json("/api/klaim/dashboard?from=2026-12")).body.months.length, 0);
  assert.equal((await t.json("/api/klaim/dashboard?from=11-2026")).status, 400);
});

Deno.test("claim status API: a stay without an imported claim cannot change status", async () => {
  await using t = await setup({ now: () => NOW });
  const w = await seedIpd(t);
  const b = await admitDischarge(
    t,
    w,
    w.pasien,
    { masuk: "2026-11-01", pulang: "2026-11-04" },
    w.j4,
    "1",
  );
  const r = await t.post(`/api/klaim/${b}/status`, { status: "terkirim", _version: "x" });
  assert.equal(r.status, 409);
  assert.equal(
    r.body.message,
    "Klaim kunjungan ini belum final: impor berkas TXT E-Klaim terlebih dahulu.",
  );
  assert.equal((await t.json(`/api/klaim/01J0000000000000000000NONE`)).status, 404);
});

Deno.test("claim status import: an Excel file keyed by SEP changes statuses all or nothing, refusing unknown SEPs by line", async () => {
  await using t = await setup({ now: () => NOW });
  const { a, c } = await world(t);
  const tpl = await t.req("/api/klaim/template");
  assert.equal(tpl.status, 200);
  const wb = XLSX.read(new Uint8Array(await tpl.arrayBuffer()), { type: "array" });
  assert.deepEqual(XLSX.utils.sheet_to_json(wb.Sheets[wb.SheetNames[0]], { header: 1 }), [[
    "SEP",
    "STATUS",
    "ALASAN",
    "JUMLAH",
    "TANGGAL_BAYAR",
  ]]);
  const head = ["SEP", "STATUS", "ALASAN", "JUMLAH", "TANGGAL_BAYAR"];
  const snapshot = async () => [
    (await t.store.kv.get(["klaim", a])).versionstamp,
    (await t.store.kv.get(["klaim", c]))
      .versionstamp,
  ];
  const before = await snapshot();
  let r = await t.upload(
    "/api/klaim/import-status",
    "status.xlsx",
    xlsx([head, [A.sep, "terkirim"], ["0301R0011126V999999", "terkirim"], [C.sep, "layak"]]),
  );
  assert.equal(r.status, 400);
  assert.match(r.body.message, /^Impor dibatalkan, tidak ada data yang disimpan\. 2 kesalahan:/);
  assert.match(r.body.message, /Baris 3: SEP "0301R0011126V999999" tidak dikenal/);
  assert.match(r.body.message, /Baris 4: Status klaim SEP 0301R0011126V000003 tidak bisa diubah/);
  assert.deepEqual(await snapshot(), before);
  // 'No SEP' is read as NO_SEP, the SEP column; without a STATUS column the file is refused
  r = await t.upload(
    "/api/klaim/import-status",
    "status.xlsx",
    xlsx([["No SEP", "Keterangan"], [A.sep, "terkirim"]]),
  );
  assert.equal(r.status, 400);
  assert.equal(
    r.body.message,
    'Kolom wajib tidak ditemukan: STATUS. Kolom berkas: No SEP, Keterangan. Pakai "Unduh template".',
  );
  assert.deepEqual(await snapshot(), before);

  r = await t.upload(
    "/api/klaim/import-status",
    "status.xlsx",
    xlsx([head, [A.sep, "terkirim"], [C.sep, "final"], []]),
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(r.body.changed, [{ line: 2, sep: A.sep, from: "final", to: "terkirim" }]);
  assert.equal(r.body.unchanged, 1);
  assert.equal((await t.json(`/api/klaim/${a}`)).body.status, "terkirim");
  assert.equal((await snapshot())[1], before[1]);

  // a pending with its reason given by its code
  r = await t.upload(
    "/api/klaim/import-status",
    "status.xlsx",
    xlsx([head, [A.sep, "pending", "kunjungan_berulang"]]),
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const got = (await t.json(`/api/klaim/${a}`)).body.data;
  assert.deepEqual([got.status, got.reason], ["pending", "Kunjungan berulang"]);
  // numbers as Excel keeps them: the amount, and the day as a serial (46346 = 20-11-2026)
  for (const row of [[A.sep, "layak", "", 4_800_000], [A.sep, "dibayar", "", 4_800_000, 46346]]) {
    r = await t.upload("/api/klaim/import-status", "status.xlsx", xlsx([head, row]));
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  const paid = (await t.json(`/api/klaim/${a}`)).body.data;
  assert.deepEqual([paid.status, paid.paid, paid.paidDate], ["dibayar", 4_800_000, "2026-11-20"]);
  const audits = await t.audit.list({ action: "import" }, 0, 10);
  assert.equal(audits.rows.filter((e) => e.entity === "klaim-status").length, 4);
});

Deno.test("a claimed stay cannot be deleted; its claim stays whole, an unclaimed stay still can", async () => {
  await using t = await setup({ now: () => NOW });
  const { w, a } = await world(t);
  const gone = await t.json(`/api/ipd/${a}`, { method: "DELETE" });
  assert.equal(gone.status, 409);
  assert.match(gone.body.message, /sudah diklaim di E-Klaim \(SEP 0301R0011126V000001\)/);
  assert.ok((await t.store.kv.get(["ipd", a])).value, "the stay is still there");
  assert.equal((await t.json(`/api/klaim/${a}`)).status, 200);
  const b = await admitDischarge(
    t,
    w,
    w.pasien,
    { masuk: "2026-06-01", pulang: "2026-06-03" },
    w.j4,
    "900000",
  );
  assert.equal((await t.json(`/api/ipd/${b}`, { method: "DELETE" })).status, 200);
});

Deno.test("a claimed stay's discharge cannot be cancelled: 409 naming the SEP and what comes first; nothing changes", async () => {
  await using t = await setup({ now: () => NOW });
  const { w, a, c } = await world(t);
  const casemix = await t.as("casemix");
  const sent = await casemix.post(`/api/klaim/${c}/status`, {
    status: "terkirim",
    _version: (await t.json(`/api/klaim/${c}`)).body.data._version,
  });
  assert.equal(sent.status, 200, JSON.stringify(sent.body));
  const listed = async () =>
    (await t.json(`/api/klaim?${dtQuery(["tanggal_pulang"], { length: 100 })}`)).body.data
      .map((r: { sep: string; status: string }) => `${r.sep} ${r.status}`).sort();
  const before = await listed();
  assert.deepEqual(before, ["0301R0011126V000001 final", "0301R0011126V000003 terkirim"]);
  const stays = async () =>
    await Promise.all([a, c].map(async (id) => (await t.store.kv.get(["ipd", id])).value));
  const stored = await stays();

  const cancel = (id: string) => casemix.post(`/api/ipd/${id}/cancel-discharge`, {});
  let r = await cancel(a);
  assert.equal(r.status, 409, JSON.stringify(r.body));
  assert.equal(
    r.body.message,
    "Klaim SEP 0301R0011126V000001 sudah final: kepulangan tidak bisa dibatalkan selama " +
      "klaimnya final. Buka dulu finalnya dengan 'Edit ulang' (halaman kunjungan atau Klaim), " +
      "lalu batalkan pulang, koreksi, grouping dan final lagi. Bila klaim ini difinalkan " +
      "langsung di E-Klaim: Edit Ulang Klaim di sana, lalu impor ulang berkas TXT E-Klaim di " +
      "halaman Klaim.",
  );
  r = await cancel(c);
  assert.equal(r.status, 409, JSON.stringify(r.body));
  assert.equal(
    r.body.message,
    "Klaim SEP 0301R0011126V000003 sudah terkirim: kepulangan tidak bisa dibatalkan, klaimnya " +
      "sudah di BPJS. Koreksi data pulang hanya lewat E-Klaim setelah verifikator " +
      "mengembalikan klaim itu (pending), lalu impor ulang berkas TXT E-Klaim di halaman Klaim.",
  );
  assert.deepEqual(await stays(), stored);
  assert.deepEqual(await listed(), before);
  assert.equal((await t.audit.list({ action: "cancel_discharge" }, 0, 10)).rows.length, 0);

  // a stay without a claim still can
  const rudi = await t.post("/api/pasien/update", {
    erm: "000789",
    first_name: "Rudi",
    tgl_lahir: "1980-01-01",
  });
  assert.equal(rudi.status, 200, JSON.stringify(rudi.body));
  const b = await admitDischarge(
    t,
    w,
    rudi.body.data._id,
    { masuk: "2026-11-10", pulang: "2026-11-12" },
    w.j4,
    "900000",
  );
  assert.equal((await cancel(b)).status, 200);
});
