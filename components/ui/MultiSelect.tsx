import { type Option, Select } from "./Select.tsx";

export interface MultiSelectProps {
  /** Id of the search input (point a `<label for>` at it). */
  id: string;
  /** Name of the hidden inputs carrying the chosen ids, one per id (omit to leave them out). */
  name?: string;
  values: Option[];
  onChange: (values: Option[]) => void;
  /** select2-style endpoint (see `Select`). */
  url: string;
  /** Query parameter naming the chosen ids (comma-separated) so the server leaves them out. */
  exclude?: string;
  /** Further query parameters. */
  params?: Record<string, string>;
  /** Extra class of a chip (e.g. a highlighted state). */
  chipClass?: (o: Option) => string | undefined;
  disabled?: boolean;
  placeholder?: string;
}

/**
 * Several options picked from an async select: the chosen ones as removable chips, then a
 * search input whose list leaves them out (`exclude` query parameter). The chips' × are out of
 * the Tab order (Tab goes from the field before straight to the search); Backspace in the empty
 * search removes the last chip.
 */
export function MultiSelect(p: MultiSelectProps) {
  const ids = p.values.map((o) => o.id);
  return (
    <div
      class="multi"
      onKeyDown={(e) => {
        const input = e.target as HTMLInputElement;
        if (e.key !== "Backspace" || input.id !== p.id || input.value || p.disabled) return;
        if (!p.values.length) return;
        e.preventDefault();
        p.onChange(p.values.slice(0, -1));
      }}
    >
      {p.values.length > 0 && (
        <ul class="chips">
          {p.values.map((o) => (
            <li key={o.id} class={`chip ${p.chipClass?.(o) ?? ""}`.trim()}>
              <span>{o.text}</span>
              {p.name && <input type="hidden" name={p.name} value={o.id} />}
              {!p.disabled && (
                <button
                  type="button"
                  class="chip-remove"
                  aria-label={`Hapus ${o.text}`}
                  tabIndex={-1}
                  onClick={() => p.onChange(p.values.filter((v) => v.id !== o.id))}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <Select
        id={p.id}
        value={null}
        url={p.url}
        params={{ ...p.params, ...(p.exclude ? { [p.exclude]: ids.join(",") } : {}) }}
        disabled={p.disabled}
        placeholder={p.placeholder ?? "Ketik untuk mencari..."}
        onChange={(o) => o && !ids.includes(o.id) && p.onChange([...p.values, o])}
      />
    </div>
  );
}
