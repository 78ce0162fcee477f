import type { VisitRow } from "../../lib/ipd/columns.ts";
import { formatDateTime } from "../../lib/format.ts";
import { post, useSubmit } from "../ui/api.ts";
import { FormModal } from "../ui/Modal.tsx";
import { icdOption, idList } from "./icd_options.ts";
import { SummaryFields, useSummary } from "./SummaryFields.tsx";

/** The summary form's fields, as the readiness links name them (`#ringkasan-…`). */
export const SUMMARY_FIELDS = {
  "ringkasan-diagnosis": "discharge-diagnosis",
  "ringkasan-tindakan": "discharge-tindakan",
  "ringkasan-cara-pulang": "discharge-method",
} as const;

/** A discharged stay's summary (Ringkasan Pulang); `fixing`: its correction form is open. */
export function StaySummary({ visit, fixing, canWrite, onFix, onSaved }: {
  visit: VisitRow;
  fixing: boolean;
  canWrite: boolean;
  onFix: (open: boolean) => void;
  onSaved: () => void;
}) {
  const [primary, ...other] = visit.summary_diagnosis ?? [];
  const codes = (list: { code: string; desc: string }[]) =>
    list.length
      ? (
        <ul class="summary-codes">
          {list.map((i) => <li key={i.code}>{`${i.code} - ${i.desc}`}</li>)}
        </ul>
      )
      : <span class="muted">Belum diisi</span>;
  return (
    <section class="card stay-summary" id="ringkasan-pulang" aria-labelledby="ringkasan-title">
      <h3 id="ringkasan-title">Ringkasan Pulang</h3>
      <dl class="stay-summary-list">
        <dt>Tanggal Pulang</dt>
        <dd>{formatDateTime(visit.tanggal_pulang)}</dd>
        <dt>Cara Pulang</dt>
        <dd data-summary="cara-pulang">{visit.dischargepatient?.desc ?? "-"}</dd>
        <dt>Diagnosis Utama</dt>
        <dd data-summary="diagnosis-utama">{codes(primary ? [primary] : [])}</dd>
        <dt>Diagnosis Sekunder</dt>
        <dd data-summary="diagnosis-sekunder">{codes(other)}</dd>
        <dt>Tindakan</dt>
        <dd data-summary="tindakan">{codes(visit.summary_tindakan ?? [])}</dd>
      </dl>
      {canWrite && (
        <button type="button" class="btn btn-light" onClick={() => onFix(true)}>
          Perbaiki Ringkasan
        </button>
      )}
      {fixing && (
        <SummaryForm
          visit={visit}
          onClose={() => onFix(false)}
          onSaved={() => {
            onFix(false);
            onSaved();
          }}
        />
      )}
    </section>
  );
}

/** Corrects a discharged stay's summary (`POST /api/ipd/{id}/summary`). */
function SummaryForm({ visit, onClose, onSaved }: {
  visit: VisitRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const m = visit.dischargepatient;
  const s = useSummary({
    method: m ? { id: m._id, text: m.desc } : null,
    diagnosis: (visit.summary_diagnosis ?? []).map(icdOption),
    tindakan: (visit.summary_tindakan ?? []).map(icdOption),
  });
  const { method, diagnosis, tindakan } = s.values;
  const sending = useSubmit(s.errs.fail);
  const busy = sending.busy;
  const save = async (e: Event) => {
    e.preventDefault();
    const body = new URLSearchParams({
      _version: visit._version,
      dischargepatient: method?.id ?? "",
      summary_diagnosis: idList(diagnosis),
      summary_tindakan: idList(tindakan),
    });
    await sending.save(
      () => post(`/api/ipd/${encodeURIComponent(visit._id)}/summary`, body),
      onSaved,
    );
  };
  return (
    <FormModal
      open
      title="Perbaiki Ringkasan Pulang"
      size="lg"
      busy={busy}
      dirty={s.dirty}
      onClose={onClose}
      formId="summary-form"
      formClass="form form-grid"
      onSubmit={save}
    >
      <SummaryFields
        s={s}
        between={<p class="hint span-2">Diagnosis pertama adalah diagnosis utama.</p>}
      />
    </FormModal>
  );
}
