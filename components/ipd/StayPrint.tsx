import type { Examination, Visit } from "../../lib/ipd/model.ts";
import { formatPercent, lengthOfStay } from "../../lib/ipd/rules.ts";
import { formatDateTime, formatMoney } from "../../lib/format.ts";
import { zoneLabel } from "../../lib/hospital_time.ts";
import PrintButton from "../../islands/PrintButton.tsx";
import { Island } from "../Island.tsx";
import { patientText } from "./cells.tsx";
import { ClaimChecklist } from "../claim/ClaimChecklist.tsx";
import type { ClaimCheck } from "../../lib/claim/readiness.ts";

const codes = (items: { code: string; desc: string }[]) =>
  items.length ? items.map((i) => `${i.code} - ${i.desc}`).join("; ") : "-";

/**
 * A stay as one A4 sheet (`/ipd/{id}/print`): the hospital, the patient and the stay, each
 * examination with its codes, tariffs and running analysis, the totals and the discharge summary.
 */
export function StayPrint({ hospital, address, visit: v, exams, now, claim }: {
  hospital: string;
  address: string;
  visit: Visit;
  exams: Examination[];
  now: Date;
  /** The stay's claim readiness, printed after the discharge summary. */
  claim?: ClaimCheck;
}) {
  const days = lengthOfStay(v.visitDate, v.tanggal_pulang, now);
  const tz = zoneLabel();
  let rs = 0;
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
      <dl class="print-facts">
        <div>
          <dt>Pasien</dt>
          <dd>{`${patientText(v.pasien)} · ${v.pasien.gender || "-"}`}</dd>
        </div>
        <div>
          <dt>DPJP</dt>
          <dd>{v.dpjp?.fullname ?? "-"}</dd>
        </div>
        <div>
          <dt>Ruang</dt>
          <dd>{v.room?.name ?? "-"}</dd>
        </div>
        <div>
          <dt>Tanggal Masuk</dt>
          <dd>{`${formatDateTime(v.visitDate)} ${tz}`}</dd>
        </div>
        <div>
          <dt>Tanggal Pulang</dt>
          <dd>
            {v.tanggal_pulang ? `${formatDateTime(v.tanggal_pulang)} ${tz}` : "Masih dirawat"}
          </dd>
        </div>
        <div>
          <dt>Lama Rawat</dt>
          <dd>{`${days} Hari`}</dd>
        </div>
        <div>
          <dt>Diagnosa Awal</dt>
          <dd>{v.diagnosis_awal || "-"}</dd>
        </div>
        <div>
          <dt>Readmisi</dt>
          <dd>{v.readmisi ? "Ya" : "Tidak"}</dd>
        </div>
      </dl>
      <table class="print-table">
        <thead>
          <tr>
            <th>No</th>
            <th>Tanggal</th>
            <th>Diagnosa (ICD-10)</th>
            <th>Tindakan (ICD-9-CM)</th>
            <th>Grouping INA-CBG</th>
            <th class="num">Tarif INA-CBG</th>
            <th class="num">Tarif RS</th>
            <th class="num">Tagihan RS s.d. hari ini</th>
            <th class="num">Analisa</th>
          </tr>
        </thead>
        <tbody>
          {exams.length
            ? exams.map((e, i) => {
              rs += e.tarif_rs;
              return (
                <tr key={e._id}>
                  <td>{i + 1}</td>
                  <td class="nowrap">{formatDateTime(e.examinationDate)}</td>
                  <td>{codes(e.diagnosis)}</td>
                  <td>{codes(e.tindakan)}</td>
                  <td>
                    {e.grouping
                      ? `${e.grouping.kode_inacbg} (${
                        { first: "Kelas 1", second: "Kelas 2", third: "Kelas 3" }[
                          e.tarifinacbgSelect
                        ] ?? "-"
                      })`
                      : "tetap (paket sebelumnya)"}
                  </td>
                  <td class="num">{e.grouping ? formatMoney(e.tarif_ina) : "-"}</td>
                  <td class="num">{formatMoney(e.tarif_rs)}</td>
                  <td class="num">{formatMoney(rs)}</td>
                  <td class="num">{formatPercent(e.percentage)}</td>
                </tr>
              );
            })
            : (
              <tr>
                <td colSpan={9}>Belum ada pemeriksaan.</td>
              </tr>
            )}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={5}>Total (paket INA-CBG yang berlaku)</th>
            <td class="num" data-total="ina">{formatMoney(v.tarifInaTotal)}</td>
            <td class="num" data-total="rs">{formatMoney(v.tarifRsTotal)}</td>
            <td />
            <td class="num" data-total="pct">{formatPercent(v.percentageTotal)}</td>
          </tr>
        </tfoot>
      </table>
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
