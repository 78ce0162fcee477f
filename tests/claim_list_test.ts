import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import { dtQuery, setup, versionOf } from "./helpers.ts";
import { claimReady, seedIpd } from "./ipd_fixtures.ts";
import { admitDischarge, type EklaimLine, eklaimTxt } from "./claim_fixtures.ts";

type T = Awaited<ReturnType<typeof setup>>;
const NOW = new Date("2026-11-24T05:00:00Z");

/**
 * Two discharged stays with the claim data E-Klaim needs: Siti (000123, 01-11 to 04-11-2026,
 * SEP ...000001 as in `SITI`) with her discharge summary, ready to claim; Rahma (000456, 08-11 to
 * 10-11-2026, SEP ...000002) without a summary diagnosis (blocked).
 */
async function world(t: T) {
  const w = await seedIpd(t);
  const siti = await admitDischarge(
    t,
    w,
    w.pasien,
    { masuk: "2026-11-01", pulang: "2026-11-04" },
    w.j4,
    "1500000",
    [],
    claimReady(1),
  );
  // discharged again, now with the summary diagnosis
  assert.equal((await t.post(`/api/ipd/${siti}/cancel-discharge`, {})).status, 200);
  const summary = await t.json("/api/ipd/discharge-patient/update", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      id: siti,
      _version: await versionOf(t, "ipd", siti),
      tanggal_pulang: "2026-11-04T11:00",
      dischargepatient: w.pulang,
      summary_diagnosis: [w.icd["J18.9"]],
      summary_tindakan: [],
    }),
  });
  assert.equal(summary.status, 200, JSON.stringify(summary.body));
  const rahma = await admitDischarge(
    t,
    w,
    w.pasien2,
    { masuk: "2026-11-08", pulang: "2026-11-10" },
    w.j4,
    "2500000",
    [],
    claimReady(2),
  );
  return { w, siti, rahma };
}

const COLUMNS = ["pasien.fullname", "pasien.erm", "dpjp.fullname", "room.name", "tanggal_pulang"];
const list = async (t: T, filters: Record<string, string> = {}) => {
  const q = `${dtQuery(COLUMNS, { length: 100 })}&${new URLSearchParams(filters)}`;
  return await t.json(`/api/klaim?${q}`);
};
const names = (r: { body: { data: { pasien: { fullname: string } }[] } }) =>
  r.body.data.map((d) => d.pasien.fullname).sort();

const SITI: EklaimLine = {
  sep: "0301R0011126V000001",
  mrn: "000123",
  admission: "2026-11-01",
  discharge: "2026-11-04",
  inacbg: "J-4-16-II",
  tarif: 5_200_000,
  tarifRs: 1_500_000,
};

Deno.test("klaim list API: readiness, claim status and packages per discharged stay; every filter", async () => {
  await using t = await setup({ now: () => NOW });
  const { w, siti, rahma } = await world(t);

  let r = await list(t);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.recordsFiltered, 2);
  const byId = Object.fromEntries(r.body.data.map((d: { _id: string }) => [d._id, d]));
  assert.equal(byId[siti].ready, true);
  assert.equal(byId[siti].status, "belum");
  assert.equal(byId[siti].inacbgApp, "J-4-16-I");
  // J-4-16-I for a class 2 room: tarif_Kelas2 = 4,000,000 + 1,000,000 (tests/ipd_fixtures.ts)
  assert.equal(byId[siti].tarifApp, 5_000_000);
  assert.equal(byId[siti].inacbgFinal, null);
  assert.equal(byId[rahma].ready, false);
  assert.ok(byId[rahma].rules.includes("DIAGNOSIS_UTAMA"), byId[rahma].rules.join());
  assert.ok(byId[rahma].blok >= 1);
  assert.equal(byId[rahma].dpjp.fullname, byId[siti].dpjp.fullname);

  // the latest discharge first by default
  const plain = await t.json("/api/klaim");
  assert.deepEqual(plain.body.data.map((d: { _id: string }) => d._id), [rahma, siti]);

  assert.deepEqual(names(await list(t, { readyFilter: "siap" })), [byId[siti].pasien.fullname]);
  assert.deepEqual(names(await list(t, { readyFilter: "perbaikan" })), [
    byId[rahma].pasien.fullname,
  ]);
  assert.deepEqual(names(await list(t, { ruleFilter: "DIAGNOSIS_UTAMA" })), [
    byId[rahma].pasien.fullname,
  ]);
  assert.deepEqual(names(await list(t, { ruleFilter: "KELAS_TARIF" })), []);
  assert.deepEqual(
    names(await list(t, { dateRange: "2026-11-01 / 2026-11-05" })),
    [byId[siti].pasien.fullname],
  );
  assert.equal((await list(t, { dpjpFilter: w.dpjp })).body.recordsFiltered, 2);
  assert.equal((await list(t, { roomFilter: w.room })).body.recordsFiltered, 2);
  assert.equal(
    (await list(t, { roomFilter: "01HZZZZZZZZZZZZZZZZZZZZZZZ" })).body.recordsFiltered,
    0,
  );
  assert.equal((await list(t, { klaimStatus: "belum" })).body.recordsFiltered, 2);

  for (
    const [f, msg] of [
      [{ ruleFilter: "BUKAN" }, /Filter aturan "BUKAN" tidak dikenal/],
      [{ klaimStatus: "lunas" }, /Filter status klaim "lunas" tidak dikenal/],
      [{ readyFilter: "ya" }, /Filter kelengkapan/],
      [{ dateRange: "2026-13-01" }, /Rentang tanggal/],
    ] as const
  ) {
    const bad = await list(t, f);
    assert.equal(bad.status, 400, JSON.stringify(f));
    assert.match(bad.body.message, msg);
  }

  // the E-Klaim import makes Siti's claim final with E-Klaim's group; a status follows
  const imp = await t.upload("/api/klaim/import-eklaim", "eklaim.txt", eklaimTxt([SITI]));
  assert.equal(imp.status, 200, JSON.stringify(imp.body));
  r = await list(t, { klaimStatus: "final" });
  assert.equal(r.body.recordsFiltered, 1);
  const row = r.body.data[0];
  assert.deepEqual(
    [row._id, row.sep, row.inacbgApp, row.inacbgFinal, row.tarifFinal],
    [siti, SITI.sep, "J-4-16-I", "J-4-16-II", 5_200_000],
  );
  assert.deepEqual(names(await list(t, { klaimStatus: "belum" })), [byId[rahma].pasien.fullname]);
  const version = async () => (await t.json(`/api/klaim/${siti}`)).body.data._version as string;
  assert.equal(
    (await t.post(`/api/klaim/${siti}/status`, { status: "terkirim", _version: await version() }))
      .status,
    200,
  );
  const p = await t.post(`/api/klaim/${siti}/status`, {
    status: "pending",
    reason: "Resume medis belum ditandatangani",
    _version: await version(),
  });
  assert.equal(p.status, 200, JSON.stringify(p.body));
  r = await list(t, { klaimStatus: "pending" });
  assert.equal(r.body.recordsFiltered, 1);
  assert.equal(r.body.data[0].reason, "Resume medis belum ditandatangani");
});

Deno.test("klaim export: the filtered list as .xlsx; a bad filter is refused; a viewer reads the list but gets no import or status change", async () => {
  await using t = await setup({ now: () => NOW });
  const { rahma } = await world(t);
  const res = await t.req("/api/klaim/export?readyFilter=perbaikan");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-disposition") ?? "", /klaim-2026-11-24\.xlsx/);
  const wb = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: "array" });
  const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(wb.Sheets[wb.SheetNames[0]]);
  assert.equal(rows.length, 1);
  assert.equal(rows[0]["No. ERM"], "000456");
  assert.equal(rows[0]["Kelengkapan"], "Perlu perbaikan");
  // each rule by its Indonesian title; the codes in the next column
  assert.match(String(rows[0]["Aturan"]), /^Diagnosis utama valid(; |$)/);
  assert.doesNotMatch(String(rows[0]["Aturan"]), /DIAGNOSIS_UTAMA/);
  assert.match(String(rows[0]["Kode Aturan"]), /^DIAGNOSIS_UTAMA(, |$)/);
  assert.equal(rows[0]["Status Klaim"], "Belum diklaim");
  const all = await t.req("/api/klaim/export");
  const wb2 = XLSX.read(new Uint8Array(await all.arrayBuffer()), { type: "array" });
  assert.equal(XLSX.utils.sheet_to_json(wb2.Sheets[wb2.SheetNames[0]]).length, 2);
  const bad = await t.req("/api/klaim/export?klaimStatus=x");
  assert.equal(bad.status, 400);

  const viewer = await t.as("viewer");
  const v = await viewer.json("/api/klaim");
  assert.equal(v.status, 200);
  assert.equal(v.body.recordsFiltered, 2);
  const page = await (await viewer.req("/klaim")).text();
  assert.match(page, /Perlu perbaikan/);
  assert.doesNotMatch(page, /Impor E-Klaim|Ubah Status/);
  const casemix = await t.as("casemix");
  const cpage = await (await casemix.req(`/klaim?readyFilter=perbaikan`)).text();
  assert.match(cpage, /Impor E-Klaim/);
  assert.match(cpage, new RegExp(`/ipd/${rahma}#kelengkapan-klaim`));
  const badPage = await casemix.req("/klaim?readyFilter=ya");
  assert.equal(badPage.status, 400);
});

Deno.test("dashboard: 'Siap klaim' and 'Perlu perbaikan' for the period open the filtered Klaim list; the claim figures per month, pending reasons and DPJP", async () => {
  await using t = await setup({ now: () => NOW });
  const { siti } = await world(t);
  const counter = (html: string, name: string) => {
    const m = html.match(
      new RegExp(`href="([^"]+)" data-counter="${name}"[^>]*><span class="stat-value">([\\d.]+)<`),
    );
    assert.ok(m, `no counter ${name}`);
    return { href: m[1].replaceAll("&amp;", "&"), n: Number(m[2]) };
  };
  let html = await (await t.req("/?startDate=01-11-2026&endDate=30-11-2026")).text();
  const siap = counter(html, "siap");
  const perbaikan = counter(html, "perbaikan");
  assert.deepEqual([siap.n, perbaikan.n], [1, 1]);
  assert.equal(siap.href, "/klaim?dateRange=2026-11-01%20/%202026-11-30&readyFilter=siap");
  assert.equal(
    perbaikan.href,
    "/klaim?dateRange=2026-11-01%20/%202026-11-30&readyFilter=perbaikan",
  );
  // the link's list holds what the counter counted
  const page = await (await t.req(siap.href)).text();
  assert.match(page, new RegExp(`/ipd/${siti}#kelengkapan-klaim`));
  // another period counts nothing
  html = await (await t.req("/?startDate=01-10-2026&endDate=31-10-2026")).text();
  assert.deepEqual([counter(html, "siap").n, counter(html, "perbaikan").n], [0, 0]);
  assert.match(html, /Belum ada klaim dalam periode ini/);

  // Siti's claim: imported, sent, pending (koding), sent again, approved 4.800.000, paid
  assert.equal(
    (await t.upload("/api/klaim/import-eklaim", "e.txt", eklaimTxt([SITI]))).status,
    200,
  );
  for (
    const f of <Record<string, string>[]> [
      { status: "terkirim" },
      { status: "pending", reason: "koding" },
      { status: "terkirim" },
      { status: "layak", amount: "4800000" },
      { status: "dibayar", amount: "4800000", date: "20-11-2026" },
    ]
  ) {
    const _version = (await t.json(`/api/klaim/${siti}`)).body.data._version;
    const r = await t.post(`/api/klaim/${siti}/status`, { ...f, _version });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  html = await (await t.req("/?startDate=01-11-2026&endDate=30-11-2026")).text();
  const month = html.match(/<tr data-month="2026-11">(.*?)<\/tr>/)?.[1] ?? "";
  const cells = [...month.matchAll(/<td class="num">([^<]*)<\/td>/g)].map((m) => m[1]);
  // claimed 1 (package 5.200.000), pending 0, dispute 0, paid 1 (4.800.000)
  assert.deepEqual(cells, [
    "1",
    "Rp 5.200.000",
    "0",
    "Rp 0",
    "0",
    "Rp 0",
    "1",
    "Rp 4.800.000",
  ]);
  // the claim held pending for 'koding' was paid since: no longer a pending reason (issue 47)
  assert.doesNotMatch(html, /Koding tidak sesuai kaidah koding klinis<\/td><td class="num">1</);
  // 'Selisih paket' of dr. Budi's claim: the ward picked J-4-16-I kelas 2 (5.000.000), E-Klaim
  // grouped 5.200.000 (200.000 more), approved 4.800.000 (400.000 less than E-Klaim's)
  const gap = html.match(/<tr data-dpjp="dr\. Budi">(.*?)<\/tr>/)?.[1] ?? "";
  assert.deepEqual([...gap.matchAll(/<td class="num">([^<]*)<\/td>/g)].map((m) => m[1]), [
    "1",
    "Rp 5.000.000",
    "Rp 5.200.000",
    "Rp 200.000",
    "Rp 4.800.000",
    "-Rp 400.000",
  ]);
});

Deno.test("dashboard and lists: a period filter asked before the first stay still works once stays exist", async () => {
  await using t = await setup({ now: () => NOW });
  // a fresh database: the dashboard (its claim counters filter by discharge day) opens first
  const empty = await (await t.req("/?startDate=01-11-2026&endDate=30-11-2026")).text();
  assert.match(empty, /data-counter="siap"/);
  await world(t);
  const html = await (await t.req("/?startDate=01-11-2026&endDate=30-11-2026")).text();
  assert.match(html, /data-counter="siap"[^>]*><span class="stat-value">1</);
  const r = await list(t, { dateRange: "2026-11-01 / 2026-11-05" });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.recordsFiltered, 1);
});
