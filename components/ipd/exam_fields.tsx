import { useState } from "react";
import type { KeywordItem } from "../../lib/ipd/model.ts";
import { keywordHit, keywordSummary } from "../../lib/ipd/keywords.ts";
import { get } from "../ui/api.ts";
import { Field, FieldWarning } from "../ui/Field.tsx";
import { MultiSelect } from "../ui/MultiSelect.tsx";
import type { Option } from "../ui/Select.tsx";
import type { FieldErrors } from "../ui/use_field_errors.ts";
import { SOAP } from "./exam_cells.tsx";
import { codesOf } from "./icd_options.ts";

export type Soap = Record<(typeof SOAP)[number][0], string>;

/** The chosen disputed-claim keywords; a newly picked one is read for its code and advice. */
export function useKeywords(initial: KeywordItem[]) {
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
        .then(({ data: d }) => {
          const got = {
            kode_icd: d.kode_icd ?? "",
            rekomendasi: d.rekomendasi ?? "",
            sumber: d.sumber ?? "",
          };
          setKeywords((ks) => ks.map((k) => k._id === o.id ? { ...k, ...got } : k));
        }).catch((e) => console.error(e));
    }
  };
  return [keywords, pick] as const;
}

export function SoapFields({ soap, errors, onChange }: {
  soap: Soap;
  errors: FieldErrors;
  onChange: (k: keyof Soap, v: string) => void;
}) {
  return (
    <>
      {SOAP.map(([k, label]) => (
        <Field key={k} id={`exam-${k}`} label={label} error={errors[k]}>
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

/** The ICD code lists of a form: diagnoses (ICD-10) and procedures (ICD-9-CM). */
const ICD_LISTS = {
  diagnosis: { label: "Diagnosa (ICD-10)", url: "/api/icd/select2-icd10" },
  tindakan: { label: "Tindakan (ICD-9-CM)", url: "/api/icd/select2-icd9" },
};

/** An ICD code list of the examination or discharge form, its refusal (or a warning) under it. */
export function IcdField({ form, name, values, error, warning, onChange }: {
  form: "exam" | "discharge";
  name: "diagnosis" | "tindakan";
  values: Option[];
  error?: string;
  warning?: string;
  onChange: (v: Option[]) => void;
}) {
  const id = `${form}-${name}`;
  return (
    <Field id={id} label={ICD_LISTS[name].label} class="span-2" error={error}>
      <MultiSelect
        id={id}
        url={ICD_LISTS[name].url}
        exclude={name}
        values={values}
        onChange={onChange}
      />
      {warning && !error && <FieldWarning id={id} text={warning} />}
    </Field>
  );
}

/** The keywords (highlighted while their ICD code is among the chosen ones) and the ICD lists. */
export function CodeFields({ c, errors, on }: {
  c: { keywords: KeywordItem[]; diag: Option[]; tind: Option[] };
  errors: FieldErrors;
  on: Record<"keyword" | "diagnosis" | "tindakan", (l: Option[]) => void>;
}) {
  const codes = codesOf([...c.diag, ...c.tind]);
  return (
    <>
      <Field id="exam-keyword" label="Keyword Dispute Klaim" class="span-2" error={errors.keyword}>
        <MultiSelect
          id="exam-keyword"
          url="/api/disputed-claim/select2"
          exclude="keyword"
          values={c.keywords.map((k) => ({ id: k._id, text: k.keyword }))}
          onChange={on.keyword}
          chipClass={(o) => {
            const k = c.keywords.find((x) => x._id === o.id);
            return k && keywordHit(k.kode_icd, codes) ? "chip-hit" : undefined;
          }}
        />
      </Field>
      {c.keywords.length > 0 && (
        <Field id="exam-keywordsummary" label="Ringkasan Keyword" class="span-2">
          <textarea id="exam-keywordsummary" rows={3} readOnly value={keywordSummary(c.keywords)} />
        </Field>
      )}
      {([["diagnosis", c.diag], ["tindakan", c.tind]] as const).map(([name, values]) => (
        <IcdField
          key={name}
          form="exam"
          name={name}
          values={values}
          error={errors[name]}
          onChange={on[name]}
        />
      ))}
    </>
  );
}
