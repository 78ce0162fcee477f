import assert from "node:assert/strict";
import { transition } from "../lib/claim/status.ts";
import { claimFigures } from "../lib/claim/figures.ts";
import { matchStay } from "../lib/claim/match.ts";
import type { Claim, ClaimData, ClaimStatus } from "../lib/claim/claim_store.ts";
import { claimData as claim } from "./claim_fixtures.ts";
import { visitDoc } from "./visits.ts";

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

Deno.test("claim figures: per month of discharge, top pending reasons, 'Selisih paket' per DPJP (ward, E-Klaim, approved)", () => {
  // the ward's pick per claim (undefined: the app picked none)
  const ward = new Map<string, number | undefined>();
  const mk = (month: string, status: ClaimStatus, over: Partial<ClaimData>, pick?: number) => {
    const base = claim(status, over);
    const c: Claim = {
      ...base,
      _id: crypto.randomUUID(),
      eklaim: { ...base.eklaim, discharge: `${month}-10` },
    };
    ward.set(c._id, pick);
    return c;
  };
  const ev = (reasonCode: string, reason: string) => ({
    status: "pending" as const,
    at: "",
    by: "",
    reasonCode,
    reason,
  });
  const claims = [
    // held now for K (an earlier reason, Resume, no longer counts)
    mk("2026-10", "pending", {
      reasonCode: "koding",
      reason: "K",
      history: [ev("lainnya", "Resume"), ev("koding", "K")],
    }, 4_000_000),
    mk("2026-10", "dispute", {}, 6_000_000),
    mk("2026-10", "final", {}),
    mk("2026-11", "dibayar", {
      approved: 4_000_000,
      paid: 3_900_000,
      history: [ev("koding", "K"), ev("koding", "K"), ev("lainnya", "Resume")],
    }, 4_500_000),
    mk(
      "2026-11",
      "layak",
      { approved: 4_500_000, dpjp: { _id: "d2", fullname: "dr. Ani" } },
      5_600_000,
    ),
    mk("2026-12", "terkirim", { history: [ev("lainnya", "Resume")] }, 1),
    // grouped by the bridge, not final: counted nowhere
    mk("2026-11", "belum", {}, 1),
  ];
  const f = claimFigures(claims, { to: "2026-11" }, (id) => {
    const tariff = ward.get(id);
    return { code: tariff === undefined ? null : "J-4-16-I", tariff: tariff ?? 0, kelas: "" };
  });
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
  // only the claims still pending: the paid claim's and the sent one's old reasons do not count
  assert.deepEqual(f.topPending, [{ reasonCode: "koding", reason: "K", n: 1 }]);
  // dr. Budi: 4 claims of 5.000.000 final (20.000.000), the ward picked 4.000.000 + 6.000.000
  // + none + 4.500.000 (14.500.000); one approved 4.000.000 against 5.000.000. dr. Ani: picked
  // 5.600.000, final 5.000.000, approved 4.500.000. The largest gap either way first.
  assert.deepEqual(f.gapPerDpjp, [
    {
      dpjp: "dr. Budi",
      n: 4,
      tanpaPaket: 1,
      petugas: 14_500_000,
      eklaim: 20_000_000,
      selisih: 5_500_000,
      nDisetujui: 1,
      disetujui: 4_000_000,
      selisihDisetujui: -1_000_000,
    },
    {
      dpjp: "dr. Ani",
      n: 1,
      tanpaPaket: 0,
      petugas: 5_600_000,
      eklaim: 5_000_000,
      selisih: -600_000,
      nDisetujui: 1,
      disetujui: 4_500_000,
      selisihDisetujui: -500_000,
    },
  ]);
});

Deno.test("claim match: an exact admission day wins, else the stay whose period holds the discharge day", () => {
  // WIB: 01:00Z is 08:00 in Jakarta; S1 leaves on 08-11 at 11:00, S2 comes the same day at 19:00
  const s1 = visitDoc("2026-11-01T01:00:00.000Z", {
    status: "pulang",
    tanggal_pulang: "2026-11-08T04:00:00.000Z",
  });
  const s2 = visitDoc("2026-11-08T12:00:00.000Z", {
    status: "pulang",
    tanggal_pulang: "2026-11-12T04:00:00.000Z",
  });
  const open = visitDoc("2026-11-20T01:00:00.000Z");
  const stays = [s1, s2, open];
  const day = (admission: string, discharge: string) =>
    matchStay(stays, { admission, discharge })?._id;
  assert.equal(day("2026-11-08", "2026-11-08"), s2._id, "exact admission over S1's period");
  assert.equal(day("2026-11-07", "2026-11-08"), s1._id, "S1's period holds 08-11");
  assert.equal(day("2026-11-02", "2026-11-05"), s1._id);
  assert.equal(day("2026-11-09", "2026-11-11"), s2._id);
  assert.equal(day("2026-11-21", "2026-11-23"), open._id, "an open stay's period runs on");
  assert.equal(day("2026-11-13", "2026-11-15"), undefined);
  // the hospital's day, not UTC's: 2026-11-08T20:00Z is 09-11 in Jakarta
  const late = visitDoc("2026-11-08T20:00:00.000Z");
  assert.equal(matchStay([late], { admission: "2026-11-09", discharge: "2026-11-10" }), late);
});
