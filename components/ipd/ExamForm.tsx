import { useState } from "react";
import type { KeywordItem } from "../../lib/ipd/model.ts";
import {
  examOrder,
  keywordHit,
  keywordSummary,
  parseDateTime,
  toLocalInput,
} from "../../lib/ipd/rules.ts";
import { alertError, get, post } from "../ui/api.ts";
import { Field } from "../ui/Field.tsx";
import { plainNumber } from "../ui/Form.tsx";
import { formatMoney } from "../../lib/format.ts";
import { FormModal } from "../ui/Modal.tsx";
import { MultiSelect } from "../ui/MultiSelect.tsx";
import type { Option } from "../ui/Select.tsx";
import { toast } from "../ui/Toast.tsx";
import type { ExamRow } from "./exam_cells.tsx";
import { codesOf, icdOption, idList } from "./icd_options.ts";
import { rsProblem, TariffFields, type TariffKey, type TariffValues } from "./TariffFields.tsx";
import { DateInput } from "../ui/DateInput.tsx";

const SOAP = [
  ["subject", "Subjectif"],
  ["object", "Objectif"],
  ["assesment", "Asesmen/Action"],
  ["plan", "Planning"],
] as const;
type Soap = Record<(typeof SOAP)[number][0], string>;

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

/** The chosen disputed-claim keywords; a newly picked one is read for its code and advice. */
function useKeywords(initial: KeywordItem[]) {
  const [keywords, setKeywords] = useState<KeywordItem[]>(initial);
  const pick = (list: Option[]) => {
    const known = new Map(keywords.map((k) => [k._id, k]));
    setKeywords(
      list.map((o) =>
        known.get(o.id) ?? { _id: o.id, keyword: o.text, kode_icd: "", rekomendasi: "", sumber: "" }
      ),
    );
    for (const o of list.filter((o) => !known.has(o.id))) {
      get<{ data: Partial<KeywordItem> }>(`/api/disputed-claim/${encodeURIComponent(o.id)}`)
        .then(({ data: d }) =>
          setKeywords((ks) =>
            ks.map((k) =>
              k._id === o.id
                ? {
                  ...k,
                  kode_icd: d.kode_icd ?? "",
                  rekomendasi: d.rekomendasi ?? "",
                  sumber: d.sumber ?? "",
                }
                : k
            )
          )
        ).catch((e) => console.error(e));
    }
  };
  return [keywords, pick] as const;
}

/** The chosen keywords and ICD codes as the API takes them: comma-separated ids. */
const codesBody = (keywords: KeywordItem[], diag: Option[], tind: Option[]) => ({
  keyword: keywords.map((k) => k._id).join(","),
  keywordsummary: keywordSummary(keywords),
  diagnosis: idList(diag),
  tindakan: idList(tind),
});

/** Disputed-claim keywords: a chip is highlighted while its ICD code is among `codes`. */
function KeywordField({ keywords, codes, onChange }: {
  keywords: KeywordItem[];
  codes: string[];
  onChange: (list: Option[]) => void;
}) {
  return (
    <>
      <Field id="exam-keyword" label="Keyword Dispute Klaim" class="span-2">
        <MultiSelect
          id="exam-keyword"
          url="/api/disputed-claim/select2"
          exclude="keyword"
          values={keywords.map((k) => ({ id: k._id, text: k.keyword }))}
          onChange={onChange}
          chipClass={(o) => {
            const k = keywords.find((x) => x._id === o.id);
            return k && keywordHit(k.kode_icd, codes) ? "chip-hit" : undefined;
          }}
        />
      </Field>
      {keywords.length > 0 && (
        <Field id="exam-keywordsummary" label="Ringkasan Keyword" class="span-2">
          <textarea id="exam-keywordsummary" rows={3} readOnly value={keywordSummary(keywords)} />
        </Field>
      )}
    </>
  );
}

/** The SOAP notes, one text area each. */
function SoapFields({ soap, onChange }: {
  soap: Soap;
  onChange: (k: keyof Soap, v: string) => void;
}) {
  return (
    <>
      {SOAP.map(([k, label]) => (
        <Field key={k} id={`exam-${k}`} label={label}>
          <textarea
            id={`exam-${k}`}
            rows={3}
            value={soap[k]}
            onInput={(e) => onChange(k, e.currentTarget.value)}
          />
        </Field>
      ))}
    </>
  );
}

/** An ICD code list (diagnoses or procedures), picked from its lookup. */
function IcdField({ name, label, url, values, onChange }: {
  name: "diagnosis" | "tindakan";
  label: string;
  url: string;
  values: Option[];
  onChange: (v: Option[]) => void;
}) {
  return (
    <Field id={`exam-${name}`} label={label} class="span-2">
      <MultiSelect
        id={`exam-${name}`}
        url={url}
        exclude={name}
        values={values}
        onChange={onChange}
      />
    </Field>
  );
}

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
      alertError(err);
    }
  };

  return (
    <FormModal
      open
      size="lg"
      title={exam ? "Edit Pemeriksaan" : "Tambah Pemeriksaan"}
      busy={saving}
      onClose={onClose}
      formId="exam-form"
      formClass="form form-grid"
      onSubmit={save}
    >
      <Field id="exam-date" label="Tanggal Pemeriksaan" required>
        <DateInput id="exam-date" time required value={date} onChange={setDate} />
      </Field>
      <div class="field" />
      <SoapFields soap={soap} onChange={(k, x) => setSoap((s) => ({ ...s, [k]: x }))} />
      <KeywordField keywords={keywords} codes={codes} onChange={pickKeywords} />
      <IcdField
        name="diagnosis"
        label="Diagnosa (ICD-10)"
        url="/api/icd/select2-icd10"
        values={diag}
        onChange={setDiag}
      />
      <IcdField
        name="tindakan"
        label="Tindakan (ICD-9-CM)"
        url="/api/icd/select2-icd9"
        values={tind}
        onChange={setTind}
      />
      <TariffFields
        v={tv}
        set={(p) => setTv((o) => ({ ...o, ...p }))}
        tariff={tariff}
        classtype={classtype}
        prevRs={billedBefore(rows, date, exam?._id)}
      />
    </FormModal>
  );
}
