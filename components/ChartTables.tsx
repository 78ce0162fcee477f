/** The dashboard charts' numbers, each chart's as a table under it (islands/DashboardCharts.tsx). */
import type { ComponentChildren } from "preact";
import { formatMoney, formatNumber } from "../lib/format.ts";
import { dpjpLink, icdLink, tariffLink } from "../lib/report/dashboard.ts";
import type { DpjpCount, IcdCount, TariffAnalysis } from "../lib/report/report.ts";
import type { Period } from "../lib/report/period.ts";

/** A chart's numbers as a table; the columns `num` (by index) hold numbers. */
function ChartData({ label, head, num, rows }: {
  label: string;
  head: string[];
  num: number[];
  rows: [key: string, cells: ComponentChildren[]][];
}) {
  const cls = (i: number) => num.includes(i) ? "num" : undefined;
  return (
    <table class="chart-data" aria-label={label}>
      <thead>
        <tr>
          {head.map((h, i) => <th key={h} class={cls(i)}>{h}</th>)}
        </tr>
      </thead>
      <tbody>
        {rows.map(([key, cells]) => (
          <tr key={key}>
            {cells.map((c, i) => <td key={i} class={cls(i)}>{c}</td>)}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The codes counted, each a link to its visit list: the name (English under it), count, rupiah. */
export const IcdTable = (
  { items, period, title }: { items: IcdCount[]; period: Period; title: string },
) => (
  <ChartData
    label={`Data ${title}`}
    head={["Kode", "Deskripsi", "Jumlah pasien", "Nilai INA-CBG"]}
    num={[2, 3]}
    rows={items.map((i) => [
      i.code,
      [
        <a key="a" href={icdLink(i.code, period)}>{i.code}</a>,
        <span key="d">
          {i.desc || "-"}
          {i.descEn && <span class="desc-en" lang="en">{i.descEn}</span>}
        </span>,
        formatNumber(i.count),
        formatMoney(i.rupiah),
      ],
    ])}
  />
);

/** The two sides of the tariff analysis: patients and the difference, each a link. */
export const TariffTable = ({ sides, period }: {
  sides: readonly (readonly ["positive" | "negative", TariffAnalysis["positivePercentage"]])[];
  period: Period;
}) => (
  <ChartData
    label="Data analisis tarif"
    head={["Persentase", "Jumlah pasien", "Selisih tarif"]}
    num={[1, 2]}
    rows={sides.map(([k, v]) => [
      k,
      [
        <a key="a" href={tariffLink(k, period)}>{v.label}</a>,
        formatNumber(v.data),
        formatMoney(v.sum),
      ],
    ])}
  />
);

/** Patients in care per DPJP, each a link to their list. */
export const DpjpTable = ({ list }: { list: DpjpCount[] }) => (
  <ChartData
    label="Data pasien per DPJP"
    head={["DPJP", "Pasien dirawat"]}
    num={[1]}
    rows={list.map((d) => [
      d.doctorInfo._id,
      [
        <a key="a" href={dpjpLink(d.doctorInfo._id)}>{d.doctorInfo.fullname}</a>,
        formatNumber(d.patientCount),
      ],
    ])}
  />
);
