import { useEffect, useState } from "react";
import type { IcdItem } from "../../lib/ipd/model.ts";
import { dischargeAheadProblem, NO_DIAGNOSIS } from "../../lib/ipd/rules.ts";
import { parseDateTime, toLocalInput } from "../../lib/hospital_time.ts";
import { alertError, ApiError, get, post, useSubmit } from "../ui/api.ts";
import { confirmDialog } from "../ui/Dialog.tsx";
import { FormModal } from "../ui/Modal.tsx";
import type { Option } from "../ui/Select.tsx";
import { toast } from "../ui/Toast.tsx";
import type { VisitRow } from "../../lib/ipd/columns.ts";
import { icdOption, idList } from "./icd_options.ts";
import { SummaryFields } from "./SummaryFields.tsx";
import { DateInput } from "../ui/DateInput.tsx";
import { Field } from "../ui/Field.tsx";
import { useFieldErrors } from "../ui/use_field_errors.ts";
import { DischargeClaimInputs, useDischargeClaim } from "./claim_fields.tsx";
import type { BillKey } from "../../lib/ipd/bill.ts";
import { BillStep, formBill } from "./BillFields.tsx";

/** The server's input names of the form's fields (`POST /api/ipd/discharge-patient/update`). */
const SERVER_NAMES = {
  tanggal_pulang: "date",
  dischargepatient: "method",
  summary_diagnosis: "diagnosis",
  summary_tindakan: "tindakan",
};

/** The summary codes the examinations suggest, given to `diag` and `tind` as options. */
const loadSummary = (id: string, diag: (o: Option[]) => void, tind: (o: Option[]) => void) =>
  get<{ summary_diagnosis: IcdItem[]; summary_tindakan: IcdItem[] }>(
    `/api/ipd/${encodeURIComponent(id)}/get-summary-icd`,
  ).then((d) => {
    diag((d.summary_diagnosis ?? []).map(icdOption));
    tind((d.summary_tindakan ?? []).map(icdOption));
  }).catch((e) => alertError(e));

/** Asks before a stay is discharged with no primary diagnosis; true when the clerk agrees. */
const confirmNoDiagnosis = () =>
  confirmDialog({
    title: "Simpan tanpa diagnosis utama?",
    text: `${NO_DIAGNOSIS}\nAturan kelengkapan klaim 'Diagnosis utama' akan menahannya.`,
    confirmText: "Ya, simpan tanpa diagnosis",
    cancelText: "Isi diagnosis",
    focusCancel: true,
  });

/**
 * What stops a discharge before it is sent: a time more than an hour ahead (said at the
 * field), or no primary diagnosis the clerk did not confirm. Resolves the extra fields to send.
 */
async function checked(
  date: string,
  diag: Option[],
  fail: (e: unknown) => void,
): Promise<Record<string, string> | undefined> {
  const ahead = dischargeAheadProblem(parseDateTime(date) ?? "", Date.now());
  if (ahead) return void fail(new ApiError(400, ahead, { field: "tanggal_pulang" }));
  if (diag.length) return {};
  if (await confirmNoDiagnosis()) return { confirm_no_diagnosis: "1" };
  document.getElementById("discharge-diagnosis")?.focus();
}

/** What the discharge form is given. */
interface DischargeFormProps {
  visit: VisitRow;
  /** The bill's category the settings name: it holds what the others leave (`BillStep`). */
  category: BillKey;
  onClose: () => void;
}

/**
 * Discharges a stay: date-time, discharge method and the summary diagnoses and procedures,
 * prefilled from the examinations (editable), the claim data to complete (SEP, ICU and
 * upgrade days) and the bill by E-Klaim's categories, where the clerk may move amounts
 * (`BillStep`). A time more than an hour ahead is refused at its field, and a discharge with no
 * primary diagnosis asks first (said under the field too). On success the browser goes to
 * `/discharge-patient`.
 */
export function DischargeForm({ visit, category, onClose }: DischargeFormProps) {
  const [date, setDate] = useState(() => toLocalInput(new Date().toISOString()));
  const [method, setMethod] = useState<Option | null>(null);
  const [diag, setDiag] = useState<Option[]>([]);
  const [tind, setTind] = useState<Option[]>([]);
  // the summary codes loading, then the page being left after the discharge
  const [waiting, setWaiting] = useState(true);
  // changed by the clerk (the summary codes arrive after opening: not a change)
  const [dirty, setDirty] = useState(false);
  const errs = useFieldErrors((n) => `discharge-${n}`, SERVER_NAMES);
  const sending = useSubmit(errs.fail);
  const busy = waiting || sending.busy;
  /** A setter of field `name` that marks the form changed and clears its refusal. */
  const edit = <T,>(name: string, set: (v: T) => void) => (v: T) => {
    setDirty(true);
    errs.clear(name);
    set(v);
  };
  const claim = useDischargeClaim(visit, (k) => edit(k, () => {})(undefined));

  useEffect(() => {
    loadSummary(visit._id, setDiag, setTind).finally(() => setWaiting(false));
  }, [visit._id]);

  const save = async (e: Event) => {
    e.preventDefault();
    if (busy) return;
    const more = await checked(date, diag, errs.fail);
    if (!more) return;
    await sending.submit(async () => {
      const { message } = await post(
        "/api/ipd/discharge-patient/update",
        new URLSearchParams({
          id: visit._id,
          _version: visit._version,
          tanggal_pulang: date,
          dischargepatient: method?.id ?? "",
          summary_diagnosis: idList(diag),
          summary_tindakan: idList(tind),
          ...claim.body(),
          ...formBill(e.target),
          ...more,
        }),
      );
      toast({ title: "Success", text: message });
      setWaiting(true);
      location.href = "/discharge-patient";
    });
  };

  return (
    <FormModal
      open
      title="Pasien Pulang"
      size="lg"
      busy={busy}
      dirty={dirty}
      onClose={onClose}
      formId="discharge-form"
      formClass="form form-grid"
      onSubmit={save}
    >
      <Field id="discharge-date" label="Tanggal Pulang" required error={errs.errors.date}>
        <DateInput
          id="discharge-date"
          time
          required
          value={date}
          onChange={edit("date", setDate)}
        />
      </Field>
      <SummaryFields
        values={{ method, diag, tind }}
        errors={errs.errors}
        edit={edit}
        set={{ method: setMethod, diag: setDiag, tind: setTind }}
        diagnosisWarning={diag.length || busy ? "" : `${NO_DIAGNOSIS} Pilih kodenya di sini.`}
      />
      <DischargeClaimInputs claim={claim} errors={errs.errors} />
      <BillStep id="discharge" visit={visit} rest={category} onEdit={setDirty} />
    </FormModal>
  );
}
