import { useRef, useState } from "react";
import { formatMoney, readRupiah } from "../../lib/format.ts";
import type { TableField } from "../../lib/resource/table_props.ts";
import { DateInput } from "./DateInput.tsx";
import { Field } from "./Field.tsx";
import { type Option, Select } from "./Select.tsx";

/** A form field as the server declares it (`TableField`): the island gets it as JSON. */
export type FormField = TableField;

/** Text for plain inputs, the chosen option (or null) for selects. */
export type FormValues = Record<string, string | Option | null>;

export const isSelect = (f: FormField) => f.type === "select" || !!f.options || !!f.choices;

/** Form values from a record (or empty ones for a new record). Virtual selects start empty. */
export function valuesFrom(fields: FormField[], row?: Record<string, unknown>): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    const v = row?.[f.source ?? f.name];
    if (!isSelect(f)) {
      const shown = f.type === "money" && v != null && v !== "" ? formatMoney(v) : String(v);
      out[f.name] = row && v != null && f.type !== "password" ? shown : "";
      continue;
    }
    const ref = f.from ? row?.[f.from] as Record<string, unknown> | undefined : undefined;
    out[f.name] = null;
    if (!row || f.virtual) continue;
    if (ref && typeof ref === "object") {
      out[f.name] = { id: String(ref._id ?? ""), text: String(ref[f.display ?? "desc"] ?? "") };
    } else if (v != null && v !== "") {
      out[f.name] = f.choices?.find((o) => o.id === String(v)) ??
        { id: String(v), text: String(v) };
    }
  }
  return out;
}

/** The fields of a form: `requiredNew` is required unless a stored record has no value for it. */
export const fieldsFor = (fields: FormField[], isNew: boolean, initial: FormValues) =>
  fields.map((f) => f.requiredNew && (isNew || initial[f.name]) ? { ...f, required: true } : f);

/** Whether `values` differ from `initial`, the values a form was opened with (selects by id). */
export function changed(initial: FormValues, values: FormValues): boolean {
  const key = (v: string | Option | null | undefined) => typeof v === "string" ? v : v?.id ?? "";
  return Object.keys({ ...initial, ...values }).some((k) => key(initial[k]) !== key(values[k]));
}

/** Whether `value` differs (as JSON) from the first render's: `FormModal`'s `dirty`. */
export function useChanged(value: unknown): boolean {
  const first = useRef<string | null>(null);
  const now = JSON.stringify(value ?? null);
  if (first.current === null) first.current = now;
  return now !== first.current;
}

/** Sets one value; a changed select clears every select below it in its cascade. */
export function withValue(
  fields: FormField[],
  values: FormValues,
  name: string,
  v: string | Option | null,
): FormValues {
  const out = { ...values, [name]: v };
  const gone = [name];
  for (let more = true; more;) {
    more = false;
    for (const x of fields) {
      const parent = x.options?.parent;
      if (parent && gone.includes(parent) && !gone.includes(x.name)) {
        out[x.name] = null;
        gone.push(x.name);
        more = true;
      }
    }
  }
  return out;
}

/** The values to submit (selects as their ids; virtual fields left out). */
export function payload(fields: FormField[], values: FormValues, into = new URLSearchParams()) {
  for (const f of fields) {
    const v = values[f.name];
    if (!f.virtual) into.set(f.name, typeof v === "string" ? v : v?.id ?? "");
    if (f.raw) into.set(f.raw, typeof v === "string" ? plainNumber(v) : "");
  }
  return into;
}

/** 'Rp 1.234.567' → '1234567' (`readRupiah`); refused text is sent as typed, for its message. */
export function plainNumber(v: string): string {
  const r = readRupiah(v, "");
  return r.value === undefined ? v.trim() : String(r.value);
}

/** Why a typed value would be refused ('' when fine): the input's validity message. */
export function fieldProblem(f: FormField, v: string): string {
  if (f.type === "money") return readRupiah(v, f.label).error ?? "";
  if (f.maxLength && v.length > f.maxLength) {
    return `${f.label} paling banyak ${f.maxLength} karakter (sekarang ${v.length}).`;
  }
  if (f.pattern && v.trim() && !new RegExp(`^(?:${f.pattern})$`).test(v.trim())) {
    return `${f.label} tidak sesuai format. ${f.hint ?? ""}`.trim();
  }
  return "";
}

/** The control of a date or switch field (null for the others), its value as text. */
function ownControl(f: FormField, id: string, v: string, set: (v: string) => void) {
  if (f.type === "date") {
    return <DateInput id={id} value={v} onChange={set} required={f.required} />;
  }
  if (f.type !== "switch") return null;
  return (
    <span class="switch">
      <input
        id={id}
        type="checkbox"
        role="switch"
        name={f.name}
        checked={v === "true"}
        aria-describedby={f.hint ? `${id}-hint` : undefined}
        onChange={(e) => set(String(e.currentTarget.checked))}
      />
      <span class="switch-track" aria-hidden="true" />
    </span>
  );
}

/** Labelled inputs (ids `{idPrefix}-{name}`); `errors` (`useFieldErrors`) stay until `onEdit`. */
export function FormFields({ idPrefix, fields, values, onChange, errors, onEdit }: {
  idPrefix: string;
  fields: FormField[];
  values: FormValues;
  onChange: (values: FormValues) => void;
  errors?: Record<string, string>;
  onEdit?: (name: string) => void;
}) {
  const set = (name: string, v: string | Option | null) => {
    onEdit?.(name);
    onChange(withValue(fields, values, name, v));
  };
  // a problem is said under its field once the clerk left it or tried to save
  const [told, setTold] = useState<Record<string, boolean>>({});
  const tell = (name: string) => !told[name] && setTold((t) => ({ ...t, [name]: true }));
  const problemOf = (f: FormField) => {
    const v = values[f.name];
    return typeof v === "string" && v.trim() ? fieldProblem(f, v) : "";
  };
  const control = (f: FormField, id: string) => {
    const v = values[f.name];
    const text = typeof v === "string" ? v : "";
    if (isSelect(f)) {
      const parent = f.options?.parent;
      const pv = parent ? values[parent] as Option | null : null;
      return (
        <Select
          id={id}
          name={f.virtual ? undefined : f.name}
          value={(v as Option | null) ?? null}
          onChange={(o) => set(f.name, o)}
          url={f.options?.url}
          params={pv ? { [f.options?.param ?? parent!]: pv.id } : undefined}
          choices={f.choices}
          disabled={!!parent && !pv && !v}
          required={f.required}
          placeholder={f.placeholder}
        />
      );
    }
    const own = ownControl(f, id, text, (x) => set(f.name, x));
    if (own) return own;
    const common = {
      id,
      name: f.name,
      value: text,
      required: f.required,
      placeholder: f.placeholder,
      "aria-describedby": [f.hint && `${id}-hint`, told[f.name] && problemOf(f) && `${id}-error`]
        .filter(Boolean).join(" ") || undefined,
      "aria-invalid": problemOf(f) ? true : undefined,
      onInput: (e: Event) => {
        const el = e.currentTarget as HTMLInputElement;
        el.setCustomValidity(fieldProblem(f, el.value));
        set(f.name, el.value);
      },
      onBlur: () => tell(f.name),
      onInvalid: () => tell(f.name),
    };
    if (f.type === "textarea") return <textarea {...common} rows={3} />;
    return (
      <input
        {...common}
        type={(f.type === "money" ? "text" : f.type ?? "text") as "text"}
        inputMode={f.type === "money" ? "numeric" : undefined}
        step={f.type === "number" ? "any" : undefined}
        autoComplete={f.type === "password" ? "new-password" : "off"}
      />
    );
  };
  return (
    <>
      {fields.map((f) => (
        <Field
          key={f.name}
          id={`${idPrefix}-${f.name}`}
          label={f.label}
          required={f.required}
          error={errors?.[f.name]}
        >
          {control(f, `${idPrefix}-${f.name}`)}
          {f.hint && <small class="hint" id={`${idPrefix}-${f.name}-hint`}>{f.hint}</small>}
          {told[f.name] && problemOf(f) && !errors?.[f.name] && (
            <small class="field-error" id={`${idPrefix}-${f.name}-error`} role="alert">
              {problemOf(f)}
            </small>
          )}
        </Field>
      ))}
    </>
  );
}
