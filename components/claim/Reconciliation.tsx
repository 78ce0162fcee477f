import type { ComponentChildren } from "preact";
import type { Reconciliation } from "../../lib/claim/reconciliation.ts";
import type { StatusImport } from "../../lib/claim/status_import.ts";
import { formatMoney, formatNumber } from "../../lib/format.ts";

const day = (d: string | null) => d ? d.split("-").reverse().join("-") : "-";
const stay = (s: { ipdId: string; pasien: string; erm: string }) => (
  <a href={`/ipd/${encodeURIComponent(s.ipdId)}#kelengkapan-klaim`}>{`${s.pasien} (${s.erm})`}</a>
);

/** One list of the reconciliation: its title with the full count, a table, or 'Tidak ada'. */
function Part({ id, title, total, shown, head, children }: {
  id: string;
  title: string;
  total: number;
  shown: number;
  head: string[];
  children: ComponentChildren;
}) {
  return (
    <section class="recon-part" data-part={id}>
      <h4>
        {title} <span class="badge" data-count={total}>{formatNumber(total)}</span>
      </h4>
      {total === 0 ? <p class="muted">Tidak ada.</p> : (
        <div class="data-wrap">
          <table class="data-table">
            <thead>
              <tr>{head.map((h) => <th key={h}>{h}</th>)}</tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
          {shown < total && <p class="muted">{`Ditampilkan ${formatNumber(shown)} pertama.`}</p>}
        </div>
      )}
    </section>
  );
}

/**
 * What an E-Klaim import found: changed groups (code and tariff before and after), TARIF_RS
 * against the app's hospital total, discharged stays of the period not yet claimed, rows
 * matching no stay, and SEPs or card numbers the app records otherwise (not changed).
 */
export function ReconciliationView({ r }: { r: Reconciliation }) {
  const { changedGroups: g, tariffGaps: t, unclaimed: u, unmatched: x, conflicts: c } = r;
  return (
    <div class="reconciliation" aria-label="Hasil rekonsiliasi E-Klaim">
      <p class="alert alert-success">
        {`${r.message} Periode pulang ${day(r.period.from)} s.d. ${day(r.period.to)}: ${
          formatNumber(r.rows)
        } baris rawat inap (${formatNumber(r.outpatient)} rawat jalan dilewati), ${
          formatNumber(r.matched)
        } cocok; ${formatNumber(r.created)} klaim baru, ${formatNumber(r.updated)} diperbarui, ${
          formatNumber(r.unchanged)
        } tetap.`}
      </p>
      <Part
        id="changed"
        title="Grouping berubah"
        total={g.total}
        shown={g.items.length}
        head={["Pasien", "SEP", "Sebelum (aplikasi)", "Sesudah (E-Klaim)"]}
      >
        {g.items.map((i) => (
          <tr key={i.ipdId}>
            <td>{stay(i)}</td>
            <td>{i.sep}</td>
            <td>
              {i.before ? `${i.before.code} · ${formatMoney(i.before.tariff)}` : "(belum ada)"}
            </td>
            <td>{`${i.after.code} · ${formatMoney(i.after.tariff)}`}</td>
          </tr>
        ))}
      </Part>
      <Part
        id="gaps"
        title="Selisih TARIF_RS"
        total={t.total}
        shown={t.items.length}
        head={["Pasien", "SEP", "TARIF_RS E-Klaim", "Total RS aplikasi", "Selisih"]}
      >
        {t.items.map((i) => (
          <tr key={i.ipdId}>
            <td>{stay(i)}</td>
            <td>{i.sep}</td>
            <td class="num">{formatMoney(i.eklaim)}</td>
            <td class="num">{formatMoney(i.app)}</td>
            <td class="num">{formatMoney(i.selisih)}</td>
          </tr>
        ))}
      </Part>
      <Part
        id="unclaimed"
        title="Belum diklaim"
        total={u.total}
        shown={u.items.length}
        head={["Pasien", "DPJP", "Masuk", "Pulang"]}
      >
        {u.items.map((i) => (
          <tr key={i.ipdId}>
            <td>{stay(i)}</td>
            <td>{i.dpjp}</td>
            <td>{day(i.masuk)}</td>
            <td>{day(i.pulang)}</td>
          </tr>
        ))}
      </Part>
      <Part
        id="unmatched"
        title="Baris tanpa pasien/kunjungan"
        total={x.total}
        shown={x.items.length}
        head={["Baris", "SEP", "MRN", "Nama", "Masuk", "Pulang", "Keterangan"]}
      >
        {x.items.map((i) => (
          <tr key={i.line}>
            <td>{i.line}</td>
            <td>{i.sep}</td>
            <td>{i.mrn}</td>
            <td>{i.nama}</td>
            <td>{day(i.admission)}</td>
            <td>{day(i.discharge)}</td>
            <td>{i.reason}</td>
          </tr>
        ))}
      </Part>
      <Conflicts c={c} />
    </div>
  );
}

/** SEPs and card numbers the import would have filled but the app records otherwise. */
function Conflicts({ c }: { c: Reconciliation["conflicts"] }) {
  return (
    <Part
      id="conflicts"
      title="SEP / No. kartu berbeda (tidak diubah)"
      total={c.total}
      shown={c.items.length}
      head={["Baris", "Pasien", "Data", "E-Klaim", "Aplikasi", "Keterangan"]}
    >
      {c.items.map((i) => (
        <tr key={`${i.line}-${i.field}`}>
          <td>{i.line}</td>
          <td>{stay(i)}</td>
          <td>{i.field === "nomor_sep" ? "No. SEP" : "No. kartu BPJS"}</td>
          <td>{i.eklaim}</td>
          <td>{i.app || "-"}</td>
          <td>{i.reason}</td>
        </tr>
      ))}
    </Part>
  );
}

/** What a status file changed: each row's SEP, from and to. */
export function StatusImportView({ r }: { r: StatusImport }) {
  return (
    <div class="status-import" aria-label="Hasil impor status klaim">
      <p class="alert alert-success">{r.message}</p>
      <Part
        id="status-changed"
        title="Status berubah"
        total={r.changed.length}
        shown={r.changed.length}
        head={["Baris", "SEP", "Dari", "Menjadi"]}
      >
        {r.changed.map((c) => (
          <tr key={c.line}>
            <td>{c.line}</td>
            <td>{c.sep}</td>
            <td>{c.from}</td>
            <td>{c.to}</td>
          </tr>
        ))}
      </Part>
    </div>
  );
}
