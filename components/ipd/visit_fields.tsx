import { READMISSION_REASONS } from "../../lib/ipd/model.ts";
import { Field } from "../ui/Field.tsx";
import { type Option, Select } from "../ui/Select.tsx";

const REASONS = Object.entries(READMISSION_REASONS);

/**
 * A reference select of the visit form. A required one asks when shown whether its list is
 * empty, and says the server's reason under it (no room yet, no doctor marked DPJP) with a link.
 */
export function RefSelect({ k, label, url, required, value, error, onChange }: {
  k: string;
  label: string;
  url: string;
  required?: boolean;
  value: Option | null;
  /** The server's refusal of this field. */
  error?: string;
  onChange: (o: Option | null) => void;
}) {
  return (
    <Field id={`visit-${k}`} label={label} required={required} error={error}>
      <Select
        id={`visit-${k}`}
        url={url}
        required={required}
        value={value}
        checkEmpty={required}
        onChange={onChange}
      />
    </Field>
  );
}

/**
 * The patient select, with 'Pasien Baru' beside it while none is chosen; `error`: why this
 * patient cannot be admitted (still admitted), said as soon as picked.
 */
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

/**
 * The reason a readmission needs; `missing` once a save was tried without one, `error` the
 * server's refusal of it.
 */
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
