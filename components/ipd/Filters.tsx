import { DURATIONS } from "../../lib/ipd/filters.ts";
import { Select } from "../ui/Select.tsx";
import { FILTER_KEYS, type Filters, type ListMode } from "../../lib/ipd/columns.ts";
import { DateInput, showValue } from "../ui/DateInput.tsx";

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

/**
 * The list filters: room, length of stay and date range as inputs, and every active filter
 * (including those only the query string can set, e.g. from the dashboard) as a removable
 * chip, with a button clearing them all.
 */
export function FilterBar({ mode, filters, labels, onChange }: {
  mode: ListMode;
  filters: Filters;
  /** Display text of id filters (room and doctor names). */
  labels: Record<string, string>;
  onChange: (filters: Filters, labels?: Record<string, string>) => void;
}) {
  const set = (k: keyof Filters, v: string) => {
    const next = { ...filters };
    if (v) next[k] = v;
    else delete next[k];
    onChange(next);
  };
  const [from, to] = rangeParts(filters.dateRange);
  const setRange = (f: string, t: string) => set("dateRange", f || t ? `${f} / ${t}` : "");
  const active = FILTER_KEYS.filter((k) => filters[k]);
  return (
    <div class="ipd-filters">
      <div class="ipd-filter-inputs">
        <div class="field">
          <label for={`${mode}-room`}>Ruang</label>
          <Select
            id={`${mode}-room`}
            url="/api/room/select2"
            placeholder="Semua ruang"
            value={filters.roomFilter
              ? { id: filters.roomFilter, text: labels.roomFilter ?? filters.roomFilter }
              : null}
            onChange={(o) => {
              const next = { ...filters };
              if (o) next.roomFilter = o.id;
              else delete next.roomFilter;
              onChange(next, o ? { ...labels, roomFilter: o.text } : labels);
            }}
          />
        </div>
        <div class="field">
          <label for={`${mode}-duration`}>Lama Rawat</label>
          <select
            id={`${mode}-duration`}
            value={filters.durationFilter ?? ""}
            onChange={(e) => set("durationFilter", e.currentTarget.value)}
          >
            <option value="">Semua</option>
            {DURATIONS.map((d) => <option key={d.id} value={d.id}>{d.text}</option>)}
          </select>
        </div>
        <div class="field">
          <label for={`${mode}-from`}>
            Tanggal {mode === "pulang" ? "Pulang" : "Masuk"} dari
          </label>
          <DateInput id={`${mode}-from`} value={from} onChange={(d) => setRange(d, to)} />
        </div>
        <div class="field">
          <label for={`${mode}-to`}>sampai</label>
          <DateInput id={`${mode}-to`} value={to} onChange={(d) => setRange(from, d)} />
        </div>
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
