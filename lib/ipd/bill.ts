import { badRequest } from "../errors.ts";
import { formatMoney, readRupiah } from "../format.ts";

/**
 * The hospital tariff by E-Klaim's 18 categories (`tarif_rs` of E-Klaim's `set_claim_data`, whose
 * sum is the tariff), free of storage and safe in the browser. An examination and a stay each
 * keep a `Breakdown` (`tarif_rs_rincian`); one written before they were kept has none and reads
 * as its whole tariff in the category the settings name (`examBreakdown`, `stayBreakdown`).
 */

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

/**
 * A breakdown as kept: whole rupiah by category, only the categories that hold an amount, in
 * E-Klaim's order; a category not listed holds 0.
 */
export type Breakdown = Partial<Record<BillKey, number>>;

/** A breakdown with every category (API answers, E-Klaim). */
export type FullBreakdown = Record<BillKey, number>;

/** The amounts of `b` other than 0, in E-Klaim's order. */
export function compactBreakdown(b: Breakdown): Breakdown {
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

/** An examination's breakdown; without one (written before it was kept), its tariff in `category`. */
export const examBreakdown = (
  e: { tarif_rs: number; tarif_rs_rincian?: Breakdown },
  category: BillKey,
): Breakdown => e.tarif_rs_rincian ?? wholeIn(e.tarif_rs, category);

/** A stay's breakdown; without one (written before it was kept), its total in `category`. */
export const stayBreakdown = (
  v: { tarifRsTotal: number; tarif_rs_rincian?: Breakdown },
  category: BillKey,
): Breakdown => v.tarif_rs_rincian ?? wholeIn(v.tarifRsTotal, category);

/** The per-category sum of breakdowns. */
export function addBreakdowns(list: Breakdown[]): Breakdown {
  const out: Breakdown = {};
  for (const b of list) for (const k of BILL_KEYS) if (b[k]) out[k] = (out[k] ?? 0) + b[k];
  return compactBreakdown(out);
}

/**
 * A stay's breakdown after its examinations changed: their per-category sum (`after`) with the
 * amounts the clerk moved between categories at discharge carried over (the stay's breakdown
 * `kept` less the examinations' sum `before`), when those moves sum to 0 and leave every
 * category at 0 or more; else `after` alone. Either way it sums to the examinations' total.
 */
export function carryMoves(
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

/**
 * A stay's breakdown after its examinations went from `old` to `now`: `carryMoves` over their
 * per-category sums, examinations without a breakdown read in `category`.
 */
export function billAfter(
  kept: Breakdown | undefined,
  old: { tarif_rs: number; tarif_rs_rincian?: Breakdown }[],
  now: { tarif_rs: number; tarif_rs_rincian?: Breakdown }[],
  category: BillKey,
): Breakdown {
  const sum = (l: typeof old) => addBreakdowns(l.map((e) => examBreakdown(e, category)));
  return carryMoves(kept, sum(old), sum(now));
}

/** Why a breakdown summing to `sum` does not fit `total` (said as `label`); null when it does. */
export function sumProblem(sum: number, total: number, label: string): string | null {
  if (sum === total) return null;
  return `Rincian tarif RS berjumlah ${formatMoney(sum)}, ${label} ${formatMoney(total)}: ` +
    `selisih ${formatMoney(Math.abs(sum - total))} (rincian ${sum < total ? "kurang" : "lebih"}).`;
}

/**
 * Why a stay's breakdown is not one E-Klaim takes (the lead's readiness rule, the bridge): an
 * unknown category, an amount that is not whole rupiah 0 or more, or a sum other than the stay's
 * `tarifRsTotal`, the difference named. Null when it is right, or when the stay has none (it
 * reads as its total in one category, `stayBreakdown`): also for a discharged stay as the index
 * keeps it, which keeps the breakdown only when this finds a problem (`slimVisit`).
 */
export function breakdownProblem(
  stay: { tarifRsTotal: number; tarif_rs_rincian?: Breakdown },
): string | null {
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
 * The breakdown a request gives (`tarif_rs_rincian[kamar]=500000`, or in JSON an object under
 * `tarif_rs_rincian`, which `readForm` flattens so), each amount read as `money()` reads one;
 * a category left out holds 0. Null when it gives none. 400 naming the input for an unknown
 * category or an amount refused.
 */
export function readBreakdown(fields: Record<string, string | string[]>): Breakdown | null {
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
  return given ? compactBreakdown(out) : null;
}

/**
 * The breakdown a request gives (`readBreakdown`; null when none), refused with 400 naming the
 * difference unless it sums to `total` (said as `label`).
 */
export function givenBreakdown(
  fields: Record<string, string | string[]>,
  total: number,
  label: string,
): Breakdown | null {
  const b = readBreakdown(fields);
  const problem = b && sumProblem(breakdownSum(b), total, label);
  if (problem) throw badRequest(problem).at(BILL_FIELD);
  return b;
}

/**
 * A stay or examination as the API answers it: `tarif_rs_rincian` with all 18 categories, the
 * whole tariff in `category` where it has none.
 */
export function breakdownJson<T extends Record<string, unknown>>(doc: T, category: BillKey): T {
  const b = doc[BILL_FIELD] as Breakdown | undefined;
  const total = Number("tarifRsTotal" in doc ? doc.tarifRsTotal : doc.tarif_rs) || 0;
  return { ...doc, [BILL_FIELD]: fullBreakdown(b ?? wholeIn(total, category)) };
}
