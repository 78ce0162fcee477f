import { useEffect, useState } from "react";
import type { IcdItem } from "../../lib/ipd/model.ts";
import { dischargeAheadProblem, NO_DIAGNOSIS } from "../../lib/ipd/rules.ts";
import { parseDateTime, toLocalInput } from "../../lib/hospital_time.ts";
import { alertError, ApiError, get, post, useSubmit } from "../ui/api.ts";
import { confirmDialog } from "../ui/Dialog.tsx";
import { FormModal } from "../ui/Modal.tsx";
import type { Option } from "../ui/Select.tsx";
import type { VisitRow } from "../../lib/ipd/columns.ts";
import { icdOption, idList } from "./icd_options.ts";
import { SummaryFields, useSummary } from "./SummaryFields.tsx";
import { DateInput } from "../ui/DateInput.tsx";
import { Field } from "../ui/Field.tsx";
import { DischargeClaimInputs, useDischargeClaim } from "./claim_fields.tsx";
import type { BillKey } from "../../lib/ipd/bill.ts";
import { BillStep, formBill } from "./BillFields.tsx";

/** What stops a discharge (a time over an hour ahead, no diagnosis); else the fields to add. */
async function checked(
  date: string,
  diag: Option[],
  fail: (e: unknown) => void,
): Promise<Record<string, string> | undefined> {
  const ahead = dischargeAheadProblem(parseDateTime(date) ?? "", Date.now());
  if (ahead) return void fail(new ApiError(400, ahead, { field: "tanggal_pulang" }));
  if (diag.length) return {};
  const sure = await confirmDialog({
    title: "Simpan tanpa diagnosis utama?",
    text: `${NO_DIAGNOSIS}\nAturan kelengkapan klaim 'Diagnosis utama' akan menahannya.`,
    confirmText: "Ya, simpan tanpa diagnosis",
    cancelText: "Isi diagnosis",
    focusCancel: true,
  });
  if (sure) return { confirm_no_diagnosis: "1" };
  document.getElementById("discharge-diagnosis")?.focus();
}

/** Discharges a stay (the summary prefilled from the examinations), then goes to the list. */
export function DischargeForm({ visit, category, onClose }: {
  visit: VisitRow;
  category: BillKey;
  onClose: () => void;
}) {
  const [date, setDate] = useState(() => toLocalInput(new Date().toISOString()));
  const s = useSummary({ method: null, diagnosis: [], tindakan: [] }, { tanggal_pulang: "date" });
  const { values: { method, diagnosis, tindakan }, errs, edit } = s;
  // the summary codes loading, then the page being left after the discharge
  const [waiting, setWaiting] = useState(true);
  const sending = useSubmit(errs.fail);
  const busy = waiting || sending.busy;
  const claim = useDischargeClaim(visit, (k) => edit(k, () => {})(undefined));

  // the codes the examinations suggest (they arrive after opening: not a change)
  useEffect(() => {
    get<{ summary_diagnosis: IcdItem[]; summary_tindakan: IcdItem[] }>(
      `/api/ipd/${encodeURIComponent(visit._id)}/get-summary-icd`,
    ).then((d) =>
      s.setValues((o) => ({
        ...o,
        diagnosis: (d.summary_diagnosis ?? []).map(icdOption),
        tindakan: (d.summary_tindakan ?? []).map(icdOption),
      }))
    ).catch((e) => alertError(e)).finally(() => setWaiting(false));
  }, [visit._id]);

  const save = async (e: Event) => {
    e.preventDefault();
    if (busy) return;
    const more = await checked(date, diagnosis, errs.fail);
    if (!more) return;
    const body = new URLSearchParams({
      id: visit._id,
      _version: visit._version,
      tanggal_pulang: date,
      dischargepatient: method?.id ?? "",
      summary_diagnosis: idList(diagnosis),
      summary_tindakan: idList(tindakan),
      ...claim.body(),
      ...formBill(e.target),
      ...more,
    });
    await sending.save(() => post("/api/ipd/discharge-patient/update", body), () => {
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
      dirty={s.dirty}
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
        s={s}
        diagnosisWarning={diagnosis.length || busy ? "" : `${NO_DIAGNOSIS} Pilih kodenya di sini.`}
      />
      <DischargeClaimInputs claim={claim} errors={errs.errors} />
      <BillStep id="discharge" visit={visit} rest={category} onEdit={s.setDirty} />
    </FormModal>
  );
}
