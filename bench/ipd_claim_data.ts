/**
 * What a hospital records for E-Klaim on a generated stay (bench/ipd_stay.ts), drawn from a
 * random stream of its own so the rest of the data set stays as it was: each examination's
 * tariff split into E-Klaim's categories as a ward bills it, the stay's breakdown their sum,
 * the entitled class (the room's), the way in and the SEP. A share of the stays lacks the SEP or the class
 * (`INCOMPLETE`), as one still waiting for its SEP or never completed would.
 */
import type { Examination, StayClaimFields } from "../lib/ipd/model.ts";
import { addBreakdowns, BILL_KEYS, type BillKey, type Breakdown } from "../lib/ipd/bill.ts";

/** Of the discharged stays: without a SEP, and (apart) without the entitled class. */
export const INCOMPLETE = { sep: 0.05, kelas: 0.025 };
/** Of the admitted stays, those with their SEP already (it often comes a day later). */
const OPEN_WITH_SEP = 0.7;

/** A ward's bill by share of the tariff; the rest is `prosedur_non_bedah`. */
const SHARES: [BillKey, number][] = [
  ["kamar", 0.3],
  ["keperawatan", 0.12],
  ["konsultasi", 0.08],
  ["laboratorium", 0.1],
  ["obat", 0.2],
  ["bmhp", 0.05],
];

/** An examination's tariff by category, in whole thousands, summing to it to the rupiah. */
export function examBill(rnd: () => number, tarifRs: number): Breakdown {
  const b: Breakdown = {};
  let left = tarifRs;
  const shares: [BillKey, number][] = rnd() < 0.4 ? [...SHARES, ["radiologi", 0.06]] : SHARES;
  for (const [k, share] of shares) {
    const n = Math.min(left, Math.round(tarifRs * share * (0.7 + rnd() * 0.6) / 1000) * 1000);
    if (n > 0) b[k] = n;
    left -= n;
  }
  if (left > 0) b.prosedur_non_bedah = left;
  return Object.fromEntries(BILL_KEYS.filter((k) => b[k]).map((k) => [k, b[k]]));
}

/** How the stay came in, from where the visit form says it came from. */
const WAY_IN: Record<string, string> = { IGD: "emd", Poliklinik: "outp", Rujukan: "gp" };

/**
 * The stay's claim fields and breakdown (its examinations' `tarif_rs_rincian` set here). `n`:
 * the stay's number, for a SEP unique among the stays.
 */
export function stayClaimData(
  rnd: () => number,
  s: {
    n: number;
    open: boolean;
    asal: string;
    visitDate: string;
    exams: Examination[];
    /** The room's class ("1"…"3"): a patient is mostly in the class they are entitled to. */
    roomClass: string;
  },
): StayClaimFields & { tarif_rs_rincian: Breakdown } {
  for (const e of s.exams) e.tarif_rs_rincian = examBill(rnd, e.tarif_rs);
  const withSep = s.open ? rnd() < OPEN_WITH_SEP : rnd() >= INCOMPLETE.sep;
  const kelas = !s.open && rnd() < INCOMPLETE.kelas ? "" : s.roomClass;
  // the hospital's code, the issue year and month, then a running number (E-Klaim's layout)
  const sep = `0301R001${s.visitDate.slice(2, 4)}${s.visitDate.slice(5, 7)}V${
    String(s.n).padStart(6, "0")
  }`;
  return {
    nomor_sep: withSep ? sep : "",
    kelas_rawat: kelas,
    cara_masuk: WAY_IN[s.asal] ?? "other",
    upgrade_class_class: "",
    upgrade_class_los: null,
    upgrade_class_payor: "",
    add_payment_pct: null,
    icu_los: 0,
    tarif_rs_rincian: addBreakdowns(s.exams.map((e) => e.tarif_rs_rincian!)),
  };
}
