import { READMISSION_REASONS } from "../../lib/ipd/model.ts";
import { Field } from "../ui/Field.tsx";
import { type Option, Select } from "../ui/Select.tsx";

const REASONS = Object.entries(READMISSION_REASONS);

/** The patient select, with 'Pasien Baru' beside it while none is chosen. */
export function PatientPicker({ value, error, onChange, onNew }: {
  value: Option | null;
  error?: string;
  onChange: (o: Option | null) => void;
  onNew: () => void;
}) {
  return (
    <Field id="visit-pasien" label="Pasien" required class="span-2" error={error}>
      <div class="with-button">
        <Select
          id="visit-pasien"
          url="/api/pasien/select2"
          required
          value={value}
          placeholder="Cari No. ERM atau nama"
          onChange={onChange}
        />
        {!value && <button type="button" class="btn btn-light" onClick={onNew}>Pasien Baru</button>}
      </div>
    </Field>
  );
}

/** The reason a readmission needs; `missing` once a save was tried without one. */
export function ReadmissionReason({ value, missing, error, onChange }: {
  value: string;
  missing: boolean;
  error?: string;
  onChange: (v: string) => void;
}) {
  const told = missing && !value && !error;
  return (
    <Field
      id="visit-readmisi_reason"
      label="Alasan Readmisi"
      required
      class="span-2 readmisi"
      error={error}
    >
      <p class="alert alert-warning">
        Pasien pulang dari rawat inap sebelumnya kurang dari 30 hari yang lalu (readmisi).
      </p>
      <select
        id="visit-readmisi_reason"
        value={value}
        aria-invalid={told ? true : undefined}
        aria-describedby={told ? "visit-readmisi_reason-error" : undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
      >
        <option value="">Pilih alasan readmisi</option>
        {REASONS.map(([k, t]) => <option key={k} value={k}>{t}</option>)}
      </select>
      {told && (
        <small class="field-error" id="visit-readmisi_reason-error">
          Pilih alasan readmisi sebelum menyimpan.
        </small>
      )}
    </Field>
  );
}
