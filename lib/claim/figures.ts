import type { Claim, ClaimStatus } from "./claim_store.ts";

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

/** The claims dashboard's figures (see `claimFigures`). */
export interface ClaimFigures {
  months: MonthFigures[];
  /** Pending reasons, most frequent first (each claim counted once per reason). */
  topPending: { reasonCode: string; reason: string; n: number }[];
  /** Package (E-Klaim TOTAL_TARIF) against the approved amount, per DPJP, largest gap first. */
  gapPerDpjp: { dpjp: string; n: number; paket: number; disetujui: number; selisih: number }[];
}

const SENT: ClaimStatus[] = ["terkirim", "pending", "dispute", "layak", "dibayar"];
const zero = (): Tally => ({ n: 0, rp: 0 });

/**
 * The claims dashboard: per month of discharge (from `from` to `to`, `YYYY-MM`, both optional)
 * the claims sent, pending, disputed and paid in counts and rupiah; the top pending reasons
 * (every pending event of the history, so a claim sent again still counts); the gap between the
 * package and the approved amount per DPJP (claims approved or paid).
 */
export function claimFigures(
  claims: Claim[],
  range: { from?: string; to?: string } = {},
): ClaimFigures {
  const months = new Map<string, MonthFigures>();
  const reasons = new Map<string, { reasonCode: string; reason: string; n: number }>();
  const dpjps = new Map<string, ClaimFigures["gapPerDpjp"][number]>();
  for (const c of claims) {
    const month = c.eklaim.discharge.slice(0, 7);
    if ((range.from && month < range.from) || (range.to && month > range.to)) continue;
    let m = months.get(month);
    if (!m) {
      months.set(
        month,
        m = { month, diklaim: zero(), pending: zero(), dispute: zero(), dibayar: zero() },
      );
    }
    const add = (t: Tally, rp: number) => {
      t.n++;
      t.rp += rp;
    };
    if (SENT.includes(c.status)) add(m.diklaim, c.eklaim.tarif);
    if (c.status === "pending") add(m.pending, c.eklaim.tarif);
    if (c.status === "dispute") add(m.dispute, c.eklaim.tarif);
    if (c.status === "dibayar") add(m.dibayar, c.paid ?? 0);
    const own = new Set<string>();
    for (const ev of c.history) {
      if (ev.status !== "pending" || !ev.reason) continue;
      const key = ev.reasonCode === "lainnya" ? `lainnya:${ev.reason}` : ev.reasonCode ?? "";
      if (own.has(key)) continue;
      own.add(key);
      const r = reasons.get(key) ?? { reasonCode: ev.reasonCode ?? "", reason: ev.reason, n: 0 };
      r.n++;
      reasons.set(key, r);
    }
    if (c.approved != null) {
      const key = c.dpjp?._id ?? "";
      const d = dpjps.get(key) ??
        { dpjp: c.dpjp?.fullname ?? "(tanpa DPJP)", n: 0, paket: 0, disetujui: 0, selisih: 0 };
      d.n++;
      d.paket += c.eklaim.tarif;
      d.disetujui += c.approved;
      d.selisih = d.paket - d.disetujui;
      dpjps.set(key, d);
    }
  }
  return {
    months: [...months.values()].sort((a, b) => (a.month < b.month ? -1 : 1)),
    topPending: [...reasons.values()].sort((a, b) => b.n - a.n || (a.reason < b.reason ? -1 : 1))
      .slice(0, 10),
    gapPerDpjp: [...dpjps.values()].sort((a, b) => b.selisih - a.selisih),
  };
}
