import type { ComponentChildren } from "preact";
import { type Option, Select } from "../ui/Select.tsx";
import { Field } from "../ui/Field.tsx";
import { IcdField } from "./exam_fields.tsx";

/** The discharge summary's values, as the discharge form and the summary correction hold them. */
export interface SummaryValues {
  method: Option | null;
  diag: Option[];
  tind: Option[];
}

/**
 * Cara Pulang, the summary's diagnoses (the first the primary one) and procedures: the fields
 * the discharge form and 'Perbaiki Ringkasan' share (ids `discharge-method`, `-diagnosis`,
 * `-tindakan`, which the readiness links open). `edit(name, set)` wraps each setter.
 */
export function SummaryFields(
  { values, errors, edit, set, diagnosisWarning, between }: {
    values: SummaryValues;
    errors: Record<string, string | undefined>;
    edit: <T>(name: string, set: (v: T) => void) => (v: T) => void;
    set: {
      method: (v: Option | null) => void;
      diag: (v: Option[]) => void;
      tind: (v: Option[]) => void;
    };
    diagnosisWarning?: string;
    between?: ComponentChildren;
  },
) {
  return (
    <>
      <Field id="discharge-method" label="Cara Pulang" required error={errors.method}>
        <Select
          id="discharge-method"
          url="/api/discharge-patient/select2"
          required
          value={values.method}
          onChange={edit("method", set.method)}
        />
      </Field>
      {between}
      <IcdField
        form="discharge"
        name="diagnosis"
        values={values.diag}
        error={errors.diagnosis}
        warning={diagnosisWarning}
        onChange={edit("diagnosis", set.diag)}
      />
      <IcdField
        form="discharge"
        name="tindakan"
        values={values.tind}
        error={errors.tindakan}
        onChange={edit("tindakan", set.tind)}
      />
    </>
  );
}
