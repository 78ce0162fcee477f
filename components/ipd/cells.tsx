import type { IcdItem } from "../../lib/ipd/model.ts";
import { analysisColour, formatPercent } from "../../lib/ipd/rules.ts";
import type { ColumnDef } from "../../lib/resource/resource.ts";
import { formatAge, formatDateTime, formatDay, formatMoney } from "../../lib/format.ts";
import { hospitalDay } from "../../lib/hospital_time.ts";
import type { Row } from "../ui/use_server_table.ts";
import { hasExams, PackageTotal } from "./package_view.tsx";

/** 'Nama (ERM)'. */
export const patientText = (p: { fullname?: string; erm?: string } | null | undefined) =>
  p ? `${p.fullname ?? ""} (${p.erm ?? ""})` : "-";

/** The birth date and age on admission: '01-05-1980 (45 tahun)'; 'belum diisi' when none. */
export function birthText(p: { tgl_lahir?: string } | null | undefined, visitDate: string) {
  if (!p?.tgl_lahir) return "belum diisi";
  const age = visitDate ? formatAge(p.tgl_lahir, hospitalDay(visitDate)) : "";
  return age ? `${formatDay(p.tgl_lahir)} (${age})` : formatDay(p.tgl_lahir);
}

/** What a stay's confirmation names: 'Budi Santoso · No. ERM 000123', then when (Masuk …). */
export function stayRecord(
  v: { pasien?: { fullname?: string; erm?: string } | null; visitDate?: string },
  examinationDate?: string,
): string {
  const who = `${v.pasien?.fullname ?? "-"} · No. ERM ${v.pasien?.erm ?? "-"}`;
  const when = examinationDate
    ? `Pemeriksaan ${formatDateTime(examinationDate)}`
    : v.visitDate
    ? `Masuk ${formatDateTime(v.visitDate)}`
    : "";
  return when ? `${who}\n${when}` : who;
}

/** A percentage with its analysis colour as a class: `pct pct-red|yellow|green`. */
export function Percent({ value, where }: { value: unknown; where: "list" | "exam" }) {
  const p = typeof value === "number" ? value : null;
  const colour = analysisColour(p, where);
  return <span class={`pct${colour ? ` pct-${colour}` : ""}`}>{formatPercent(p)}</span>;
}

/** 'code - description' per line (narrow screens show the code, the title the rest). */
export function IcdList({ items }: { items: IcdItem[] | null | undefined }) {
  if (!items?.length) return <>-</>;
  return (
    <ul class="icd-list">
      {items.map((i) => (
        <li key={i._id} title={`${i.code} - ${i.desc}`}>
          <span class="icd-code">{i.code}</span>
          {` - ${i.desc}`}
        </li>
      ))}
    </ul>
  );
}

/** A date-time cell: date and time each kept whole, so a narrow column wraps between them. */
export function When({ at }: { at: unknown }) {
  const s = formatDateTime(at);
  const cut = s.indexOf(" ");
  if (cut < 0) return <>{s}</>;
  return (
    <>
      <span class="nowrap">{s.slice(0, cut)}</span> <span class="nowrap">{s.slice(cut + 1)}</span>
    </>
  );
}

const get = (row: Row, path: string): unknown =>
  path.split(".").reduce<unknown>((v, k) => (v == null ? v : (v as Row)[k]), row);

/** A cell of either stay list. */
export function visitCell(c: ColumnDef, row: Row) {
  const v = get(row, c.data);
  switch (c.data) {
    case "pasien.fullname":
      return patientText(row.pasien as { fullname: string; erm: string });
    case "percentageTotal":
      return <Percent value={v} where="list" />;
    case "tarifInaTotal":
      return <PackageTotal row={row as Parameters<typeof PackageTotal>[0]["row"]} />;
    case "lama_rawat":
      return v == null ? "-" : `${v} Hari`;
    case "summary_diagnosis":
    case "summary_tindakan":
      return <IcdList items={v as IcdItem[]} />;
  }
  if (c.format === "money") return hasExams(row) ? formatMoney(v) : "-";
  if (c.format === "datetime") return <When at={v} />;
  return v == null || v === "" ? "-" : String(v);
}

/** Rows whose readmission reason is 'none' (unplanned) are red with white text. */
export const visitRowClass = (row: Row) =>
  row.readmisi_reason === "none" ? "row-readmit-none" : undefined;
