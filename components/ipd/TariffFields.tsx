import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { StayTotals } from "../../lib/ipd/rules.ts";
import { HospitalMissing } from "../HospitalMissing.tsx";
import { formatMoney, readRupiah } from "../../lib/format.ts";
import { type Option, Select } from "../ui/Select.tsx";
import { Percent } from "./cells.tsx";
import { get } from "../ui/api.ts";
import { Field, FieldWarning } from "../ui/Field.tsx";
import type { BillInput } from "./BillFields.tsx";
import type { HospitalTariff } from "../../lib/settings/hospital_tariff.ts";

/** A tariff option of an INA-CBG grouping (`GET /api/inatarif/{id}`). */
export interface TariffOption {
  id: string;
  text: string;
  value: number;
}

export interface TariffValues {
  grouping: Option | null;
  options: TariffOption[];
  /** first | second | third */
  tarifinacbgSelect: string;
  tarif_ina: number | null;
  /** As typed ('Rp 1.500.000', '1500000'). */
  tarif_rs: string;
  /** Its split by E-Klaim's categories, as typed (the settings' category holds the rest). */
  bill: BillInput;
}

export type TariffKey = HospitalTariff;

/** The label the server names the hospital tariff by (lib/ipd/exam.ts), in its messages. */
export const TARIF_RS = "Tarif RS";

/** The typed hospital tariff as whole rupiah (NaN when empty or refused). */
export const rsNumber = (v: string) => readRupiah(v, TARIF_RS).value ?? NaN;

/** Why the server would refuse the typed hospital tariff ('' when it would not). */
export const rsProblem = (v: string) => readRupiah(v, TARIF_RS).error ?? "";

/** The hospital tariff of the day, as typed; said refused under it once left. */
function RsInput({ value, error, onChange }: {
  value: string;
  error?: string;
  onChange: (v: string) => void;
}) {
  const rs = rsNumber(value);
  const problem = rsProblem(value);
  const rsInput = useRef<HTMLInputElement>(null);
  // said under the field once the clerk left it or tried to save; the form never sends it
  const [told, setTold] = useState(false);
  useLayoutEffect(() => rsInput.current?.setCustomValidity(problem), [problem]);
  return (
    <Field
      id="exam-tarif_rs"
      label="Tarif RS (tagihan hari ini)"
      error={error || (told && problem) || undefined}
    >
      <input
        id="exam-tarif_rs"
        ref={rsInput}
        inputMode="numeric"
        autoComplete="off"
        value={value}
        placeholder="Rp 0"
        aria-invalid={problem ? true : undefined}
        aria-describedby={told && problem ? "exam-tarif_rs-error" : undefined}
        onInput={(e) => {
          e.currentTarget.setCustomValidity(rsProblem(e.currentTarget.value));
          onChange(e.currentTarget.value);
        }}
        onInvalid={() => setTold(true)}
        onBlur={() => {
          setTold(true);
          if (Number.isFinite(rs)) onChange(formatMoney(rs));
        }}
      />
    </Field>
  );
}

/** Grouping, the day's tariffs and the analysis against the stay's `totals` up to the day. */
export function TariffFields({ v, set, tariff, classtype, totals, errors, warning }: {
  v: TariffValues;
  warning?: string;
  errors: Record<string, string | undefined>;
  set: (patch: Partial<TariffValues>) => void;
  tariff: TariffKey;
  classtype: string;
  totals: StayTotals;
}) {
  const loaded = useRef(v.grouping?.id ?? "");
  const load = async (g: Option | null, keep: boolean) => {
    loaded.current = g?.id ?? "";
    if (!g) return set({ grouping: null, options: [], tarifinacbgSelect: "", tarif_ina: null });
    if (!keep) set({ grouping: g, options: [], tarifinacbgSelect: "", tarif_ina: null });
    try {
      const options = await get<TariffOption[]>(`/api/inatarif/${encodeURIComponent(g.id)}`);
      if (loaded.current !== g.id) return;
      if (keep) return set({ options });
      const pick = options.find((o) => o.id === classtype);
      set({ options, tarifinacbgSelect: pick?.id ?? "", tarif_ina: pick?.value ?? null });
    } catch (e) {
      console.error(e);
    }
  };
  useEffect(() => {
    if (v.grouping) load(v.grouping, true);
  }, []);

  const off = tariff.missing.length > 0;
  return (
    <>
      {off && (
        <div class="span-2">
          <HospitalMissing missing={tariff.missing} />
        </div>
      )}
      <Field id="exam-grouping" label="Grouping INA-CBG" class="span-2" error={errors.grouping}>
        <Select
          id="exam-grouping"
          url="/api/inatarif/select2"
          params={{ regional: tariff.regional ?? "", kelas_rs: tariff.kelasRs ?? "" }}
          disabled={off}
          checkEmpty={!off}
          value={v.grouping}
          placeholder="Cari kode atau deskripsi INA-CBG"
          onChange={(g) => load(g, false)}
        />
        {!errors.grouping && warning && <FieldWarning id="exam-grouping" text={warning} />}
      </Field>
      <Field id="exam-tarifinacbgSelect" label="Kelas Tarif" error={errors.tarifinacbgSelect}>
        <select
          id="exam-tarifinacbgSelect"
          value={v.tarifinacbgSelect}
          disabled={!v.options.length}
          onChange={(e) => {
            const o = v.options.find((x) => x.id === e.currentTarget.value);
            set({ tarifinacbgSelect: o?.id ?? "", tarif_ina: o?.value ?? null });
          }}
        >
          <option value="">Pilih kelas tarif</option>
          {v.options.map((o) => <option key={o.id} value={o.id}>{o.text}</option>)}
        </select>
      </Field>
      <Field id="exam-tarif_ina" label="Tarif INA-CBG">
        <input
          id="exam-tarif_ina"
          readOnly
          value={v.tarif_ina == null ? "" : formatMoney(v.tarif_ina)}
        />
      </Field>
      <RsInput
        value={v.tarif_rs}
        error={errors.tarif_rs}
        onChange={(tarif_rs) => set({ tarif_rs })}
      />
      <div class="field">
        <span class="label">Analisa</span>
        <output id="exam-analysis" class="analysis" aria-live="polite">
          <Percent value={totals.percentageTotal} where="exam" />
          <small class="muted">
            {`INA-CBG ${formatMoney(totals.tarifInaTotal)} dibanding tagihan RS s.d. hari ini ` +
              formatMoney(totals.tarifRsTotal)}
          </small>
        </output>
      </div>
    </>
  );
}
