import type { SetupStep } from "../lib/settings/setup.ts";
import RegionLoad from "../islands/RegionLoad.tsx";
import { Island } from "./Island.tsx";

/** The first set-up steps until all are done; `regions`: the shipped region list to offer. */
export function SetupChecklist(
  { steps, regions = null }: { steps: SetupStep[]; regions?: string | null },
) {
  const left = steps.filter((s) => !s.done).length;
  if (!left) return null;
  return (
    <section class="card setup-checklist" aria-labelledby="setup-h">
      <h2 id="setup-h">Langkah awal</h2>
      <p class="muted">
        {`Lengkapi ${left} langkah lagi agar kunjungan rawat inap bisa dicatat dan dianalisis.`}
      </p>
      <ol>
        {steps.map((s) => (
          <li key={s.key} class={s.done ? "done" : undefined} data-step={s.key}>
            <span class="setup-mark" aria-hidden="true">{s.done ? "✓" : ""}</span>
            <div>
              {s.done ? <strong>{s.title}</strong> : <a href={s.href}>{s.title}</a>}
              {s.done ? <span class="muted">(sudah)</span> : <small>{s.hint}</small>}
              {!s.done && s.key === "regions" && regions && (
                <Island name="RegionLoad" component={RegionLoad} props={{ list: regions }} />
              )}
              {s.done && s.note && (
                <small data-note>
                  {s.note.text} <a href={s.note.href}>{s.note.link}</a>
                </small>
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
