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

/** What the clerk typed per category; the category the settings name holds the rest. */
export type BillInput = Partial<Record<BillKey, string>>;

/** The typed amounts a form starts from: a breakdown's, as rupiah, but the rest category's. */
export function billInput(b: Breakdown, rest: BillKey): BillInput {
  const out: BillInput = {};
  for (const k of BILL_KEYS) if (k !== rest && b[k]) out[k] = formatMoney(b[k]);
  return out;
}

const problemOf = (k: BillKey, v: string | undefined) =>
  readRupiah(v ?? "", `Rincian ${BILL_LABELS[k]}`).error ?? "";

/**
 * The typed amounts read against `total` (NaN while the total is not a whole amount): each
 * category's whole rupiah, the rest in `rest`, and the first refusal ('' when none), said as the
 * server says it (`total` named `label`).
 */
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

/**
 * One category's amount, as typed; shown as rupiah once left. Refused by the browser's form
 * check while it is not whole rupiah, or while it holds an amount and the amounts exceed the
 * total (`over`, the message).
 */
function Amount({ id, k, value, over, onChange }: {
  id: string;
  k: BillKey;
  value: string;
  over: string;
  onChange: (v: string) => void;
}) {
  const problem = problemOf(k, value) || (value.trim() ? over : "");
  const el = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => el.current?.setCustomValidity(problem), [problem]);
  return (
    <div class="field">
      <label for={id}>{BILL_LABELS[k]}</label>
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
    </div>
  );
}

/**
 * The hospital tariff by E-Klaim's categories, collapsed to one line (the amounts in use) until
 * opened (or while a refusal is said): one input per category, and the category the settings
 * name (`rest`) holding what is left of `total`, so the breakdown sums to it whatever is typed;
 * typing more than `total` is said (the difference named) and the browser's form check refuses
 * it. `id` prefixes the controls' ids; the summary is `{id}-bill`, where the server's refusal
 * (`error`) is said.
 */
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
              <div class="field" key={k}>
                <label for={`${id}-rincian-${k}`}>{`${BILL_LABELS[k]} (sisa)`}</label>
                <input
                  id={`${id}-rincian-${k}`}
                  readOnly
                  tabIndex={-1}
                  value={Number.isFinite(left) ? formatMoney(Math.max(0, left)) : "-"}
                />
              </div>
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

/**
 * The discharge step: the stay's breakdown, where the clerk may move amounts between categories
 * (the total stays), sent by the hidden inputs it renders (`formBill`); `onEdit(true)` on each
 * change.
 */
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
