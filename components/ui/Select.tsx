import { useEffect, useRef, useState } from "react";

/** One option, as select2 endpoints return it. */
export interface Option {
  id: string;
  text: string;
}

export interface SelectProps {
  /** Id of the text input (point a `<label for>` at it). */
  id: string;
  /** Name of the hidden input carrying the chosen id (omit to leave it out of the form). */
  name?: string;
  value: Option | null;
  onChange: (value: Option | null) => void;
  /** select2-style endpoint: `GET url?q=&page=&...params` → `{results, pagination: {more}}`. */
  url?: string;
  /** Extra query parameters (e.g. the parent's id in a cascade). */
  params?: Record<string, string>;
  /** Static options, filtered locally (used when there is no `url`). */
  choices?: Option[];
  disabled?: boolean;
  required?: boolean;
  placeholder?: string;
}

/** The static options whose text holds `q` (case-insensitive). */
const filtered = (choices: Option[] | undefined, q: string) => {
  const needle = q.trim().toLowerCase();
  return (choices ?? []).filter((o) => o.text.toLowerCase().includes(needle));
};

/**
 * A searchable select that loads its options page by page (select2-like combobox).
 *
 * The list shown may still be the answer for an earlier text (debounce pending, request in
 * flight): then no row is highlighted and Enter waits. Once the rows for exactly the typed text
 * arrive, it takes the highlighted one (the first, unless the arrows moved it meanwhile); if
 * there are none, nothing is chosen. Typing, Escape or leaving the field drop a waiting Enter.
 */
export function Select(p: SelectProps) {
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState("");
  const [items, setItems] = useState<Option[]>([]);
  /** The query (`keyOf`) whose rows `items` are. */
  const [shownFor, setShownFor] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [active, setActive] = useState(0);
  const seq = useRef(0);
  // read by key events and late answers, which may come before the next render
  const shown = useRef<{ key: string | null; items: Option[] }>({ key: null, items: [] });
  const activeAt = useRef(0);
  /** The query an early Enter waits for. */
  const waiting = useRef<string | null>(null);
  const props = useRef(p);
  props.current = p;
  const listId = `${p.id}-list`;
  const paramKey = JSON.stringify(p.params ?? {});
  const keyOf = (text: string) => `${p.url ?? ""}\n${paramKey}\n${text}`;

  const showRows = (key: string | null, rows: Option[]) => {
    shown.current = { key, items: rows };
    setItems(rows);
    setShownFor(key);
  };
  const moveTo = (i: number) => {
    activeAt.current = i;
    setActive(i);
  };

  useEffect(() => {
    if (!open || !p.url) return;
    const n = ++seq.current;
    const key = keyOf(q);
    setLoading(true);
    setFailed(false);
    const t = setTimeout(async () => {
      const url = new URL(p.url!, location.href);
      url.searchParams.set("q", q);
      url.searchParams.set("page", String(page));
      for (const [k, v] of Object.entries(p.params ?? {})) url.searchParams.set(k, v);
      try {
        const res = await fetch(url);
        if (!res.ok) throw new Error(String(res.status));
        const d = await res.json();
        if (n !== seq.current) return;
        const got: Option[] = (d.results ?? []).map((o: Option) => ({
          id: String(o.id),
          text: String(o.text),
        }));
        const rows = page > 1 ? [...shown.current.items, ...got] : got;
        showRows(key, rows);
        setMore(!!d.pagination?.more);
        setLoading(false);
        const i = Math.max(0, Math.min(rows.length - 1, activeAt.current));
        if (i !== activeAt.current) moveTo(i);
        if (waiting.current === key) {
          waiting.current = null;
          if (rows[i]) pick(rows[i]);
        }
      } catch (e) {
        if (n !== seq.current) return;
        console.error(e);
        if (waiting.current === key) waiting.current = null;
        setFailed(true);
        setMore(false);
        setLoading(false);
      }
    }, page === 1 && q ? 250 : 0);
    return () => clearTimeout(t);
  }, [open, q, page, p.url, paramKey]);

  // static options are filtered as typed: always the rows of the current text
  const rows = p.url ? items : filtered(p.choices, q);
  const fresh = !p.url || shownFor === keyOf(q);
  const current = fresh && rows.length ? Math.min(active, rows.length - 1) : -1;

  useEffect(() => {
    if (open && current >= 0) {
      document.getElementById(`${listId}-${current}`)?.scrollIntoView({ block: "nearest" });
    }
  }, [current, open]);

  const show = () => {
    if (p.disabled || open) return;
    setQ("");
    setPage(1);
    showRows(null, []);
    moveTo(0);
    setOpen(true);
  };
  const hide = () => {
    seq.current++;
    waiting.current = null;
    setOpen(false);
    setLoading(false);
    setQ("");
  };
  function pick(o: Option) {
    hide();
    if (o.id !== props.current.value?.id) props.current.onChange(o);
  }
  const next = () => {
    if (more && !loading) setPage((n) => n + 1);
  };

  const onKey = (e: KeyboardEvent) => {
    const typed = (e.currentTarget as HTMLInputElement).value;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!open) return show();
      waiting.current = null;
      const d = e.key === "ArrowDown" ? 1 : -1;
      if (!p.url || shown.current.key === keyOf(typed)) {
        const list = p.url ? shown.current.items : filtered(p.choices, typed);
        const i = Math.max(0, Math.min(list.length - 1, activeAt.current + d));
        moveTo(i);
        if (i >= list.length - 3) next();
      } else moveTo(Math.max(0, activeAt.current + d)); // kept for the rows on their way
    } else if (e.key === "Enter" && open) {
      e.preventDefault();
      if (p.url && shown.current.key !== keyOf(typed)) {
        waiting.current = keyOf(typed);
        return;
      }
      const list = p.url ? shown.current.items : filtered(p.choices, typed);
      const o = list[Math.min(activeAt.current, list.length - 1)];
      if (o) pick(o);
    } else if (e.key === "Escape" && open) {
      e.preventDefault();
      e.stopPropagation();
      hide();
    }
  };

  const info = loading
    ? "Memuat..."
    : failed
    ? "Gagal memuat pilihan"
    : rows.length
    ? ""
    : "Tidak ada hasil";
  return (
    <div class={`select${open ? " open" : ""}${p.disabled ? " disabled" : ""}`}>
      <input
        id={p.id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open ? "true" : "false"}
        aria-controls={listId}
        aria-activedescendant={open && current >= 0 ? `${listId}-${current}` : undefined}
        value={open ? q : p.value?.text ?? ""}
        placeholder={open && p.value ? p.value.text : p.placeholder ?? "Pilih..."}
        disabled={p.disabled}
        required={p.required}
        onClick={show}
        onInput={(e) => {
          if (!open) show();
          waiting.current = null;
          setQ(e.currentTarget.value);
          setPage(1);
          moveTo(0);
        }}
        onKeyDown={onKey}
        onBlur={hide}
      />
      {p.name && <input type="hidden" name={p.name} value={p.value?.id ?? ""} />}
      {p.value && !p.disabled && (
        <button
          type="button"
          class="select-clear"
          aria-label="Kosongkan pilihan"
          onClick={() => p.onChange(null)}
        >
          ×
        </button>
      )}
      {open && (
        <ul
          id={listId}
          role="listbox"
          class={`select-list${fresh ? "" : " stale"}`}
          aria-busy={fresh ? undefined : "true"}
          onMouseDown={(e) => e.preventDefault()}
          onScroll={(e) => {
            const el = e.currentTarget;
            if (el.scrollTop + el.clientHeight >= el.scrollHeight - 24) next();
          }}
        >
          {rows.map((o, i) => (
            <li
              key={o.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={o.id === p.value?.id ? "true" : "false"}
              class={i === current ? "active" : undefined}
              onMouseEnter={() => fresh && moveTo(i)}
              onClick={() => pick(o)}
            >
              {o.text}
            </li>
          ))}
          {info && <li class="select-info" role="presentation">{info}</li>}
        </ul>
      )}
    </div>
  );
}
