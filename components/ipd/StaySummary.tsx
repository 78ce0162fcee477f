import { useState } from "react";
import type { VisitRow } from "../../lib/ipd/columns.ts";
import { formatDateTime } from "../../lib/format.ts";
import { post, useSubmit } from "../ui/api.ts";
import { FormModal } from "../ui/Modal.tsx";
import type { Option } from "../ui/Select.tsx";
import { toast } from "../ui/Toast.tsx";
import { useFieldErrors } from "../ui/use_field_errors.ts";
import { icdOption, idList } from "./icd_options.ts";
import { SummaryFields } from "./SummaryFields.tsx";

/** The summary form's fields, as the readiness links name them (`#ringkasan-…`). */
export const SUMMARY_FIELDS = {
  "ringkasan-diagnosis": "discharge-diagnosis",
  "ringkasan-tindakan": "discharge-tindakan",
  "ringkasan-cara-pulang": "discharge-method",
} as const;

const SERVER_NAMES = {
  dischargepatient: "method",
  summary_diagnosis: "diagnosis",
  summary_tindakan: "tindakan",
};

/**
 * A discharged stay's summary (Ringkasan Pulang): discharge time and method, the diagnoses (the
 * first the primary one) and procedures; for a role that may write, 'Perbaiki Ringkasan' opens
 * its form (`fixing`, also set by the readiness links), `onSaved` after a correction.
 */
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

/**
 * Corrects a discharged stay's summary in place (`POST /api/ipd/{id}/summary`, audited): the
 * discharge method and the summary codes; refused once the claim is final in E-Klaim.
 */
function SummaryForm({ visit, onClose, onSaved }: {
  visit: VisitRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const m = visit.dischargepatient;
  const [method, setMethod] = useState<Option | null>(m ? { id: m._id, text: m.desc } : null);
  const [diag, setDiag] = useState<Option[]>((visit.summary_diagnosis ?? []).map(icdOption));
  const [tind, setTind] = useState<Option[]>((visit.summary_tindakan ?? []).map(icdOption));
  const [dirty, setDirty] = useState(false);
  const errs = useFieldErrors((n) => `discharge-${n}`, SERVER_NAMES);
  const { busy, submit } = useSubmit(errs.fail);
  const edit = <T,>(name: string, set: (v: T) => void) => (v: T) => {
    setDirty(true);
    errs.clear(name);
    set(v);
  };
  const save = async (e: Event) => {
    e.preventDefault();
    await submit(async () => {
      const { message } = await post(
        `/api/ipd/${encodeURIComponent(visit._id)}/summary`,
        new URLSearchParams({
          _version: visit._version,
          dischargepatient: method?.id ?? "",
          summary_diagnosis: idList(diag),
          summary_tindakan: idList(tind),
        }),
      );
      toast({ title: "Success", text: message });
      onSaved();
    });
  };
  return (
    <FormModal
      open
      title="Perbaiki Ringkasan Pulang"
      size="lg"
      busy={busy}
      dirty={dirty}
      onClose={onClose}
      formId="summary-form"
      formClass="form form-grid"
      onSubmit={save}
    >
      <SummaryFields
        values={{ method, diag, tind }}
        errors={errs.errors}
        edit={edit}
        set={{ method: setMethod, diag: setDiag, tind: setTind }}
        between={<p class="hint span-2">Diagnosis pertama adalah diagnosis utama.</p>}
      />
    </FormModal>
  );
}
