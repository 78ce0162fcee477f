import type { ComponentChildren } from "preact";
import { useEffect, useMemo, useRef, useState } from "react";
import { formatMoney, formatNumber } from "../lib/format.ts";
import {
  combineSmall,
  dpjpLink,
  icdLink,
  type Slice,
  tariffLink,
} from "../lib/report/dashboard.ts";
import type { DpjpCount, IcdCount, TariffAnalysis, TopBy } from "../lib/report/report.ts";
import type { Period } from "../lib/report/period.ts";
import { get } from "../components/ui/api.ts";
import { DpjpTable, IcdTable, TariffTable } from "../components/ChartTables.tsx";

export interface DashboardChartsProps {
  period: Period;
  /** The chart of the present (patients now in care per DPJP) instead of the period's. */
  now?: boolean;
}

type Load<T> = { state: "loading" } | { state: "error" } | { state: "ready"; data: T };

/** One report call; a failure is logged and leaves the card with its empty state. */
function useReport<T>(url: string): Load<T> {
  const [load, setLoad] = useState<Load<T>>({ state: "loading" });
  useEffect(() => {
    let live = true;
    get<T>(url)
      .then((data) => live && setLoad({ state: "ready", data }))
      .catch((e) => {
        console.error("Grafik dasbor gagal dimuat:", e);
        if (live) setLoad({ state: "error" });
      });
    return () => {
      live = false;
    };
  }, [url]);
  return load;
}

/** chart.js, loaded once the first chart has its data (the page hydrates without it). */
let charts: Promise<typeof import("casemix-charts")> | undefined;

/** The chart itself; if drawing fails the numbers below it still stand. */
function Canvas(
  { kind, slices, label, money }: {
    kind: "pie" | "bar";
    slices: Slice[];
    label: string;
    money?: boolean;
  },
) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (kind === "bar") box.current!.style.height = `${Math.max(160, 34 * slices.length + 50)}px`;
    let chart: { destroy(): void } | undefined, live = true;
    (charts ??= import("casemix-charts")).then(({ drawBar, drawPie }) => {
      if (live) chart = (kind === "pie" ? drawPie : drawBar)(canvas.current!, slices, label);
    }).catch((e) => console.error("Grafik dasbor gagal digambar:", e));
    return () => {
      live = false;
      chart?.destroy();
    };
  }, [kind, slices, label]);
  return (
    <div class={`chart-box ${kind}`} ref={box}>
      <canvas
        ref={canvas}
        role="img"
        aria-label={`${label}: ${
          slices.map((s) => `${s.label} ${(money ? formatMoney : formatNumber)(s.value)}`)
            .join(", ")
        }`}
      />
    </div>
  );
}

/** A chart card: title, then loading / failed / empty text, or the chart and its numbers. */
function Card<T>(
  { id, title, load, empty, slices, kind, table, money }: {
    id: string;
    title: string;
    load: Load<T>;
    empty: string;
    slices: (data: T) => Slice[] | null;
    kind: "pie" | "bar";
    table: (data: T) => ComponentChildren;
    /** The slices are rupiah. */
    money?: boolean;
  },
) {
  const data = load.state === "ready" ? load.data : null;
  const shown = useMemo(() => data ? slices(data) : null, [data, money]);
  return (
    <section
      class="card chart-card"
      id={id}
      aria-labelledby={`${id}-title`}
      data-state={load.state}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {load.state === "loading" && <p class="muted chart-empty">Memuat data...</p>}
      {load.state === "error" && <p class="muted chart-empty">Data tidak tersedia.</p>}
      {data && !shown && <p class="muted chart-empty">{empty}</p>}
      {data && shown && (
        <>
          <Canvas kind={kind} slices={shown} label={title} money={money} />
          {table(data)}
        </>
      )}
    </section>
  );
}

const NO_DATA = "Belum ada data pada periode ini.";

const patients = (n: number) => `${formatNumber(n)} pasien`;

/** Patients now in care per DPJP (horizontal bars): the present, whatever the period. */
function DpjpChart() {
  const dpjp = useReport<DpjpCount[]>("/api/report/dpjp-info");
  return (
    <div class="chart-grid">
      <Card
        id="chart-dpjp"
        title="Pasien Dirawat per DPJP"
        load={dpjp}
        empty="Belum ada pasien yang sedang dirawat."
        kind="bar"
        slices={(list) =>
          list.length
            ? list.map((d) => ({
              label: d.doctorInfo.fullname,
              value: d.patientCount,
              href: dpjpLink(d.doctorInfo._id),
              tip: { title: d.doctorInfo.fullname, body: patients(d.patientCount) },
            }))
            : null}
        table={(list) => <DpjpTable list={list} />}
      />
    </div>
  );
}

/** The dashboard's charts and their tables, linking to the visit list: the period's, or `now`. */
export default function DashboardCharts({ period, now }: DashboardChartsProps) {
  return now ? <DpjpChart /> : <PeriodCharts period={period} />;
}

/** What the period's pies show: patients, or rupiah (the packages, the tariff differences). */
function ByChoice({ by, onChange }: { by: TopBy; onChange: (by: TopBy) => void }) {
  const opts: [TopBy, string][] = [["pasien", "Jumlah pasien"], ["rupiah", "Rupiah"]];
  return (
    <fieldset class="chart-by">
      <legend>Grafik menurut</legend>
      {opts.map(([v, text]) => (
        <label key={v}>
          <input
            type="radio"
            name="chart-by"
            value={v}
            checked={by === v}
            onChange={() => onChange(v)}
          />
          {text}
        </label>
      ))}
    </fieldset>
  );
}

/** The period's pies (top ICD-10, ICD-9-CM, tariff analysis), by patients or by rupiah. */
function PeriodCharts({ period }: { period: Period }) {
  const [by, setBy] = useState<TopBy>("pasien");
  const money = by === "rupiah";
  const qs = `startDate=${period.startDate}&endDate=${period.endDate}`;
  const icd10 = useReport<IcdCount[]>(`/api/report/top-icd-10?${qs}&by=${by}`);
  const icd9 = useReport<IcdCount[]>(`/api/report/top-icd-9?${qs}&by=${by}`);
  const tariff = useReport<TariffAnalysis>(`/api/report/analysis-tarif-info?${qs}`);
  const figure = (n: number, rp: number) =>
    money ? `${formatMoney(rp)} · ${patients(n)}` : patients(n);
  // the tooltip names the code: 'K74.6 - Other and unspecified cirrhosis of liver', '5 pasien'
  const icdSlices = (items: IcdCount[]) =>
    items.length
      ? items.map((i) => ({
        label: i.code,
        value: money ? i.rupiah : i.count,
        href: icdLink(i.code, period),
        tip: { title: i.desc ? `${i.code} - ${i.desc}` : i.code, body: figure(i.count, i.rupiah) },
      }))
      : null;
  const sides = (t: TariffAnalysis) =>
    [
      ["positive", t.positivePercentage],
      ["negative", t.negativePercentage],
    ] as const;
  return (
    <>
      <ByChoice by={by} onChange={setBy} />
      <div class="chart-grid">
        {([
          ["chart-icd10", "10 Diagnosis (ICD-10) Terbanyak", icd10, "ICD-10"],
          ["chart-icd9", "10 Tindakan (ICD-9-CM) Terbanyak", icd9, "ICD-9-CM"],
        ] as const).map(([id, title, load, name]) => (
          <Card
            key={id}
            id={id}
            title={title}
            load={load}
            empty={NO_DATA}
            kind="pie"
            money={money}
            slices={icdSlices}
            table={(items) => <IcdTable items={items} period={period} title={name} />}
          />
        ))}
        <Card
          id="chart-tariff"
          title="Analisis Tarif INA-CBG dibanding Tarif RS"
          load={tariff}
          empty={NO_DATA}
          kind="pie"
          money={money}
          slices={(t) => {
            const s = combineSmall(
              sides(t).map(([k, v]) => ({
                label: v.label,
                value: money ? Math.abs(v.sum) : v.data,
                href: tariffLink(k, period),
                tip: { title: v.label, body: figure(v.data, v.sum) },
              })),
            );
            // 'Lainnya' (slices combined) has no tip of its own
            const tip = (x: Slice): Slice =>
              x.tip ? x : {
                ...x,
                tip: { title: x.label, body: money ? formatMoney(x.value) : patients(x.value) },
              };
            return s.length ? s.map(tip) : null;
          }}
          table={(t) => <TariffTable sides={sides(t)} period={period} />}
        />
      </div>
    </>
  );
}
