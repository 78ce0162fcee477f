import { useState } from "react";
import { formatDateTime, formatMoney } from "../../lib/format.ts";
import { birthText, patientText, Percent } from "./cells.tsx";
import type { VisitRow } from "../../lib/ipd/columns.ts";
import { claimFacts, Facts } from "./claim_fields.tsx";
import { lazyPart } from "../ui/lazy.tsx";
import { CLAIM_DATA_ANCHOR } from "../../lib/claim/rules/stay_claim_data.ts";
import { packageOf } from "../../lib/ipd/package.ts";
import { hasExams, packageText, sourceText } from "./package_view.tsx";

/** The visit form, fetched when 'Edit Data Klaim' is first pressed (or pointed at, or focused). */
const VisitForm = lazyPart("formulir", () => import("./VisitForm.tsx").then((m) => m.VisitForm));

/** The top of a stay's page: who, where, its claim data and totals; `onSaved`: it may be edited. */
export function VisitHeader({ visit: v, onSaved }: { visit: VisitRow; onSaved?: () => void }) {
  const money = (n: number) => hasExams(v) ? formatMoney(n) : "-";
  const [editing, setEditing] = useState(false);
  const p = packageOf(v);
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
          {v.status === "pulang" && (
            <span class="discharge-method" data-discharge-method>
              {`Cara pulang: ${v.dischargepatient?.desc ?? "-"}`}
            </span>
          )}
          {v.readmisi && <span class="status status-readmisi">Readmisi</span>}
        </p>
        <div class="claim-data" id={CLAIM_DATA_ANCHOR}>
          <Facts class="claim-facts" aria-label="Data klaim" facts={claimFacts(v)} />
          {onSaved && (
            <button
              type="button"
              class="btn btn-sm btn-light"
              onPointerEnter={VisitForm.prefetch}
              onFocus={VisitForm.prefetch}
              onClick={() => setEditing(true)}
            >
              Edit Data Klaim
            </button>
          )}
        </div>
      </div>
      <dl class="totals">
        <div>
          <dt>Total INA-CBG</dt>
          <dd data-total="ina">{p.fromEklaim ? formatMoney(p.tariff) : money(p.tariff)}</dd>
          <dd class="package-source" data-paket={p.fromEklaim ? "eklaim" : "petugas"}>
            <span title={p.description}>{packageText(p)}</span>
            <small>{sourceText(p)}</small>
          </dd>
        </div>
        {p.fromEklaim && (
          <div>
            <dt>Dipilih petugas</dt>
            <dd data-total="petugas">{money(p.assumed.tariff)}</dd>
            <dd class="package-source">
              <span>{packageText(p.assumed)}</span>
            </dd>
          </div>
        )}
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
      {editing && onSaved && (
        <VisitForm
          row={v}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            onSaved();
          }}
        />
      )}
    </section>
  );
}
