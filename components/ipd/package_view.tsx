import { type AssumedPackage, packageOf, type StayPackage } from "../../lib/ipd/package.ts";
import type { Visit } from "../../lib/ipd/model.ts";
import { formatDateTime, formatMoney } from "../../lib/format.ts";

const CLASSES: Record<string, string> = { first: "Kelas 1", second: "Kelas 2", third: "Kelas 3" };
/** A tariff class in words ('Kelas 2'), by its key (`second`). */
export const classText = (k: string): string | undefined => CLASSES[k];

type Packaged = Parameters<typeof packageOf>[0];

/** Whether a stay has examinations yet (before the first, its tariffs are shown as '-'). */
export const hasExams = (row: { ipddetails?: unknown; examCount?: number }) =>
  (row.examCount ?? (Array.isArray(row.ipddetails) ? row.ipddetails.length : 0)) > 0;

/** A package as one line: 'J-4-16-II - PNEUMONIA (Kelas 2)'; '-' when none was picked. */
export function packageText(p: { code: string | null; kelas: string }, description = ""): string {
  if (!p.code) return "-";
  const cls = CLASSES[p.kelas];
  return `${p.code}${description ? ` - ${description}` : ""}${cls ? ` (${cls})` : ""}`;
}

const assumedText = (a: AssumedPackage) =>
  a.code ? `${packageText(a)} · ${formatMoney(a.tariff)}` : "Belum dipilih";

/** Where a package comes from: 'E-Klaim 5.10.7, grouping 24-11-2026 10:00' or 'dipilih petugas'. */
export const sourceText = (p: StayPackage): string =>
  p.fromEklaim && p.at ? `${p.source}, grouping ${formatDateTime(p.at)}` : p.source;

/** The package in force as label-value pairs (once E-Klaim grouped, with what the ward picked). */
export function packageFacts(v: Packaged): [string, string][] {
  const p = packageOf(v);
  const facts: [string, string][] = [
    ["Paket INA-CBG", packageText(p, p.description)],
    ["Sumber Paket", sourceText(p)],
  ];
  if (p.fromEklaim) facts.push(["Dipilih Petugas", assumedText(p.assumed)]);
  return facts;
}

/** A list's 'Total INA-CBG': the package in force, its code and source under it. */
export function PackageTotal({ row }: { row: Packaged & Partial<Visit> & { examCount?: number } }) {
  const p = packageOf(row);
  const shown = hasExams(row) || p.fromEklaim;
  return (
    <span class="package-total" data-sumber={p.fromEklaim ? "eklaim" : "petugas"}>
      {shown ? formatMoney(p.tariff) : "-"}
      {p.code && (
        <small class={`package-source${p.fromEklaim ? " eklaim" : ""}`} title={sourceText(p)}>
          {`${p.code} · ${p.fromEklaim ? p.source : "petugas"}`}
        </small>
      )}
    </span>
  );
}

/** Under the stay's totals once E-Klaim grouped it: what an examination's grouping now changes. */
export function PackageNote({ visit }: { visit: Packaged }) {
  if (!visit.paket_sumber) return null;
  return (
    <p class="muted package-note" data-paket="catatan">
      {`Paket yang berlaku dari ${visit.paket_sumber}. Grouping yang dipilih pada pemeriksaan ` +
        "tercatat sebagai paket dipilih petugas, sampai E-Klaim melakukan grouping ulang."}
    </p>
  );
}
