import { DURATIONS } from "../../lib/ipd/filters.ts";
import { Select } from "../ui/Select.tsx";
import { FILTER_KEYS, type Filters, type ListMode } from "../../lib/ipd/columns.ts";
import { DateInput, showValue } from "../ui/DateInput.tsx";
import { Field } from "../ui/Field.tsx";

/** How an active filter reads in the summary line. */
function describe(k: string, v: string, mode: ListMode, labels: Record<string, string>): string {
  switch (k) {
    case "roomFilter":
      return `Ruang: ${labels[k] ?? v}`;
    case "durationFilter":
      return `Lama rawat: ${DURATIONS.find((d) => d.id === v)?.text ?? v}`;
    case "dateRange":
      return `Tanggal ${mode === "pulang" ? "pulang" : "masuk"}: ${
        rangeParts(v).map((d) => d ? showValue(d) : "…").join(" s.d. ")
      }`;
    case "analysisFilter":
      return v === "negative"
        ? "Analisa: negatif (< 0 %)"
        : v === "positive"
        ? "Analisa: positif (≥ 0 %)"
        : `Analisa: ${v}`;
    case "readmisiFilter":
      return "Hanya readmisi";
    case "dpjpFilter":
      return `DPJP: ${labels[k] ?? v}`;
    case "icdFilter":
      return `ICD: ${v}`;
    case "statusFilter":
      return v === "semua" ? "Status: semua (dirawat dan pulang)" : `Status: ${v}`;
  }
  return `${k}: ${v}`;
}

/** Splits 'start / end' into its two days ('' where open). */
export function rangeParts(v = ""): [string, string] {
  const [from = "", to] = v.split("/").map((s) => s.trim());
  return [from, to ?? from];
}

/** A filter bar's setters: one filter (`label`: its chip's text) and the date range. */
export function filterSetters<K extends string>(
  filters: Partial<Record<K | "dateRange", string>>,
  labels: Record<string, string>,
  onChange: (
    filters: Partial<Record<K | "dateRange", string>>,
    labels?: Record<string, string>,
  ) => void,
) {
  const set = (k: K | "dateRange", v: string, label?: string) => {
    const next = { ...filters };
    if (v) next[k] = v;
    else delete next[k];
    onChange(next, label === undefined ? undefined : { ...labels, [k]: label });
  };
  const setRange = (f: string, t: string) => set("dateRange", f || t ? `${f} / ${t}` : "");
  return { set, setRange, range: rangeParts(filters.dateRange) };
}

/** The list filters as inputs, and every active one (the query string's too) as a chip. */
export function FilterBar({ mode, filters, labels, onChange }: {
  mode: ListMode;
  filters: Filters;
  /** Display text of id filters (room and doctor names). */
  labels: Record<string, string>;
  onChange: (filters: Filters, labels?: Record<string, string>) => void;
}) {
  const { set, setRange, range: [from, to] } = filterSetters(filters, labels, onChange);
  const active = FILTER_KEYS.filter((k) => filters[k]);
  return (
    <div class="ipd-filters">
      <div class="ipd-filter-inputs">
        <Field id={`${mode}-room`} label="Ruang">
          <Select
            id={`${mode}-room`}
            url="/api/room/select2"
            placeholder="Semua ruang"
            value={filters.roomFilter
              ? { id: filters.roomFilter, text: labels.roomFilter ?? filters.roomFilter }
              : null}
            onChange={(o) => set("roomFilter", o?.id ?? "", o?.text)}
          />
        </Field>
        <Field id={`${mode}-duration`} label="Lama Rawat">
          <select
            id={`${mode}-duration`}
            value={filters.durationFilter ?? ""}
            onChange={(e) => set("durationFilter", e.currentTarget.value)}
          >
            <option value="">Semua</option>
            {DURATIONS.map((d) => <option key={d.id} value={d.id}>{d.text}</option>)}
          </select>
        </Field>
        <Field id={`${mode}-from`} label={`Tanggal ${mode === "pulang" ? "Pulang" : "Masuk"} dari`}>
          <DateInput id={`${mode}-from`} value={from} onChange={(d) => setRange(d, to)} />
        </Field>
        <Field id={`${mode}-to`} label="sampai">
          <DateInput id={`${mode}-to`} value={to} onChange={(d) => setRange(from, d)} />
        </Field>
      </div>
      {active.length > 0 && (
        <div class="ipd-active-filters" aria-label="Filter aktif">
          <ul class="chips">
            {active.map((k) => (
              <li key={k} class="chip" data-filter={k}>
                <span>{describe(k, filters[k]!, mode, labels)}</span>
                <button
                  type="button"
                  class="chip-remove"
                  aria-label={`Hapus filter ${describe(k, filters[k]!, mode, labels)}`}
                  onClick={() => set(k, "")}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          <button type="button" class="btn btn-sm btn-light" onClick={() => onChange({})}>
            Hapus semua filter
          </button>
        </div>
      )}
    </div>
  );
}
