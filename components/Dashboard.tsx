import type { ComponentChildren } from "preact";
import DashboardCharts from "../islands/DashboardCharts.tsx";
import { counterLinks } from "../lib/report/dashboard.ts";
import type { MedicalRecordInfo } from "../lib/report/report.ts";
import type { Period } from "../lib/report/period.ts";
import PeriodForm from "../islands/PeriodForm.tsx";
import { formatMoney, formatNumber } from "../lib/format.ts";
import { Island } from "./Island.tsx";
import { ClaimCounters, ClaimFiguresView, type ClaimSummary } from "./claim/ClaimDashboard.tsx";

/** Shown when the counters cannot be worked out (SPEC: dashboard info failure). */
const INFO_FAILED = "Could not load new patient information.";

type Counter = {
  key: keyof MedicalRecordInfo;
  label: string;
  note: string;
  tone: string;
  more?: (info: MedicalRecordInfo) => string;
};

/** Today's and the present counters: they never follow the period. */
const NOW: Counter[] = [
  { key: "pasien_baru", label: "Pasien Baru", note: "Masuk hari ini", tone: "" },
  { key: "pasien_sedang_dirawat", label: "Sedang Dirawat", note: "Belum pulang", tone: "" },
  { key: "pasien_pulang_hari_ini", label: "Pulang Hari Ini", note: "Keluar hari ini", tone: "" },
  {
    // a count of stays (the spec's key keeps its name)
    key: "negativePercentage",
    label: "Pasien Tarif Negatif",
    note: "Sedang dirawat, tarif RS di atas INA-CBG",
    tone: "bad",
    more: (i) =>
      i.negativePercentage.rupiah > 0
        ? `${formatMoney(i.negativePercentage.rupiah)} di atas paket`
        : "",
  },
];

/** The counter that follows the period (the claims' two join it). */
const IN_PERIOD: Counter[] = [
  { key: "pasien_readmisi_count", label: "Readmisi", note: "Masuk dalam periode", tone: "warn" },
];

/** Counters, each a link to the list it counts; server-rendered (no script needed). */
function Counters({ info, period, today, list, label, children }: {
  info: MedicalRecordInfo | null;
  period: Period;
  today: string;
  list: Counter[];
  label: string;
  children?: ComponentChildren;
}) {
  if (!info) {
    return <p class="alert alert-danger counters-failed" role="alert">{INFO_FAILED}</p>;
  }
  const links = counterLinks(period, today);
  return (
    <ul class="stats" aria-label={label}>
      {list.map((c) => (
        <li key={c.key}>
          <a class={c.tone ? `stat ${c.tone}` : "stat"} href={links[c.key]} data-counter={c.key}>
            <span class="stat-value">{formatNumber(info[c.key].count)}</span>
            <span class="stat-label">{c.label}</span>
            <small>{c.note}</small>
            {c.more?.(info) && <small class="stat-more" data-more>{c.more(info)}</small>}
          </a>
        </li>
      ))}
      {children}
    </ul>
  );
}

const Part = (
  { id, title, children }: { id: string; title: string; children: ComponentChildren },
) => (
  <section class="dash-part" aria-labelledby={id}>
    <h2 id={id} class="dash-title">{title}</h2>
    {children}
  </section>
);

/** The dashboard at `/`: today's counters, what follows the period, the patients now in care. */
export function Dashboard(
  { info, period, previous, today, error, claims }: {
    info: MedicalRecordInfo | null;
    period: Period;
    /** Last month ('Bulan lalu'). */
    previous: Period;
    today: string;
    error: string;
    /** Null when they could not be worked out (the rest of the dashboard still shows). */
    claims?: ClaimSummary | null;
  },
) {
  const at = { info, period, today };
  return (
    <div class="dashboard">
      <Part id="dash-now" title="Hari ini">
        <Counters {...at} list={NOW} label="Pasien hari ini" />
      </Part>
      <Part id="dash-period" title="Menurut periode">
        <Island name="PeriodForm" component={PeriodForm} props={{ period, previous, error }} />
        <Counters {...at} list={IN_PERIOD} label="Readmisi dan kelengkapan klaim dalam periode">
          {claims && <ClaimCounters summary={claims} period={period} />}
        </Counters>
        <Island name="DashboardCharts" component={DashboardCharts} props={{ period }} />
        {claims && <ClaimFiguresView figures={claims.figures} />}
      </Part>
      <Part id="dash-care" title="Sedang dirawat">
        <Island name="DashboardCharts" component={DashboardCharts} props={{ period, now: true }} />
      </Part>
    </div>
  );
}
