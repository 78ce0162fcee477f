import { useState } from "react";
import { type Option, Select } from "./Select.tsx";

export interface MultiSelectProps {
  /** Id of the search input (point a `<label for>` at it). */
  id: string;
  values: Option[];
  onChange: (values: Option[]) => void;
  /** select2-style endpoint (see `Select`). */
  url: string;
  /** Query parameter naming the chosen ids (comma-separated) so the server leaves them out. */
  exclude: string;
  /** Extra class of a chip (e.g. a highlighted state). */
  chipClass?: (o: Option) => string | undefined;
}

/** A chip taken away, and where it stood, until it is put back or another change is made. */
type Removed = { option: Option; at: number };

/**
 * Options picked from an async select, as chips (× out of the Tab order) before the search.
 * Backspace in the empty search marks the last chip, a second removes it; a removed chip is
 * said under the field with 'Urungkan', which puts it back.
 */
export function MultiSelect(p: MultiSelectProps) {
  const ids = p.values.map((o) => o.id);
  const [armed, setArmed] = useState(false);
  const [removed, setRemoved] = useState<Removed | null>(null);
  const last = p.values.at(-1);
  const remove = (at: number) => {
    setArmed(false);
    setRemoved({ option: p.values[at], at });
    p.onChange(p.values.filter((_, i) => i !== at));
  };
  const change = (values: Option[]) => {
    setRemoved(null);
    p.onChange(values);
  };
  const undo = (r: Removed) => {
    setRemoved(null);
    if (!ids.includes(r.option.id)) {
      p.onChange([...p.values.slice(0, r.at), r.option, ...p.values.slice(r.at)]);
    }
    document.getElementById(p.id)?.focus();
  };
  return (
    <div
      class="multi"
      onKeyDown={(e) => {
        const input = e.target as HTMLInputElement;
        if (input.id !== p.id) return;
        if (e.key !== "Backspace" || input.value || !last) return setArmed(false);
        e.preventDefault();
        if (armed) remove(p.values.length - 1);
        else setArmed(true);
      }}
    >
      {p.values.length > 0 && (
        <ul class="chips">
          {p.values.map((o, i) => (
            <li
              key={o.id}
              class={[
                "chip",
                p.chipClass?.(o),
                armed && i === p.values.length - 1 && "chip-armed",
              ].filter(Boolean).join(" ")}
            >
              <span>{o.text}</span>
              <button
                type="button"
                class="chip-remove"
                aria-label={`Hapus ${o.text}`}
                tabIndex={-1}
                onClick={() => remove(i)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <Select
        id={p.id}
        value={null}
        url={p.url}
        params={{ [p.exclude]: ids.join(",") }}
        placeholder="Ketik untuk mencari..."
        onChange={(o) => o && !ids.includes(o.id) && change([...p.values, o])}
      />
      <p class="multi-said" role="status">
        {armed && last && `Tekan Backspace sekali lagi untuk menghapus ${last.text}.`}
        {!armed && removed && (
          <>
            {`${removed.option.text} dihapus. `}
            <button type="button" class="btn-link" onClick={() => undo(removed)}>
              Urungkan
            </button>
          </>
        )}
      </p>
    </div>
  );
}
