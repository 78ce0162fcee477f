import type { EklaimView } from "../../lib/eklaim/view.ts";

const WORDS = { ok: "selesai", handled: "dijawab E-Klaim, dilanjutkan", failed: "gagal" };

/** The calls of the last request to E-Klaim: done, answered with an error gone on from, failed. */
export function StepLine({ steps }: { steps: EklaimView["steps"] }) {
  if (!steps.length) return null;
  const last = steps[steps.length - 1];
  const stateOf = (i: number) => steps[i].ok ? "ok" : i === steps.length - 1 ? "failed" : "handled";
  return (
    <div class="eklaim-progress">
      <ol class="eklaim-steps" aria-label="Langkah ke E-Klaim">
        {steps.map((s, i) => (
          <li key={i} class={stateOf(i)} data-step={s.method}>
            {s.label}
            <span class="sr-only">
              {` (${WORDS[stateOf(i)]}${s.ok ? "" : `: ${s.errorNo ?? ""} ${s.message}`})`}
            </span>
          </li>
        ))}
      </ol>
      {!last.ok && (
        <p class="eklaim-step-why">
          {`${last.label}: ${last.errorNo ? `${last.errorNo} ` : ""}${last.message}`}
        </p>
      )}
    </div>
  );
}
