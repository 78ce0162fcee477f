import DashboardCharts from "../islands/DashboardCharts.tsx";
import { counterLinks } from "../lib/report/dashboard.ts";
import type { MedicalRecordInfo } from "../lib/report/report.ts";
import type { Period } from "../lib/report/period.ts";
import PeriodForm from "../islands/PeriodForm.tsx";
import { formatNumber } from "../lib/format.ts";
import { Island } from "./Island.tsx";
import { ClaimCounters, ClaimFiguresView, type ClaimSummary } from "./claim/ClaimDashboard.tsx";

/** Shown when the counters cannot be worked out (SPEC: dashboard info failure). */
export const INFO_FAILED = "Could not load new patient information.";

const COUNTERS: { key: keyof MedicalRecordInfo; label: string; note: string; tone: string }[] = [
  { key: "pasien_baru", label: "Pasien Baru", note: "Masuk hari ini", tone: "" },
  { key: "pasien_sedang_dirawat", label: "Sedang Dirawat", note: "Belum pulang", tone: "" },
  { key: "pasien_pulang_hari_ini", label: "Pulang Hari Ini", note: "Keluar hari ini", tone: "" },
  { key: "pasien_readmisi_count", label: "Readmisi", note: "Masuk dalam periode", tone: "warn" },
  {
    key: "negativePercentage",
    label: "Persentase Negatif",
    note: "Dirawat, tarif RS di atas INA-CBG",
    tone: "bad",
  },
];

/** The five counters, each a link to the list it counts; server-rendered (no script needed). */
function Counters(
  { info, period, today }: { info: MedicalRecordInfo | null; period: Period; today: string },
) {
  if (!info) {
    return <p class="alert alert-danger counters-failed" role="alert">{INFO_FAILED}</p>;
  }
  const links = counterLinks(period, today);
  return (
    <ul class="stats" aria-label="Ringkasan pasien">
      {COUNTERS.map((c) => (
        <li key={c.key}>
          <a class={c.tone ? `stat ${c.tone}` : "stat"} href={links[c.key]} data-counter={c.key}>
            <span class="stat-value">{formatNumber(info[c.key].count)}</span>
            <span class="stat-label">{c.label}</span>
            <small>{c.note}</small>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The dashboard at `/`: period, counters, the claims' counters, charts, the claim figures. */
export function Dashboard(
  { info, period, today, error, claims }: {
    info: MedicalRecordInfo | null;
    period: Period;
    today: string;
    error: string;
    /** Null when they could not be worked out (the rest of the dashboard still shows). */
    claims?: ClaimSummary | null;
  },
) {
  return (
    <div class="dashboard">
      <Island name="PeriodForm" component={PeriodForm} props={{ period, error }} />
      <Counters info={info} period={period} today={today} />
      {claims && <ClaimCounters summary={claims} period={period} />}
      <Island name="DashboardCharts" component={DashboardCharts} props={{ period }} />
      {claims && <ClaimFiguresView figures={claims.figures} />}
    </div>
  );
}
