import type { EklaimView } from "../../lib/eklaim/view.ts";
import { formatMoney } from "../../lib/format.ts";

/** What Final sends: one special CMG per type (type → code, '' none) and the top-ups. */
export interface FinalChoice {
  special: Record<string, string>;
  topup: string[];
}

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
      <IdrgResult view={view} choice={choice} onChoice={onChoice} />
      <section class="eklaim-result" aria-labelledby="eklaim-inacbg">
        <h3 id="eklaim-inacbg">INA-CBG</h3>
        {inacbg
          ? (
            <dl>
              <dt>CBG</dt>
              <dd data-inacbg-cbg>{`${inacbg.cbg.code} ${inacbg.cbg.description}`}</dd>
              <dt>Tarif</dt>
              <dd data-inacbg-tarif>{formatMoney(inacbg.tariff ?? 0)}</dd>
              <dt>Kelas</dt>
              <dd>{inacbg.kelas.replace("kelas_", "Kelas ")}</dd>
              {inacbg.special_cmg.length > 0 && (
                <>
                  <dt>Special CMG</dt>
                  <dd data-inacbg-special>
                    {inacbg.special_cmg.map((s) => `${s.code} ${formatMoney(s.tariff)}`).join(
                      ", ",
                    )}
                  </dd>
                </>
              )}
            </dl>
          )
          : <p class="hint">Belum ada hasil (grouping berhenti di iDRG).</p>}
        {pick && types.map((type, i) => (
          <div class="field" key={type}>
            <label for={`eklaim-cmg-${i}`}>{type}</label>
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
          </div>
        ))}
      </section>
    </div>
  );
}

/** The iDRG result, with its top-up options to pick while Final is offered. */
function IdrgResult({ view, choice, onChoice }: {
  view: EklaimView;
  choice: FinalChoice;
  onChoice: (c: FinalChoice) => void;
}) {
  const { idrg } = view;
  const pick = view.can.final;
  return (
    <section class="eklaim-result" aria-labelledby="eklaim-idrg">
      <h3 id="eklaim-idrg">iDRG</h3>
      {idrg
        ? (
          <dl>
            <dt>MDC</dt>
            <dd>{`${idrg.mdc_number} ${idrg.mdc_description}`}</dd>
            <dt>DRG</dt>
            <dd data-idrg-drg>{`${idrg.drg_code} ${idrg.drg_description}`}</dd>
            <dt>Cost weight</dt>
            <dd>{idrg.total_cost_weight || idrg.cost_weight}</dd>
            {idrg.total_tarif !== null && (
              <>
                <dt>Tarif iDRG</dt>
                <dd>{formatMoney(idrg.total_tarif)}</dd>
              </>
            )}
            {idrg.topup.length > 0 && (
              <>
                <dt>Top-up</dt>
                <dd>{idrg.topup.map((t) => `${t.code} ${t.description}`).join(", ")}</dd>
              </>
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
  );
}
