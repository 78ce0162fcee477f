import { useEffect, useState } from "react";
import { READMISSION_REASONS } from "../../lib/ipd/model.ts";
import { get } from "../ui/api.ts";
import { Field } from "../ui/Field.tsx";
import { type Option, Select } from "../ui/Select.tsx";

const REASONS = Object.entries(READMISSION_REASONS);

/** What to say under a list that has nothing to pick yet. */
const EMPTY_HINTS: Partial<
  Record<string, { url: string; text: string; href: string; link: string }>
> = {
  room: {
    url: "/api/room/select2",
    text: "Belum ada ruang rawat inap.",
    href: "/ruang",
    link: "Tambahkan di Data Master › Ruang",
  },
  dpjp: {
    url: "/api/doctor/dpjpselect2",
    text: "Belum ada dokter yang ditandai DPJP.",
    href: "/dokter",
    link: "Tambahkan atau tandai di Pengguna › Dokter",
  },
};

/** The lists with nothing to pick on a fresh install (said under the field, with a link). */
export function useEmptyLists(): string[] {
  const [empty, setEmpty] = useState<string[]>([]);
  useEffect(() => {
    for (const [k, h] of Object.entries(EMPTY_HINTS)) {
      get<{ results?: unknown[] }>(`${h!.url}?q=&page=1`).then((d) => {
        if (!d.results?.length) setEmpty((e) => [...e, k]);
      }).catch((e) => console.error(e));
    }
  }, []);
  return empty;
}

/** A reference select of the visit form, with the hint of an empty list under it. */
export function RefSelect({ k, label, url, required, value, empty, error, onChange }: {
  k: string;
  label: string;
  url: string;
  required?: boolean;
  value: Option | null;
  empty: string[];
  /** The server's refusal of this field. */
  error?: string;
  onChange: (o: Option | null) => void;
}) {
  const hint = EMPTY_HINTS[k];
  return (
    <Field id={`visit-${k}`} label={label} required={required} error={error}>
      <Select id={`visit-${k}`} url={url} required={required} value={value} onChange={onChange} />
      {hint && empty.includes(k) && (
        <small class="field-hint-empty" data-empty-hint={k}>
          {hint.text} <a href={hint.href}>{hint.link}</a>
        </small>
      )}
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
