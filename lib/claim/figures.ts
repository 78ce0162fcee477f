import type { Store } from "../db/store.ts";
import { type AssumedPackage, packageOf } from "../ipd/package.ts";
import { visitsOf } from "../ipd/stay.ts";
import { type Claim, claimsOf, type ClaimStatus } from "./claim_store.ts";

/** A count of claims and their rupiah. */
export interface Tally {
  n: number;
  rp: number;
}

/** One month of claims (by E-Klaim's discharge date). */
export interface MonthFigures {
  /** `YYYY-MM`. */
  month: string;
  /** Sent to BPJS (terkirim and every status after it), rupiah of the package. */
  diklaim: Tally;
  pending: Tally;
  dispute: Tally;
  /** Paid: rupiah actually paid. */
  dibayar: Tally;
}

/** One DPJP's 'Selisih paket': the ward's packages and the approved amounts against E-Klaim's. */
export interface PackageGap {
  dpjp: string;
  /** Claims final in E-Klaim (final and every status after it). */
  n: number;
  /** Of them, stays where the app picked no package (assumed Rp 0). */
  tanpaPaket: number;
  /** The ward's assumed packages, rupiah. */
  petugas: number;
  /** E-Klaim's final tariffs, rupiah. */
  eklaim: number;
  /** `eklaim - petugas`: what E-Klaim's grouping moved from what the ward steered by. */
  selisih: number;
  /** Claims with an approved amount (layak, dibayar), and its sum. */
  nDisetujui: number;
  disetujui: number;
  /** `disetujui` minus those claims' E-Klaim final tariff (below 0: approved less). */
  selisihDisetujui: number;
}

/** The claims dashboard's figures (see `claimFigures`). */
export interface ClaimFigures {
  months: MonthFigures[];
  /** The reasons the claims still pending are held for, most frequent first. */
  topPending: { reasonCode: string; reason: string; n: number }[];
  /** 'Selisih paket' per DPJP, the largest gap (either way) first. */
  gapPerDpjp: PackageGap[];
}

const SENT: ClaimStatus[] = ["terkirim", "pending", "dispute", "layak", "dibayar"];
const zero = (): Tally => ({ n: 0, rp: 0 });
const gapOf = (dpjp: string): PackageGap => ({
  dpjp,
  n: 0,
  tanpaPaket: 0,
  petugas: 0,
  eklaim: 0,
  selisih: 0,
  nDisetujui: 0,
  disetujui: 0,
  selisihDisetujui: 0,
});

/** The claims dashboard of months `from`..`to` (`YYYY-MM`); a `belum` claim counts nowhere. */
export function claimFigures(
  claims: Claim[],
  range: { from?: string; to?: string } = {},
  assumed: (ipdId: string) => AssumedPackage | null = () => null,
): ClaimFigures {
  const months = new Map<string, MonthFigures>();
  const reasons = new Map<string, { reasonCode: string; reason: string; n: number }>();
  const dpjps = new Map<string, PackageGap>();
  for (const c of claims) {
    if (c.status === "belum") continue;
    const month = c.eklaim.discharge.slice(0, 7);
    if ((range.from && month < range.from) || (range.to && month > range.to)) continue;
    const m = months.get(month) ??
      { month, diklaim: zero(), pending: zero(), dispute: zero(), dibayar: zero() };
    months.set(month, m);
    const add = (t: Tally, rp: number) => {
      t.n++;
      t.rp += rp;
    };
    if (SENT.includes(c.status)) add(m.diklaim, c.eklaim.tarif);
    if (c.status === "dispute") add(m.dispute, c.eklaim.tarif);
    if (c.status === "dibayar") add(m.dibayar, c.paid ?? 0);
    if (c.status === "pending") {
      add(m.pending, c.eklaim.tarif);
      // the reason it is held for now (the claim's, else its last pending event's)
      const last = c.history.findLast((ev) => ev.status === "pending" && ev.reason);
      const reason = c.reason || last?.reason;
      const code = c.reason ? c.reasonCode : last?.reasonCode;
      if (reason) {
        const key = code === "lainnya" ? `lainnya:${reason}` : code ?? "";
        const r = reasons.get(key) ?? { reasonCode: code ?? "", reason, n: 0 };
        r.n++;
        reasons.set(key, r);
      }
    }
    const key = c.dpjp?._id ?? "";
    const d = dpjps.get(key) ?? gapOf(c.dpjp?.fullname ?? "(tanpa DPJP)");
    const ward = assumed(c._id);
    d.n++;
    if (!ward?.code) d.tanpaPaket++;
    d.petugas += ward?.tariff ?? 0;
    d.eklaim += c.eklaim.tarif;
    d.selisih = d.eklaim - d.petugas;
    if (c.approved != null) {
      d.nDisetujui++;
      d.disetujui += c.approved;
      d.selisihDisetujui += c.approved - c.eklaim.tarif;
    }
    dpjps.set(key, d);
  }
  return {
    months: [...months.values()].sort((a, b) => (a.month < b.month ? -1 : 1)),
    topPending: [...reasons.values()].sort((a, b) => b.n - a.n || (a.reason < b.reason ? -1 : 1))
      .slice(0, 10),
    gapPerDpjp: [...dpjps.values()].sort((a, b) =>
      Math.abs(b.selisih) - Math.abs(a.selisih) || (a.dpjp < b.dpjp ? -1 : 1)
    ),
  };
}

/** `claimFigures` of every claim, the ward's packages read from the stays' index. */
export async function claimDashboard(
  store: Store,
  range: { from?: string; to?: string } = {},
): Promise<ClaimFigures> {
  const [claims, stays] = await Promise.all([claimsOf(store).index(), visitsOf(store).index()]);
  return claimFigures(claims.rows().map((r) => r.value), range, (id) => {
    const v = stays.get(id)?.value;
    return v ? packageOf(v).assumed : null;
  });
}
