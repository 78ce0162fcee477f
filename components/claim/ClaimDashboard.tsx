import type { ClaimFigures } from "../../lib/claim/figures.ts";
import { klaimLink } from "../../lib/claim/columns.ts";
import { formatMoney, formatNumber, MONTHS } from "../../lib/format.ts";
import type { Period } from "../../lib/report/period.ts";

/** The claims part of the dashboard, for the period. */
export interface ClaimSummary {
  siap: number;
  perbaikan: number;
  figures: ClaimFigures;
}

const monthText = (m: string) => `${MONTHS[Number(m.slice(5, 7)) - 1]} ${m.slice(0, 4)}`;
const tally = (t: { n: number; rp: number }) => (
  <>
    <td class="num">{formatNumber(t.n)}</td>
    <td class="num">{formatMoney(t.rp)}</td>
  </>
);

/** 'Siap klaim' and 'Perlu perbaikan' of the period's discharges, each a link to its list. */
export function ClaimCounters({ summary, period }: { summary: ClaimSummary; period: Period }) {
  const dateRange = `${period.startDate} / ${period.endDate}`;
  const counters = [["siap", "Siap klaim", "stat"], ["perbaikan", "Perlu perbaikan", "stat bad"]];
  return (
    <>
      {(counters as ["siap" | "perbaikan", string, string][]).map(([k, label, cls]) => (
        <li key={k}>
          <a class={cls} href={klaimLink({ dateRange, readyFilter: k })} data-counter={k}>
            <span class="stat-value">{formatNumber(summary[k])}</span>
            <span class="stat-label">{label}</span>
            <small>Pulang dalam periode</small>
          </a>
        </li>
      ))}
    </>
  );
}

/** The claim figures of the period's months, the top pending reasons and the package gaps. */
export function ClaimFiguresView({ figures: f }: { figures: ClaimFigures }) {
  return (
    <section class="card claim-figures" aria-label="Klaim BPJS">
      <h3>Klaim BPJS per bulan pulang</h3>
      {f.months.length === 0
        ? <p class="muted">Belum ada klaim dalam periode ini.</p>
        : (
          <div class="data-wrap">
            <table class="data-table" data-table="bulan">
              <thead>
                <tr>
                  <th rowSpan={2}>Bulan</th>
                  {["Diklaim", "Pending", "Dispute", "Dibayar"].map((h) => (
                    <th key={h} colSpan={2}>{h}</th>
                  ))}
                </tr>
                <tr>
                  {[1, 2, 3, 4].map((
                    i,
                  ) => [<th key={`n${i}`}>Kasus</th>, <th key={`r${i}`}>Rupiah</th>])}
                </tr>
              </thead>
              <tbody>
                {f.months.map((m) => (
                  <tr key={m.month} data-month={m.month}>
                    <th scope="row">{monthText(m.month)}</th>
                    {tally(m.diklaim)}
                    {tally(m.pending)}
                    {tally(m.dispute)}
                    {tally(m.dibayar)}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      <div class="claim-figures-pair">
        <div>
          <h4>Alasan pending terbanyak</h4>
          {f.topPending.length === 0
            ? <p class="muted">Tidak ada.</p>
            : (
              <table class="data-table" data-table="pending">
                <thead>
                  <tr>
                    <th>Alasan</th>
                    <th class="num">Kasus</th>
                  </tr>
                </thead>
                <tbody>
                  {f.topPending.map((r) => (
                    <tr key={`${r.reasonCode}:${r.reason}`}>
                      <td>{r.reason}</td>
                      <td class="num">{formatNumber(r.n)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
        </div>
      </div>
      <PackageGaps gaps={f.gapPerDpjp} />
    </section>
  );
}

/** 'Selisih paket' per DPJP: the package the ward picked and the amount approved, to E-Klaim's. */
function PackageGaps({ gaps }: { gaps: ClaimFigures["gapPerDpjp"] }) {
  return (
    <div class="claim-gaps">
      <h4>Selisih paket per DPJP: dipilih petugas, final E-Klaim, disetujui</h4>
      {gaps.length === 0 ? <p class="muted">Tidak ada.</p> : (
        <div class="data-wrap">
          <table class="data-table" data-table="dpjp">
            <thead>
              <tr>
                <th>DPJP</th>
                <th class="num">Kasus</th>
                <th class="num">Paket dipilih petugas</th>
                <th class="num">Final E-Klaim</th>
                <th class="num">Selisih</th>
                <th class="num">Disetujui</th>
                <th class="num">Selisih disetujui</th>
              </tr>
            </thead>
            <tbody>
              {gaps.map((d) => (
                <tr key={d.dpjp} data-dpjp={d.dpjp}>
                  <td>{d.dpjp}</td>
                  <td class="num">
                    {formatNumber(d.n)}
                    {d.tanpaPaket > 0 && (
                      <small class="muted">{` (${formatNumber(d.tanpaPaket)} tanpa paket)`}</small>
                    )}
                  </td>
                  <td class="num">{formatMoney(d.petugas)}</td>
                  <td class="num">{formatMoney(d.eklaim)}</td>
                  <td class="num">{formatMoney(d.selisih)}</td>
                  <td class="num">
                    {d.nDisetujui ? formatMoney(d.disetujui) : "-"}
                  </td>
                  <td class="num">
                    {d.nDisetujui ? formatMoney(d.selisihDisetujui) : "-"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
