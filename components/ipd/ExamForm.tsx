import { useState } from "react";
import type { KeywordItem } from "../../lib/ipd/model.ts";
import { examOrder, keywordSummary, parseDateTime, toLocalInput } from "../../lib/ipd/rules.ts";
import { post } from "../ui/api.ts";
import { Field } from "../ui/Field.tsx";
import { plainNumber, useChanged } from "../ui/Form.tsx";
import { useFieldErrors } from "../ui/use_field_errors.ts";
import { formatMoney } from "../../lib/format.ts";
import { FormModal } from "../ui/Modal.tsx";
import type { Option } from "../ui/Select.tsx";
import { toast } from "../ui/Toast.tsx";
import type { ExamRow } from "./exam_cells.tsx";
import { codesOf, icdOption, idList } from "./icd_options.ts";
import { rsProblem, TariffFields, type TariffKey, type TariffValues } from "./TariffFields.tsx";
import { DateInput } from "../ui/DateInput.tsx";
import { CodeFields, type Soap, SoapFields, useKeywords } from "./exam_fields.tsx";

/** Hospital charges billed before an examination at `date` (the one being edited excluded). */
function billedBefore(rows: ExamRow[], date: string, id?: string): number {
  const at = parseDateTime(date) ?? new Date().toISOString();
  return rows.filter((r) =>
    r._id !== id && (r.examinationDate < at || (r.examinationDate === at && (!id || r._id < id)))
  ).reduce((n, r) => n + (Number(r.tarif_rs) || 0), 0);
}

/** The tariff part a form starts from: a new examination starts from the stay's package. */
function tariffOf(exam: ExamRow | undefined, rows: ExamRow[]): TariffValues {
  // the package is the latest grouping chosen
  const from = exam ?? examOrder(rows).filter((r) => r.grouping).at(-1);
  return {
    grouping: from?.grouping
      ? {
        id: from.grouping._id,
        text: `${from.grouping.kode_inacbg} - ${from.grouping.desc_inacbg}`,
      }
      : null,
    options: [],
    tarifinacbgSelect: from?.grouping ? from.tarifinacbgSelect : "",
    tarif_ina: from?.grouping ? from.tarif_ina : exam ? exam.tarif_ina : null,
    tarif_rs: exam ? formatMoney(exam.tarif_rs) : "",
  };
}

/** The chosen keywords and ICD codes as the API takes them: comma-separated ids. */
const codesBody = (keywords: KeywordItem[], diag: Option[], tind: Option[]) => ({
  keyword: keywords.map((k) => k._id).join(","),
  keywordsummary: keywordSummary(keywords),
  diagnosis: idList(diag),
  tindakan: idList(tind),
});

/**
 * Add/edit an examination: SOAP notes, disputed-claim keywords (read-only summary; a keyword
 * is highlighted while its ICD code is among the chosen diagnoses or procedures), ICD-10 and
 * ICD-9-CM codes and the tariffs with the live analysis.
 */
export function ExamForm({ ipdId, exam, rows, tariff, classtype, onClose, onSaved }: {
  ipdId: string;
  exam?: ExamRow;
  /** The stay's examinations (for the charges billed before this one). */
  rows: ExamRow[];
  tariff: TariffKey;
  classtype: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [date, setDate] = useState(() =>
    toLocalInput(exam?.examinationDate ?? new Date().toISOString())
  );
  const [soap, setSoap] = useState<Soap>(() => ({
    subject: exam?.subject ?? "",
    object: exam?.object ?? "",
    assesment: exam?.assesment ?? "",
    plan: exam?.plan ?? "",
  }));
  const [keywords, pickKeywords] = useKeywords(exam?.keyword ?? []);
  const [diag, setDiag] = useState<Option[]>(() => (exam?.diagnosis ?? []).map(icdOption));
  const [tind, setTind] = useState<Option[]>(() => (exam?.tindakan ?? []).map(icdOption));
  const [tv, setTv] = useState<TariffValues>(() => tariffOf(exam, rows));
  const [saving, setSaving] = useState(false);
  const codes = codesOf([...diag, ...tind]);
  const errs = useFieldErrors((n) => `exam-${n}`, { examinationDate: "date" });
  const { errors, clear } = errs;
  const dirty = useChanged([date, soap, keywords.map((k) => k._id), diag, tind, {
    ...tv,
    options: null, // loaded with the form, not a change
  }]);

  const save = async (e: Event) => {
    e.preventDefault();
    if (saving || rsProblem(tv.tarif_rs)) return;
    setSaving(true);
    try {
      const { message } = await post(
        "/api/ipd/visitexamination/update",
        new URLSearchParams({
          id: exam?._id ?? "",
          _version: exam?._version ?? "",
          ipdId,
          examinationDate: date,
          ...soap,
          ...codesBody(keywords, diag, tind),
          grouping: tv.grouping?.id ?? "",
          tarifinacbgSelect: tv.tarifinacbgSelect,
          tarif_rs: plainNumber(tv.tarif_rs),
        }),
      );
      setSaving(false);
      toast({ title: "Success", text: message });
      onSaved();
    } catch (err) {
      setSaving(false);
      errs.fail(err);
    }
  };

  return (
    <FormModal
      open
      size="lg"
      title={exam ? "Edit Pemeriksaan" : "Tambah Pemeriksaan"}
      busy={saving}
      dirty={dirty}
      onClose={onClose}
      formId="exam-form"
      formClass="form form-grid"
      onSubmit={save}
    >
      <Field id="exam-date" label="Tanggal Pemeriksaan" required error={errors.date}>
        <DateInput
          id="exam-date"
          time
          required
          value={date}
          onChange={(d) => (clear("date"), setDate(d))}
        />
      </Field>
      <div class="field" />
      <SoapFields
        soap={soap}
        errors={errors}
        onChange={(k, x) => (clear(k), setSoap((s) => ({ ...s, [k]: x })))}
      />
      <CodeFields
        c={{ keywords, diag, tind }}
        codes={codes}
        errors={errors}
        on={{
          keyword: (l) => (clear("keyword"), pickKeywords(l)),
          diagnosis: (l) => (clear("diagnosis"), setDiag(l)),
          tindakan: (l) => (clear("tindakan"), setTind(l)),
        }}
      />
      <TariffFields
        v={tv}
        errors={errors}
        set={(p) => {
          for (const k of Object.keys(p)) clear(k);
          setTv((o) => ({ ...o, ...p }));
        }}
        tariff={tariff}
        classtype={classtype}
        prevRs={billedBefore(rows, date, exam?._id)}
      />
    </FormModal>
  );
}
