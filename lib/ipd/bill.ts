import { badRequest } from "../errors.ts";
import { formatMoney, readRupiah } from "../format.ts";

// The hospital tariff by E-Klaim's 18 categories (`tarif_rs` of `set_claim_data`); browser-safe.

/** E-Klaim's categories in E-Klaim's order, with the labels of its screens. */
export const BILL_CATEGORIES = [
  ["prosedur_non_bedah", "Prosedur Non Bedah"],
  ["prosedur_bedah", "Prosedur Bedah"],
  ["konsultasi", "Konsultasi"],
  ["tenaga_ahli", "Tenaga Ahli"],
  ["keperawatan", "Keperawatan"],
  ["penunjang", "Penunjang"],
  ["radiologi", "Radiologi"],
  ["laboratorium", "Laboratorium"],
  ["pelayanan_darah", "Pelayanan Darah"],
  ["rehabilitasi", "Rehabilitasi"],
  ["kamar", "Kamar / Akomodasi"],
  ["rawat_intensif", "Rawat Intensif"],
  ["obat", "Obat"],
  ["obat_kronis", "Obat Kronis"],
  ["obat_kemoterapi", "Obat Kemoterapi"],
  ["alkes", "Alkes"],
  ["bmhp", "BMHP"],
  ["sewa_alat", "Sewa Alat"],
] as const;

/** A category's key, as E-Klaim names it. */
export type BillKey = (typeof BILL_CATEGORIES)[number][0];

/** The 18 keys in E-Klaim's order. */
export const BILL_KEYS: readonly BillKey[] = BILL_CATEGORIES.map(([k]) => k);

/** Each category's label. */
export const BILL_LABELS = Object.fromEntries(BILL_CATEGORIES) as Record<BillKey, string>;

/** Whether `k` is one of the 18 keys. */
export const isBillKey = (k: string): k is BillKey => Object.hasOwn(BILL_LABELS, k);

/** The category a tariff entered as one number goes to until the settings name another. */
export const DEFAULT_BILL_CATEGORY: BillKey = "prosedur_non_bedah";

/** The input name of the breakdown (`tarif_rs_rincian[kamar]` in a form body). */
export const BILL_FIELD = "tarif_rs_rincian";

/** A breakdown as kept: whole rupiah by category, only those holding an amount, E-Klaim's order. */
export type Breakdown = Partial<Record<BillKey, number>>;

/** A breakdown with every category (API answers, E-Klaim). */
export type FullBreakdown = Record<BillKey, number>;

/** The amounts of `b` other than 0, in E-Klaim's order. */
function compactBreakdown(b: Breakdown): Breakdown {
  const out: Breakdown = {};
  for (const k of BILL_KEYS) if (b[k]) out[k] = b[k];
  return out;
}

/** Every category of `b`, 0 where it holds nothing. */
export function fullBreakdown(b: Breakdown): FullBreakdown {
  return Object.fromEntries(BILL_KEYS.map((k) => [k, b[k] ?? 0])) as FullBreakdown;
}

/** The sum of a breakdown's amounts. */
export const breakdownSum = (b: Breakdown): number =>
  Object.values(b).reduce((n: number, v) => n + (v ?? 0), 0);

/** A tariff entered as one number: all of it in `category`. */
export const wholeIn = (total: number, category: BillKey): Breakdown =>
  total ? { [category]: total } : {};

/** A stay (`tarifRsTotal`) or an examination (`tarif_rs`) with its breakdown, if any. */
type Billed = { tarifRsTotal?: number; tarif_rs?: number; tarif_rs_rincian?: Breakdown };

/** A stay's or examination's breakdown; one written before it was kept: all in `category`. */
export const stayBreakdown = (d: Billed, category: BillKey): Breakdown =>
  d.tarif_rs_rincian ?? wholeIn(Number(d.tarifRsTotal ?? d.tarif_rs) || 0, category);

/** An examination's breakdown (`stayBreakdown`). */
export const examBreakdown = stayBreakdown;

/** The per-category sum of breakdowns. */
export function addBreakdowns(list: Breakdown[]): Breakdown {
  const out: Breakdown = {};
  for (const b of list) for (const k of BILL_KEYS) if (b[k]) out[k] = (out[k] ?? 0) + b[k];
  return compactBreakdown(out);
}

// The examinations' new sum `after` plus the clerk's moves at discharge (`kept` less their old sum
// `before`) while those sum to 0 and leave no category below 0; else `after`. Sums to the total.
function carryMoves(
  kept: Breakdown | undefined,
  before: Breakdown,
  after: Breakdown,
): Breakdown {
  if (!kept) return after;
  const out: Breakdown = {};
  let moved = 0;
  for (const k of BILL_KEYS) {
    const d = (kept[k] ?? 0) - (before[k] ?? 0);
    const n = (after[k] ?? 0) + d;
    if (n < 0) return after;
    moved += d;
    if (n) out[k] = n;
  }
  return moved === 0 ? out : after;
}

/** A stay's breakdown `kept` after its examinations went from `old` to `now` (`carryMoves`). */
export function billAfter(
  kept: Breakdown | undefined,
  old: Billed[],
  now: Billed[],
  category: BillKey,
): Breakdown {
  const sum = (l: Billed[]) => addBreakdowns(l.map((e) => stayBreakdown(e, category)));
  return carryMoves(kept, sum(old), sum(now));
}

/** Why a breakdown summing to `sum` does not fit `total` (said as `label`); null when it does. */
export function sumProblem(sum: number, total: number, label: string): string | null {
  if (sum === total) return null;
  return `Rincian tarif RS berjumlah ${formatMoney(sum)}, ${label} ${formatMoney(total)}: ` +
    `selisih ${formatMoney(Math.abs(sum - total))} (rincian ${sum < total ? "kurang" : "lebih"}).`;
}

/** Why a stay's breakdown is not one E-Klaim takes (category, amount, sum); null if fine/none. */
export function breakdownProblem(stay: { tarifRsTotal: number; tarif_rs_rincian?: Breakdown }) {
  const b = stay.tarif_rs_rincian;
  if (!b) return null;
  for (const [k, n] of Object.entries(b)) {
    if (!isBillKey(k)) return `Rincian tarif RS memuat kategori yang tidak dikenal: ${k}.`;
    if (!Number.isSafeInteger(n) || n! < 0) {
      return `Rincian tarif RS ${BILL_LABELS[k]} bukan rupiah bulat 0 atau lebih (${n}).`;
    }
  }
  return sumProblem(breakdownSum(b), stay.tarifRsTotal, "Total RS");
}

/**
 * The breakdown a request gives (`tarif_rs_rincian[kamar]=500000`), null when none; 400 for an
 * unknown category, an amount refused, or a sum other than `total` (said as `label`).
 */
export function givenBreakdown(
  fields: Record<string, string | string[]>,
  total: number,
  label: string,
): Breakdown | null {
  if (typeof fields[BILL_FIELD] === "string" && fields[BILL_FIELD] !== "") {
    throw badRequest(
      `Rincian tarif RS dikirim per kategori: ${BILL_FIELD}[kamar]=500000 (JSON: objek ` +
        `${BILL_FIELD} dengan kunci kategori E-Klaim).`,
    ).at(BILL_FIELD);
  }
  const out: Breakdown = {};
  let given = false;
  for (const [name, v] of Object.entries(fields)) {
    const m = name.match(/^tarif_rs_rincian\[(.*)\]$/);
    if (!m) continue;
    given = true;
    if (!isBillKey(m[1])) {
      throw badRequest(
        `Kategori rincian tarif RS tidak dikenal: "${m[1]}" (kategori E-Klaim: ` +
          `${BILL_KEYS.join(", ")}).`,
      ).at(BILL_FIELD);
    }
    const r = readRupiah(Array.isArray(v) ? v.join(",") : v, `Rincian ${BILL_LABELS[m[1]]}`);
    if (r.error !== undefined) throw badRequest(r.error).at(name);
    if (r.value) out[m[1]] = r.value;
  }
  if (!given) return null;
  const problem = sumProblem(breakdownSum(out), total, label);
  if (problem) throw badRequest(problem).at(BILL_FIELD);
  return compactBreakdown(out);
}

/** A stay or examination as the API answers it: `tarif_rs_rincian` with all 18 categories. */
export const breakdownJson = <T extends Record<string, unknown>>(doc: T, category: BillKey): T => ({
  ...doc,
  [BILL_FIELD]: fullBreakdown(stayBreakdown(doc as Billed, category)),
});
