import {
  BILL_CATEGORIES,
  type BillKey,
  type Breakdown,
  breakdownProblem,
  stayBreakdown,
} from "../../lib/ipd/bill.ts";
import { formatMoney } from "../../lib/format.ts";
import { BILL_ANCHOR } from "../../lib/claim/rules/stay_claim_data.ts";

type Billed = { tarifRsTotal: number; tarif_rs_rincian?: Breakdown };

/** A stay's hospital tariff by E-Klaim's categories on its page, and what does not sum. */
export function StayBill({ visit, category }: { visit: Billed; category: BillKey }) {
  const b = stayBreakdown(visit, category);
  const used = BILL_CATEGORIES.filter(([k]) => b[k]);
  const problem = breakdownProblem(visit);
  return (
    <section class="card stay-bill" id={BILL_ANCHOR} aria-labelledby="stay-bill-h">
      <h3 id="stay-bill-h">Rincian Tarif RS (kategori E-Klaim)</h3>
      {used.length
        ? (
          <dl class="bill-list">
            {used.map(([k, label]) => (
              <div key={k}>
                <dt>{label}</dt>
                <dd data-bill={k}>{formatMoney(b[k])}</dd>
              </div>
            ))}
          </dl>
        )
        : <p class="muted">Belum ada tagihan RS.</p>}
      {problem && <p class="alert alert-danger">{problem}</p>}
    </section>
  );
}

/** The breakdown on the stay's A4 sheet: all 18 categories in two columns, then the sum. */
export function PrintBill({ visit, category }: { visit: Billed; category: BillKey }) {
  const b = stayBreakdown(visit, category);
  const half = BILL_CATEGORIES.length / 2;
  const problem = breakdownProblem(visit);
  return (
    <section class="print-bill">
      <h3>Rincian Tarif RS (kategori E-Klaim)</h3>
      <table class="print-table">
        <tbody>
          {BILL_CATEGORIES.slice(0, half).map(([k, label], i) => {
            const [k2, label2] = BILL_CATEGORIES[i + half];
            return (
              <tr key={k}>
                <td>{label}</td>
                <td class="num" data-bill={k}>{formatMoney(b[k] ?? 0)}</td>
                <td>{label2}</td>
                <td class="num" data-bill={k2}>{formatMoney(b[k2] ?? 0)}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={3}>Jumlah (Total RS)</th>
            <td class="num" data-bill="total">{formatMoney(visit.tarifRsTotal)}</td>
          </tr>
        </tfoot>
      </table>
      {problem && <p>{problem}</p>}
    </section>
  );
}
