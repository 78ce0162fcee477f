import type { ComponentChildren } from "preact";
import type { EklaimView } from "../../lib/eklaim/view.ts";
import { formatMoney } from "../../lib/format.ts";
import { Field } from "../ui/Field.tsx";

/** What Final sends: one special CMG per type (type → code, '' none) and the top-ups. */
export interface FinalChoice {
  special: Record<string, string>;
  topup: string[];
}

/** A term of a result and its value (`dd`: the value's attributes). */
const Pair = ({ t, children, ...dd }: { t: string; children: ComponentChildren }) => (
  <>
    <dt>{t}</dt>
    <dd {...dd}>{children}</dd>
  </>
);

/** E-Klaim's iDRG and INA-CBG results side by side, with the options to pick for Final. */
export function EklaimResults({ view, choice, onChoice }: {
  view: EklaimView;
  choice: FinalChoice;
  onChoice: (c: FinalChoice) => void;
}) {
  const { idrg, inacbg } = view;
  if (!idrg && !inacbg) return null;
  const pick = view.can.final;
  const types = [...new Set((inacbg?.special_cmg_options ?? []).map((o) => o.type))];
  return (
    <div class="eklaim-results">
      <section class="eklaim-result" aria-labelledby="eklaim-idrg">
        <h3 id="eklaim-idrg">iDRG</h3>
        {idrg
          ? (
            <dl>
              <Pair t="MDC">{`${idrg.mdc_number} ${idrg.mdc_description}`}</Pair>
              <Pair t="DRG" data-idrg-drg>{`${idrg.drg_code} ${idrg.drg_description}`}</Pair>
              <Pair t="Cost weight">{idrg.total_cost_weight || idrg.cost_weight}</Pair>
              {idrg.total_tarif !== null && (
                <Pair t="Tarif iDRG">{formatMoney(idrg.total_tarif)}</Pair>
              )}
              {idrg.topup.length > 0 && (
                <Pair t="Top-up">
                  {idrg.topup.map((t) => `${t.code} ${t.description}`).join(", ")}
                </Pair>
              )}
            </dl>
          )
          : <p class="hint">Belum ada hasil.</p>}
        {pick && idrg && idrg.topup_options.length > 0 && (
          <fieldset class="eklaim-options">
            <legend>Top-up (dipilih saat Final)</legend>
            {idrg.topup_options.map((o) => (
              <label key={o.code}>
                <input
                  type="checkbox"
                  name="topup"
                  value={o.code}
                  checked={choice.topup.includes(o.code)}
                  onChange={(e) =>
                    onChoice({
                      ...choice,
                      topup: e.currentTarget.checked
                        ? [...choice.topup, o.code]
                        : choice.topup.filter((t) => t !== o.code),
                    })}
                />
                {` ${o.code} ${o.description}`}
              </label>
            ))}
          </fieldset>
        )}
      </section>
      <section class="eklaim-result" aria-labelledby="eklaim-inacbg">
        <h3 id="eklaim-inacbg">INA-CBG</h3>
        {inacbg
          ? (
            <dl>
              <Pair t="CBG" data-inacbg-cbg>{`${inacbg.cbg.code} ${inacbg.cbg.description}`}</Pair>
              <Pair t="Tarif" data-inacbg-tarif>{formatMoney(inacbg.tariff ?? 0)}</Pair>
              <Pair t="Kelas">{inacbg.kelas.replace("kelas_", "Kelas ")}</Pair>
              {inacbg.special_cmg.length > 0 && (
                <Pair t="Special CMG" data-inacbg-special>
                  {inacbg.special_cmg.map((s) => `${s.code} ${formatMoney(s.tariff)}`).join(", ")}
                </Pair>
              )}
            </dl>
          )
          : <p class="hint">Belum ada hasil (grouping berhenti di iDRG).</p>}
        {pick && types.map((type, i) => (
          <Field key={type} id={`eklaim-cmg-${i}`} label={type}>
            <select
              id={`eklaim-cmg-${i}`}
              value={choice.special[type] ?? ""}
              onChange={(e) =>
                onChoice({
                  ...choice,
                  special: { ...choice.special, [type]: e.currentTarget.value },
                })}
            >
              <option value="">Tanpa special CMG</option>
              {inacbg!.special_cmg_options.filter((o) => o.type === type).map((o) => (
                <option key={o.code} value={o.code}>{`${o.code} ${o.description}`}</option>
              ))}
            </select>
          </Field>
        ))}
      </section>
    </div>
  );
}
