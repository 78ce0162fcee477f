import { formatDateTime, formatMoney } from "../../lib/format.ts";
import { birthText, hasExams, patientText, Percent } from "./cells.tsx";
import type { VisitRow } from "../../lib/ipd/columns.ts";

/** The top of a stay's examination page: who, where, since when, and the stay's totals. */
export function VisitHeader({ visit: v }: { visit: VisitRow }) {
  const money = (n: number) => hasExams(v) ? formatMoney(n) : "-";
  return (
    <section class="ipd-header card" aria-label="Ringkasan kunjungan">
      <div>
        <h2>{patientText(v.pasien)}</h2>
        <p class="muted" data-patient="birth">
          {`Tgl. lahir ${birthText(v.pasien, v.visitDate)}` +
            (v.pasien?.nomor_kartu ? ` · No. Kartu BPJS ${v.pasien.nomor_kartu}` : "")}
        </p>
        <p class="muted">
          {`Masuk ${formatDateTime(v.visitDate)} · ${v.room?.name ?? "-"} · DPJP ${
            v.dpjp?.fullname ?? "-"
          } · ${v.lama_rawat ?? "-"} Hari`}
        </p>
        <p>
          <span class={`status status-${v.status}`}>
            {v.status === "pulang" ? `Pulang ${formatDateTime(v.tanggal_pulang)}` : "Dirawat"}
          </span>
          {v.readmisi && <span class="status status-readmisi">Readmisi</span>}
        </p>
      </div>
      <dl class="totals">
        <div>
          <dt>Total INA-CBG</dt>
          <dd data-total="ina">{money(v.tarifInaTotal)}</dd>
        </div>
        <div>
          <dt>Total RS</dt>
          <dd data-total="rs">{money(v.tarifRsTotal)}</dd>
        </div>
        <div>
          <dt>Analisa</dt>
          <dd data-total="pct">
            <Percent value={v.percentageTotal} where="list" />
          </dd>
        </div>
      </dl>
    </section>
  );
}
