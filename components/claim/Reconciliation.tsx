import type { ComponentChildren } from "preact";
import type { Reconciliation } from "../../lib/claim/reconciliation.ts";
import type { StatusImport } from "../../lib/claim/status_import.ts";
import { formatDay, formatMoney, formatNumber } from "../../lib/format.ts";

const stay = (s: { ipdId: string; pasien: string; erm: string }) => (
  <a href={`/ipd/${encodeURIComponent(s.ipdId)}#kelengkapan-klaim`}>{`${s.pasien} (${s.erm})`}</a>
);
const money = (n: number) => ({ num: formatMoney(n) });
type Cell = ComponentChildren | { num: string };

/** One list of the reconciliation: its title and count, a table (`{num}` cells right-aligned). */
function Part<T>({ id, title, list, head, rowKey, cells }: {
  id: string;
  title: string;
  list: { total: number; items: T[] };
  head: string[];
  rowKey: (i: T) => string | number;
  cells: (i: T) => Cell[];
}) {
  const { total, items } = list;
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
            <tbody>
              {items.map((i) => (
                <tr key={rowKey(i)}>
                  {cells(i).map((v, n) =>
                    v && typeof v === "object" && "num" in v
                      ? <td key={n} class="num">{v.num}</td>
                      : <td key={n}>{v}</td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          {items.length < total && (
            <p class="muted">{`Ditampilkan ${formatNumber(items.length)} pertama.`}</p>
          )}
        </div>
      )}
    </section>
  );
}

/** What an E-Klaim import found, list by list. */
export function ReconciliationView({ r }: { r: Reconciliation }) {
  const byStay = (i: { ipdId: string }) => i.ipdId;
  return (
    <div class="reconciliation" aria-label="Hasil rekonsiliasi E-Klaim">
      <p class="alert alert-success">
        {`${r.message} Periode pulang ${formatDay(r.period.from)} s.d. ${formatDay(r.period.to)}: ${
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
        list={r.changedGroups}
        head={["Pasien", "SEP", "Sebelum (aplikasi)", "Sesudah (E-Klaim)"]}
        rowKey={byStay}
        cells={(i) => [
          stay(i),
          i.sep,
          i.before ? `${i.before.code} · ${formatMoney(i.before.tariff)}` : "(belum ada)",
          `${i.after.code} · ${formatMoney(i.after.tariff)}`,
        ]}
      />
      <Part
        id="gaps"
        title="Selisih TARIF_RS"
        list={r.tariffGaps}
        head={["Pasien", "SEP", "TARIF_RS E-Klaim", "Total RS aplikasi", "Selisih"]}
        rowKey={byStay}
        cells={(i) => [stay(i), i.sep, money(i.eklaim), money(i.app), money(i.selisih)]}
      />
      <Part
        id="unclaimed"
        title="Belum diklaim"
        list={r.unclaimed}
        head={["Pasien", "DPJP", "Masuk", "Pulang"]}
        rowKey={byStay}
        cells={(i) => [stay(i), i.dpjp, formatDay(i.masuk), formatDay(i.pulang)]}
      />
      <Part
        id="unmatched"
        title="Baris tanpa pasien/kunjungan"
        list={r.unmatched}
        head={["Baris", "SEP", "MRN", "Nama", "Masuk", "Pulang", "Keterangan"]}
        rowKey={(i) => i.line}
        cells={(i) => [
          i.line,
          i.sep,
          i.mrn,
          i.nama,
          formatDay(i.admission),
          formatDay(i.discharge),
          i.reason,
        ]}
      />
      <Part
        id="conflicts"
        title="SEP / No. kartu berbeda (tidak diubah)"
        list={r.conflicts}
        head={["Baris", "Pasien", "Data", "E-Klaim", "Aplikasi", "Keterangan"]}
        rowKey={(i) => `${i.line}-${i.field}`}
        cells={(i) => [
          i.line,
          stay(i),
          i.field === "nomor_sep" ? "No. SEP" : "No. kartu BPJS",
          i.eklaim,
          i.app || "-",
          i.reason,
        ]}
      />
    </div>
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
        list={{ total: r.changed.length, items: r.changed }}
        head={["Baris", "SEP", "Dari", "Menjadi"]}
        rowKey={(c) => c.line}
        cells={(c) => [c.line, c.sep, c.from, c.to]}
      />
    </div>
  );
}
