import { Select } from "../ui/Select.tsx";
import { DateInput } from "../ui/DateInput.tsx";
import { Field } from "../ui/Field.tsx";
import { filterSetters } from "../ipd/Filters.tsx";
import { CLAIM_STATUSES } from "../../lib/claim/claim_store.ts";
import type { KlaimFilters } from "../../lib/claim/columns.ts";

export interface RuleOption {
  rule: string;
  title: string;
  level: string;
}

/** The Klaim list's filters, with a button clearing them all. */
export function KlaimFilterBar({ filters, labels, rules, onChange }: {
  filters: KlaimFilters;
  labels: Record<string, string>;
  rules: RuleOption[];
  onChange: (filters: KlaimFilters, labels?: Record<string, string>) => void;
}) {
  const { set, setRange, range: [from, to] } = filterSetters(filters, labels, onChange);
  const pick = (k: "dpjpFilter" | "roomFilter", url: string, label: string, all: string) => (
    <Field id={`klaim-${k}`} label={label}>
      <Select
        id={`klaim-${k}`}
        url={url}
        placeholder={all}
        value={filters[k] ? { id: filters[k]!, text: labels[k] ?? filters[k]! } : null}
        onChange={(o) =>
          set(k, o?.id ?? "", o?.text ?? "")}
      />
    </Field>
  );
  const choose = (id: string, k: keyof KlaimFilters, label: string, opts: [string, string][]) => (
    <Field id={id} label={label}>
      <select id={id} value={filters[k] ?? ""} onChange={(e) => set(k, e.currentTarget.value)}>
        {opts.map(([v, text]) => <option key={v} value={v}>{text}</option>)}
      </select>
    </Field>
  );
  return (
    <div class="ipd-filters klaim-filters">
      <div class="ipd-filter-inputs">
        <Field id="klaim-from" label="Tanggal Pulang dari">
          <DateInput id="klaim-from" value={from} onChange={(d) => setRange(d, to)} />
        </Field>
        <Field id="klaim-to" label="sampai">
          <DateInput id="klaim-to" value={to} onChange={(d) => setRange(from, d)} />
        </Field>
        {pick("dpjpFilter", "/api/doctor/select2", "DPJP", "Semua DPJP")}
        {pick("roomFilter", "/api/room/select2", "Ruang", "Semua ruang")}
        {choose("klaim-rule", "ruleFilter", "Aturan", [
          ["", "Semua aturan"],
          ...rules.map((r): [string, string] => [r.rule, `${r.title} (${r.level})`]),
        ])}
        {choose("klaim-status", "klaimStatus", "Status Klaim", [
          ["", "Semua status"],
          ...Object.entries(CLAIM_STATUSES),
        ])}
        {choose("klaim-ready", "readyFilter", "Kelengkapan", [
          ["", "Semua"],
          ["siap", "Siap klaim"],
          ["perbaikan", "Perlu perbaikan"],
        ])}
      </div>
      {Object.keys(filters).length > 0 && (
        <button
          type="button"
          class="btn btn-sm btn-light"
          onClick={() => onChange({})}
        >
          Hapus semua filter
        </button>
      )}
    </div>
  );
}
