import type { ComponentChildren } from "preact";
import { useState } from "react";
import { type Option, Select } from "../ui/Select.tsx";
import { Field } from "../ui/Field.tsx";
import { useFieldErrors } from "../ui/use_field_errors.ts";
import { IcdField } from "./exam_fields.tsx";

/** The discharge summary's values, as the discharge form and the summary correction hold them. */
interface SummaryValues {
  method: Option | null;
  diagnosis: Option[];
  tindakan: Option[];
}

const SERVER_NAMES = {
  dischargepatient: "method",
  summary_diagnosis: "diagnosis",
  summary_tindakan: "tindakan",
};

/** A summary form's values, refusals and `edit(name, set)`, a setter that marks it changed. */
export function useSummary(initial: SummaryValues, names: Record<string, string> = {}) {
  const [values, setValues] = useState(initial);
  const [dirty, setDirty] = useState(false);
  const errs = useFieldErrors((n) => `discharge-${n}`, { ...SERVER_NAMES, ...names });
  const edit = <T,>(name: string, set: (v: T) => void) => (v: T) => {
    setDirty(true);
    errs.clear(name);
    set(v);
  };
  return { values, setValues, dirty, setDirty, errs, edit };
}

/** The summary's fields (ids `discharge-method`, `-diagnosis`, `-tindakan`, as the links name). */
export function SummaryFields({ s, diagnosisWarning, between }: {
  s: ReturnType<typeof useSummary>;
  diagnosisWarning?: string;
  between?: ComponentChildren;
}) {
  const { values, errs: { errors } } = s;
  const set = <K extends keyof SummaryValues>(k: K) =>
    s.edit(k, (v: SummaryValues[K]) => s.setValues((o) => ({ ...o, [k]: v })));
  return (
    <>
      <Field id="discharge-method" label="Cara Pulang" required error={errors.method}>
        <Select
          id="discharge-method"
          url="/api/discharge-patient/select2"
          required
          value={values.method}
          onChange={set("method")}
        />
      </Field>
      {between}
      <IcdField
        form="discharge"
        name="diagnosis"
        values={values.diagnosis}
        error={errors.diagnosis}
        warning={diagnosisWarning}
        onChange={set("diagnosis")}
      />
      <IcdField
        form="discharge"
        name="tindakan"
        values={values.tindakan}
        error={errors.tindakan}
        onChange={set("tindakan")}
      />
    </>
  );
}
