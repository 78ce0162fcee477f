import type { Visit } from "./model.ts";
import { percentage, type StayTotals } from "./rules.ts";

/** The source of a package the clerk picked from the tariff table (no E-Klaim group yet). */
export const PICKED = "dipilih petugas";

/** A package as the app picked it: the last grouping chosen in the examinations. */
export interface AssumedPackage {
  /** INA-CBG code; null when no examination chose a grouping. */
  code: string | null;
  tariff: number;
  /** Tariff class first|second|third ('' when none). */
  kelas: string;
}

/** E-Klaim's group of a stay (its grouper through the bridge, or an imported TXT). */
export interface EklaimPackage {
  code: string;
  description: string;
  /** The tariff E-Klaim grouped, special CMGs included (rupiah). */
  tariff: number;
  kelas: string;
  /** 'E-Klaim 5.10.7' (`eklaimSource`). */
  source: string;
  /** When E-Klaim grouped it (ISO instant). */
  at: string;
}

/** A stay's package in force, where it comes from, and what the ward assumed. */
export interface StayPackage {
  code: string | null;
  /** E-Klaim's description ('' for a package picked in the app: the examination holds it). */
  description: string;
  tariff: number;
  kelas: string;
  fromEklaim: boolean;
  /** 'E-Klaim 5.10.7' or 'dipilih petugas'. */
  source: string;
  /** When E-Klaim grouped it (null: picked in the app). */
  at: string | null;
  /** The ward's assumption: the last package picked in the app (the same while not grouped). */
  assumed: AssumedPackage;
}

/** The package fields of a stay (`Visit`), for the pure functions below. */
type Packaged = Pick<
  Visit,
  | "inacbg"
  | "inacbgKelas"
  | "tarifInaTotal"
  | "paket_sumber"
  | "paket_deskripsi"
  | "paket_waktu"
  | "petugas_inacbg"
  | "petugas_tarif"
  | "petugas_kelas"
>;

/**
 * The package in force of a stay, as everything shows it: E-Klaim's group once set
 * (`paket_sumber`), else the app's pick; `assumed` is the app's pick either way.
 */
export function packageOf(v: Packaged): StayPackage {
  const app: AssumedPackage = v.paket_sumber
    ? { code: v.petugas_inacbg ?? null, tariff: v.petugas_tarif ?? 0, kelas: v.petugas_kelas ?? "" }
    : { code: v.inacbg ?? null, tariff: v.tarifInaTotal ?? 0, kelas: v.inacbgKelas ?? "" };
  return {
    code: v.inacbg ?? null,
    description: v.paket_sumber ? v.paket_deskripsi ?? "" : "",
    tariff: v.tarifInaTotal ?? 0,
    kelas: v.inacbgKelas ?? "",
    fromEklaim: !!v.paket_sumber,
    source: v.paket_sumber || PICKED,
    at: v.paket_sumber ? v.paket_waktu ?? null : null,
    assumed: app,
  };
}

/** What the stay's totals hold of the package, as `stayTotals` computes them. */
type PackageTotals = Omit<StayTotals, "order" | "percentages">;

/** Totals `t` with INA-CBG tariff `ina`, percentages measured against it (none unbilled). */
function withIna<T extends PackageTotals>(t: T, ina: number): T {
  const billed = t.latestTarifRs !== null;
  const pct = billed ? percentage(ina, t.tarifRsTotal) : null;
  return {
    ...t,
    tarifInaTotal: ina,
    percentageTotal: pct,
    latestTarifIna: billed ? ina : null,
    latestPercentage: pct,
  };
}

/** The app's totals `app` with E-Klaim's package `g` in force, the app's pick as `petugas_*`. */
function inForce(app: PackageTotals, g: EklaimPackage) {
  return {
    ...withIna({ ...app, inacbg: g.code, inacbgKelas: g.kelas }, g.tariff),
    paket_sumber: g.source,
    paket_deskripsi: g.description,
    paket_waktu: g.at,
    petugas_inacbg: app.inacbg,
    petugas_tarif: app.tarifInaTotal,
    petugas_kelas: app.inacbgKelas,
  };
}

/** The package in force as an `EklaimPackage`, or null while the app's pick is in force. */
export function eklaimPackageOf(v: Packaged): EklaimPackage | null {
  if (!v.paket_sumber) return null;
  return {
    code: v.inacbg ?? "",
    description: v.paket_deskripsi ?? "",
    tariff: v.tarifInaTotal ?? 0,
    kelas: v.inacbgKelas ?? "",
    source: v.paket_sumber,
    at: v.paket_waktu ?? "",
  };
}

/** The stay's totals after an examination change: `totals`, under E-Klaim's package if grouped. */
export function totalsOf(stay: Packaged, totals: PackageTotals): PackageTotals & Partial<Visit> {
  const g = eklaimPackageOf(stay);
  return g ? inForce(totals, g) : totals;
}

/** The app's own package of a stay (its `stayTotals`, or the `petugas_*` kept once grouped). */
export function assumedTotals(
  v: Pick<Visit, keyof PackageTotals | keyof Packaged>,
): PackageTotals {
  const base = {
    tarifRsTotal: v.tarifRsTotal,
    latestTarifRs: v.latestTarifRs,
    inacbg: v.inacbg ?? null,
    inacbgKelas: v.inacbgKelas ?? "",
    tarifInaTotal: v.tarifInaTotal,
    percentageTotal: v.percentageTotal,
    latestTarifIna: v.latestTarifIna,
    latestPercentage: v.latestPercentage,
  };
  if (!v.paket_sumber) return base;
  const app = { ...base, inacbg: v.petugas_inacbg ?? null, inacbgKelas: v.petugas_kelas ?? "" };
  return withIna(app, v.petugas_tarif ?? 0);
}

/** Stay `v` with E-Klaim's package `g` in force, the app's (`app`, `assumedTotals`) as assumed. */
export function withEklaimPackage<V extends Visit>(v: V, g: EklaimPackage, app?: PackageTotals): V {
  return { ...v, ...inForce(app ?? assumedTotals(v), g) };
}

/** Whether stay `v` already has E-Klaim's package `g` in force (its time aside). */
export function hasPackage(v: Packaged, g: EklaimPackage): boolean {
  return v.paket_sumber === g.source && v.inacbg === g.code && v.tarifInaTotal === g.tariff &&
    (v.inacbgKelas ?? "") === g.kelas && (v.paket_deskripsi ?? "") === g.description;
}

/** E-Klaim's tariff classes (`kelas_1`…, or the TXT's KELAS_RAWAT 1–3) as the app's. */
const KELAS: Record<string, string> = {
  kelas_1: "first",
  kelas_2: "second",
  kelas_3: "third",
  "1": "first",
  "2": "second",
  "3": "third",
};

/** A tariff class as E-Klaim writes it, as the app keeps it ('' when unknown). */
export const kelasOf = (k: string | undefined): string =>
  KELAS[(k ?? "").trim().toLowerCase()] ?? "";

/** E-Klaim's package's source shown: 'E-Klaim 5.10.7' from `inacbg_version`, else 'E-Klaim'. */
export function eklaimSource(version: string | undefined): string {
  const v = (version ?? "").trim().match(/^\d+(?:\.\d+){0,2}/)?.[0];
  return v ? `E-Klaim ${v}` : "E-Klaim";
}
