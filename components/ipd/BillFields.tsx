import { useLayoutEffect, useRef, useState } from "react";
import {
  BILL_CATEGORIES,
  BILL_FIELD,
  BILL_KEYS,
  BILL_LABELS,
  type BillKey,
  type Breakdown,
  stayBreakdown,
  sumProblem,
} from "../../lib/ipd/bill.ts";
import { formatMoney, readRupiah } from "../../lib/format.ts";
import { Field } from "../ui/Field.tsx";

/** What the clerk typed per category; the category the settings name holds the rest. */
export type BillInput = Partial<Record<BillKey, string>>;

/** The typed amounts a form starts from: a breakdown's, as rupiah, but the rest category's. */
export function billInput(b: Breakdown, rest: BillKey): BillInput {
  const out: BillInput = {};
  for (const k of BILL_KEYS) if (k !== rest && b[k]) out[k] = formatMoney(b[k]);
  return out;
}

/** The typed amounts read against `total` (NaN while not whole): amounts, rest, first refusal. */
export function readBill(input: BillInput, total: number, rest: BillKey, label: string) {
  const amounts: Breakdown = {};
  let typed = 0, problem = "";
  for (const k of BILL_KEYS) {
    if (k === rest) continue;
    const r = readRupiah(input[k] ?? "", `Rincian ${BILL_LABELS[k]}`);
    if (r.error !== undefined) problem ||= r.error;
    else if (r.value) typed += amounts[k] = r.value;
  }
  const left = total - typed;
  if (left > 0) amounts[rest] = left;
  if (!problem && left < 0) problem = sumProblem(typed, total, label) ?? "";
  return { amounts, left, problem };
}

/** The breakdown as a form body sends it: every category, `tarif_rs_rincian[kamar]=…`. */
export const billBody = (b: Breakdown): Record<string, string> =>
  Object.fromEntries(BILL_KEYS.map((k) => [`${BILL_FIELD}[${k}]`, String(b[k] ?? 0)]));

/** One category's amount, as rupiah once left; `over`: the refusal while the sum is too big. */
function Amount({ id, k, value, over, onChange }: {
  id: string;
  k: BillKey;
  value: string;
  over: string;
  onChange: (v: string) => void;
}) {
  const problem = readRupiah(value, `Rincian ${BILL_LABELS[k]}`).error ||
    (value.trim() ? over : "");
  const el = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => el.current?.setCustomValidity(problem), [problem]);
  return (
    <Field id={id} label={BILL_LABELS[k]}>
      <input
        id={id}
        ref={el}
        inputMode="numeric"
        autoComplete="off"
        placeholder="Rp 0"
        value={value}
        aria-invalid={problem ? true : undefined}
        onInput={(e) => onChange(e.currentTarget.value)}
        onBlur={() => {
          const r = readRupiah(value, "");
          if (r.value !== undefined) onChange(r.value ? formatMoney(r.value) : "");
        }}
      />
    </Field>
  );
}

/** The tariff by E-Klaim's categories, folded to `{id}-bill`; category `rest` holds the rest. */
export function BillFields({ id, total, label, rest, input, onChange, error }: {
  id: string;
  total: number;
  /** What the total is called in messages ('Tarif RS', 'Total RS'). */
  label: string;
  rest: BillKey;
  input: BillInput;
  onChange: (k: BillKey, v: string) => void;
  error?: string;
}) {
  const { amounts, left, problem } = readBill(input, total, rest, label);
  const [open, setOpen] = useState(false);
  const used = BILL_CATEGORIES.filter(([k]) => amounts[k]);
  const said = error || problem;
  return (
    <details
      class="span-2 bill-fields"
      open={open || !!said}
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary id={`${id}-bill`} aria-invalid={said ? true : undefined}>
        <span class="bill-title">Rincian Tarif RS per kategori E-Klaim</span>
        <span class="muted">
          {used.length
            ? used.map(([k, l]) => `${l} ${formatMoney(amounts[k])}`).join(" · ")
            : "Belum ada tagihan"}
        </span>
      </summary>
      <div class="bill-grid">
        {BILL_KEYS.map((k) =>
          k === rest
            ? (
              <Field key={k} id={`${id}-rincian-${k}`} label={`${BILL_LABELS[k]} (sisa)`}>
                <input
                  id={`${id}-rincian-${k}`}
                  readOnly
                  tabIndex={-1}
                  value={Number.isFinite(left) ? formatMoney(Math.max(0, left)) : "-"}
                />
              </Field>
            )
            : (
              <Amount
                key={k}
                id={`${id}-rincian-${k}`}
                k={k}
                value={input[k] ?? ""}
                over={left < 0 ? problem : ""}
                onChange={(v) => onChange(k, v)}
              />
            )
        )}
      </div>
      <p class="muted bill-sum" role="status">
        {`Yang tidak dirinci masuk ke ${BILL_LABELS[rest]}. Jumlah rincian = ${label} ` +
          (Number.isFinite(total) ? formatMoney(total) : "-")}
      </p>
      {said && <small class="field-error" id={`${id}-bill-error`} role="alert">{said}</small>}
    </details>
  );
}

/** The discharge form's breakdown (the total fixed), sent by hidden inputs (`formBill`). */
export function BillStep({ id, visit, rest, onEdit }: {
  id: string;
  visit: { tarifRsTotal: number; tarif_rs_rincian?: Breakdown };
  rest: BillKey;
  onEdit: (changed: true) => void;
}) {
  const [input, setInput] = useState(() => billInput(stayBreakdown(visit, rest), rest));
  const { amounts } = readBill(input, visit.tarifRsTotal, rest, "Total RS");
  return (
    <>
      <BillFields
        id={id}
        total={visit.tarifRsTotal}
        label="Total RS"
        rest={rest}
        input={input}
        onChange={(k, v) => (onEdit(true), setInput((i) => ({ ...i, [k]: v })))}
      />
      {Object.entries(billBody(amounts)).map(([name, v]) => (
        <input key={name} type="hidden" name={name} value={v} />
      ))}
    </>
  );
}

/** The breakdown a form's `BillStep` holds, as its body sends it. */
export const formBill = (form: EventTarget | null): Record<string, string> =>
  Object.fromEntries(
    [...new FormData(form as HTMLFormElement)].filter(([k]) => k.startsWith(`${BILL_FIELD}[`)),
  ) as Record<string, string>;
