import type { Examination, Visit } from "../../lib/ipd/model.ts";
import { formatPercent, lengthOfStay } from "../../lib/ipd/rules.ts";
import { formatDateTime, formatMoney } from "../../lib/format.ts";
import { zoneLabel } from "../../lib/hospital_time.ts";
import PrintButton from "../../islands/PrintButton.tsx";
import { Island } from "../Island.tsx";
import { birthText, patientText, When } from "./cells.tsx";
import { ClaimChecklist } from "../claim/ClaimChecklist.tsx";
import type { ClaimCheck } from "../../lib/claim/readiness.ts";
import { claimFacts, Facts } from "./claim_fields.tsx";
import type { BillKey } from "../../lib/ipd/bill.ts";
import { PrintBill } from "./StayBill.tsx";
import { classText, packageFacts } from "./package_view.tsx";
import { packageOf } from "../../lib/ipd/package.ts";

const codes = (items: { code: string; desc: string }[]) =>
  items.length ? items.map((i) => `${i.code} - ${i.desc}`).join("; ") : "-";

function StayFacts({ v, days, tz }: { v: Visit; days: number; tz: string }) {
  const facts: [string, string][] = [
    ["Pasien", `${patientText(v.pasien)} · ${v.pasien.gender || "-"}`],
    ["Tanggal Lahir", birthText(v.pasien, v.visitDate)],
    ["No. Kartu BPJS", v.pasien.nomor_kartu || "-"],
    ["DPJP", v.dpjp?.fullname ?? "-"],
    ["Ruang", v.room?.name ?? "-"],
    ["Tanggal Masuk", `${formatDateTime(v.visitDate)} ${tz}`],
    [
      "Tanggal Pulang",
      v.tanggal_pulang ? `${formatDateTime(v.tanggal_pulang)} ${tz}` : "Masih dirawat",
    ],
    ["Lama Rawat", `${days} Hari`],
    ["Diagnosa Awal", v.diagnosis_awal || "-"],
    ["Readmisi", v.readmisi ? "Ya" : "Tidak"],
    ...claimFacts(v),
    ...packageFacts(v),
  ];
  return <Facts class="print-facts" facts={facts} />;
}

/** An examination's codes: one per line, each code whole. */
const CodeLines = ({ items }: { items: { code: string; desc: string }[] }) =>
  items.length
    ? (
      <>
        {items.map((i, n) => (
          <div key={n}>
            <span class="nowrap">{i.code}</span>
            {` - ${i.desc}`}
          </div>
        ))}
      </>
    )
    : <>-</>;

/** The table's columns, widths in static/app.css (`.print-table col.*`): it fits A4. */
const COLS = ["no", "date", "group", "ina", "rs", "bill", "pct"];

/** One examination: its figures on a row, its codes on the page-wide row under it (fits A4). */
function ExamRows({ e, n, bill }: { e: Examination; n: number; bill: number }) {
  return (
    <tbody class="print-exam">
      <tr>
        <td>{n}</td>
        <td>
          <When at={e.examinationDate} />
        </td>
        <td>
          {e.grouping
            ? `${e.grouping.kode_inacbg} (${classText(e.tarifinacbgSelect) ?? "-"})`
            : "tetap (paket sebelumnya)"}
        </td>
        <td class="num">{e.grouping ? formatMoney(e.tarif_ina) : "-"}</td>
        <td class="num">{formatMoney(e.tarif_rs)}</td>
        <td class="num">{formatMoney(bill)}</td>
        <td class="num">{formatPercent(e.percentage)}</td>
      </tr>
      <tr class="print-codes">
        <td />
        <td colSpan={6}>
          <dl>
            <dt>Diagnosa (ICD-10)</dt>
            <dd>
              <CodeLines items={e.diagnosis} />
            </dd>
            <dt>Tindakan (ICD-9-CM)</dt>
            <dd>
              <CodeLines items={e.tindakan} />
            </dd>
          </dl>
        </td>
      </tr>
    </tbody>
  );
}

/** Each examination with its codes, tariffs and the hospital bill up to it; then the totals. */
function ExamTable({ v, exams }: { v: Visit; exams: Examination[] }) {
  let rs = 0;
  return (
    <table class="print-table">
      <colgroup>
        {COLS.map((c) => <col key={c} class={c} />)}
      </colgroup>
      <thead>
        <tr>
          <th>No</th>
          <th>Tanggal</th>
          <th>Grouping INA-CBG</th>
          <th class="num">Tarif INA-CBG</th>
          <th class="num">Tarif RS</th>
          <th class="num">Tagihan RS s.d. hari ini</th>
          <th class="num">Analisa</th>
        </tr>
      </thead>
      {exams.length
        ? exams.map((e, i) => <ExamRows key={e._id} e={e} n={i + 1} bill={rs += e.tarif_rs} />)
        : (
          <tbody>
            <tr>
              <td colSpan={7}>Belum ada pemeriksaan.</td>
            </tr>
          </tbody>
        )}
      <tfoot>
        <tr>
          <th colSpan={3}>
            {`Total (paket INA-CBG yang berlaku: ${packageOf(v).source})`}
          </th>
          <td class="num" data-total="ina">{formatMoney(v.tarifInaTotal)}</td>
          <td class="num" data-total="rs">{formatMoney(v.tarifRsTotal)}</td>
          <td />
          <td class="num" data-total="pct">{formatPercent(v.percentageTotal)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/** How the patient went home and the summary codes (or that they are still in). */
function DischargeSummary({ v }: { v: Visit }) {
  return (
    <section class="print-summary">
      <h3>Ringkasan Pulang</h3>
      {v.status === "pulang"
        ? (
          <dl class="print-facts">
            <div>
              <dt>Cara Pulang</dt>
              <dd>{v.dischargepatient?.desc ?? "-"}</dd>
            </div>
            <div class="wide">
              <dt>Diagnosa</dt>
              <dd>{codes(v.summary_diagnosis)}</dd>
            </div>
            <div class="wide">
              <dt>Tindakan</dt>
              <dd>{codes(v.summary_tindakan)}</dd>
            </div>
          </dl>
        )
        : <p>Pasien belum pulang.</p>}
    </section>
  );
}

/** A stay as one A4 sheet (`/ipd/{id}/print`). */
export function StayPrint({ hospital, address, visit: v, exams, now, claim, category }: {
  hospital: string;
  address: string;
  visit: Visit;
  exams: Examination[];
  now: Date;
  claim?: ClaimCheck;
  /** The bill's category the settings name (a stay without a breakdown has its total there). */
  category: BillKey;
}) {
  const tz = zoneLabel();
  return (
    <article class="print-sheet">
      <div class="print-tools no-print">
        <a class="btn btn-light" href={`/ipd/${encodeURIComponent(v._id)}`}>Kembali</a>
        <Island name="PrintButton" component={PrintButton} props={{}} />
      </div>
      <header class="print-head">
        <div>
          <h1>{hospital || "Rumah Sakit"}</h1>
          {address && <p>{address}</p>}
        </div>
        <div class="print-title">
          <h2>Ringkasan Rawat Inap</h2>
          <p>{`Dicetak ${formatDateTime(now)} ${tz}`}</p>
        </div>
      </header>
      <StayFacts v={v} days={lengthOfStay(v.visitDate, v.tanggal_pulang, now)} tz={tz} />
      <ExamTable v={v} exams={exams} />
      <PrintBill visit={v} category={category} />
      <DischargeSummary v={v} />
      {claim && <ClaimChecklist check={claim} />}
      <footer class="print-sign">
        <div>
          <p>Petugas Casemix</p>
          <p class="sign-line">(....................................)</p>
        </div>
        <div>
          <p>DPJP</p>
          <p class="sign-line">{`( ${v.dpjp?.fullname ?? "...................."} )`}</p>
        </div>
      </footer>
    </article>
  );
}
