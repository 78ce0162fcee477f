import assert from "node:assert/strict";
import * as XLSX from "xlsx";
import { setup } from "./helpers.ts";
import { seedIpd } from "./ipd_fixtures.ts";
import { admitDischarge, type EklaimLine, eklaimTxt } from "./claim_fixtures.ts";
import { transition } from "../lib/claim/status.ts";
import { claimFigures } from "../lib/claim/figures.ts";
import type { Claim, ClaimData, ClaimStatus } from "../lib/claim/claim_store.ts";
import { writeXlsx } from "../lib/resource/spreadsheet.ts";

type T = Awaited<ReturnType<typeof setup>>;
const NOW = new Date("2026-11-24T05:00:00Z");
const STATUSES: ClaimStatus[] = [
  "belum",
  "final",
  "terkirim",
  "pending",
  "dispute",
  "layak",
  "dibayar",
];

/** The allowed changes, written by hand from the claim workflow (not read from the code). */
const ALLOWED = new Set([
  "final>terkirim",
  "terkirim>pending",
  "terkirim>dispute",
  "terkirim>layak",
  "pending>terkirim",
  "pending>dispute",
  "pending>layak",
  "dispute>layak",
  "layak>dibayar",
]);

function claim(status: ClaimStatus, over: Partial<ClaimData> = {}): ClaimData {
  return {
    eklaim: {
      sep: "SEP1",
      mrn: "1",
      nama: "",
      noKartu: "",
      admission: "2026-11-01",
      discharge: "2026-11-04",
      los: 4,
      kelasRawat: "2",
      inacbg: "J-4-16-I",
      deskripsi: "",
      tarif: 5_000_000,
      tarifRs: 4_000_000,
      dpjp: "",
      diagnoses: [],
      procedures: [],
      icu: false,
      icuLos: null,
    },
    sep: "SEP1",
    pasien: { _id: "p", fullname: "Siti", erm: "1" },
    dpjp: { _id: "d1", fullname: "dr. Budi" },
    status,
    reasonCode: "",
    reason: "",
    approved: null,
    paid: null,
    paidDate: null,
    history: [],
    importedAt: "",
    file: "",
    ...over,
  };
}

/** Input that satisfies every status's details. */
const FULL = { reason: "koding", amount: "4000000", date: "20-11-2026" };

const status = (e: unknown) => (e as { status?: number }).status;

Deno.test("claim status: only the declared transitions are accepted", () => {
  for (const from of STATUSES) {
    for (const to of STATUSES) {
      const key = `${from}>${to}`;
      let got: number | ClaimData;
      try {
        got = transition(claim(from, { approved: 4_500_000 }), { status: to, ...FULL }, "u", NOW);
      } catch (e) {
        got = status(e)!;
      }
      if (ALLOWED.has(key)) {
        assert.equal(typeof got, "object", key);
        const c = got as ClaimData;
        assert.equal(c.status, to, key);
        assert.deepEqual(c.history.at(-1)?.status, to, key);
      } else {
        // final and belum only by the import (400); anything else not allowed: 409
        assert.equal(got, to === "final" || to === "belum" ? 400 : 409, key);
      }
    }
  }
});

Deno.test("claim status: pending and dispute need a reason, layak an amount, dibayar an amount and a day", () => {
  const t = (from: ClaimStatus, input: Record<string, string>, over: Partial<ClaimData> = {}) => {
    try {
      return transition(claim(from, over), input, "kasir", NOW);
    } catch (e) {
      return (e as Error).message;
    }
  };
  let c = t("terkirim", { status: "pending", reason: "koding" }) as ClaimData;
  assert.deepEqual([c.reasonCode, c.reason], [
    "koding",
    "Koding tidak sesuai kaidah koding klinis",
  ]);
  c = t("terkirim", {
    status: "pending",
    reason: "Resume medis tidak ditandatangani",
  }) as ClaimData;
  assert.deepEqual([c.reasonCode, c.reason], ["lainnya", "Resume medis tidak ditandatangani"]);
  assert.deepEqual(c.history, [{
    status: "pending",
    at: NOW.toISOString(),
    by: "kasir",
    reasonCode: "lainnya",
    reason: "Resume medis tidak ditandatangani",
  }]);
  assert.equal(t("terkirim", { status: "pending", reason: "" }), "Alasan pending wajib diisi.");
  assert.equal(
    t("terkirim", { status: "dispute", reason: "lainnya" }),
    "Alasan dispute wajib diisi.",
  );
  assert.equal(
    t("terkirim", { status: "layak" }),
    "Jumlah disetujui wajib diisi (lebih dari Rp 0).",
  );
  c = t("terkirim", { status: "layak", amount: "Rp 4.800.000" }) as ClaimData;
  assert.equal(c.approved, 4_800_000);
  assert.equal(
    t("layak", { status: "dibayar", amount: "4800000" }, { approved: 4_800_000 }),
    "Tanggal bayar wajib diisi (DD-MM-YYYY).",
  );
  assert.equal(
    t("layak", { status: "dibayar", amount: "4800000", date: "25-11-2026" }, {
      approved: 4_800_000,
    }),
    "Tanggal bayar tidak boleh setelah hari ini.",
  );
  assert.equal(
    t("layak", { status: "dibayar", amount: "4900000", date: "20-11-2026" }, {
      approved: 4_800_000,
    }),
    "Jumlah dibayar (Rp 4.900.000) melebihi jumlah disetujui (Rp 4.800.000).",
  );
  assert.equal(
    t("final", { status: "pending", reason: "koding" }),
    "Status klaim SEP SEP1 tidak bisa diubah dari Final (E-Klaim) ke Pending (yang boleh: Terkirim).",
  );
  assert.match(t("final", { status: "ditolak" }) as string, /^Status "ditolak" tidak dikenal/);
});

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

  // the dashboard: the month of discharge, pending reasons over the history, gap per DPJP
  const dash = (await t.json("/api/klaim/dashboard?from=2026-11&to=2026-11")).body;
  assert.deepEqual(dash.months, [{
    month: "2026-11",
    diklaim: { n: 1, rp: 5_200_000 },
    pending: { n: 0, rp: 0 },
    dispute: { n: 0, rp: 0 },
    dibayar: { n: 1, rp: 4_800_000 },
  }]);
  assert.deepEqual(dash.topPending, [{
    reasonCode: "koding",
    reason: "Koding tidak sesuai kaidah koding klinis",
    n: 1,
  }]);
  assert.deepEqual(dash.gapPerDpjp, [{
    dpjp: "dr. Budi",
    n: 1,
    paket: 5_200_000,
    disetujui: 4_800_000,
    selisih: 400_000,
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
  const audits = await t.audit.list({ action: "import" }, 0, 10);
  assert.equal(audits.rows.filter((e) => e.entity === "klaim-status").length, 2);
});

Deno.test("claim figures: per month of discharge, top pending reasons, package against approved per DPJP", () => {
  const mk = (month: string, status: ClaimStatus, over: Partial<ClaimData>): Claim => {
    const base = claim(status, over);
    return {
      ...base,
      _id: crypto.randomUUID(),
      eklaim: { ...base.eklaim, discharge: `${month}-10` },
    };
  };
  const ev = (reasonCode: string, reason: string) => ({
    status: "pending" as const,
    at: "",
    by: "",
    reasonCode,
    reason,
  });
  const claims = [
    mk("2026-10", "pending", { history: [ev("koding", "K")] }),
    mk("2026-10", "dispute", {}),
    mk("2026-10", "final", {}),
    mk("2026-11", "dibayar", {
      approved: 4_000_000,
      paid: 3_900_000,
      history: [ev("koding", "K"), ev("koding", "K"), ev("lainnya", "Resume")],
    }),
    mk("2026-11", "layak", { approved: 4_500_000, dpjp: { _id: "d2", fullname: "dr. Ani" } }),
    mk("2026-12", "terkirim", { history: [ev("lainnya", "Resume")] }),
  ];
  const f = claimFigures(claims, { to: "2026-11" });
  assert.deepEqual(f.months, [
    {
      month: "2026-10",
      diklaim: { n: 2, rp: 10_000_000 },
      pending: { n: 1, rp: 5_000_000 },
      dispute: { n: 1, rp: 5_000_000 },
      dibayar: { n: 0, rp: 0 },
    },
    {
      month: "2026-11",
      diklaim: { n: 2, rp: 10_000_000 },
      pending: { n: 0, rp: 0 },
      dispute: { n: 0, rp: 0 },
      dibayar: { n: 1, rp: 3_900_000 },
    },
  ]);
  assert.deepEqual(f.topPending, [
    { reasonCode: "koding", reason: "K", n: 2 },
    { reasonCode: "lainnya", reason: "Resume", n: 1 },
  ]);
  assert.deepEqual(f.gapPerDpjp, [
    { dpjp: "dr. Budi", n: 1, paket: 5_000_000, disetujui: 4_000_000, selisih: 1_000_000 },
    { dpjp: "dr. Ani", n: 1, paket: 5_000_000, disetujui: 4_500_000, selisih: 500_000 },
  ]);
});
