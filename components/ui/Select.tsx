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

/** A searchable select that loads its options page by page (select2-like combobox). */
export function Select(p: SelectProps) {
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState("");
  const [items, setItems] = useState<Option[]>([]);
  const [page, setPage] = useState(1);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [active, setActive] = useState(0);
  const seq = useRef(0);
  const listId = `${p.id}-list`;
  const paramKey = JSON.stringify(p.params ?? {});

  useEffect(() => {
    if (!open) return;
    if (!p.url) {
      const needle = q.trim().toLowerCase();
      setItems((p.choices ?? []).filter((o) => o.text.toLowerCase().includes(needle)));
      setMore(false);
      return;
    }
    const n = ++seq.current;
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
        setItems((old) => page > 1 ? [...old, ...got] : got);
        setMore(!!d.pagination?.more);
      } catch (e) {
        if (n !== seq.current) return;
        console.error(e);
        setFailed(true);
        setMore(false);
      }
      setLoading(false);
    }, page === 1 && q ? 250 : 0);
    return () => clearTimeout(t);
  }, [open, q, page, p.url, paramKey]);

  useEffect(() => {
    if (open) document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [active, open]);

  const show = () => {
    if (p.disabled || open) return;
    setQ("");
    setPage(1);
    setItems([]);
    setActive(0);
    setOpen(true);
  };
  const hide = () => {
    seq.current++;
    setOpen(false);
    setLoading(false);
    setQ("");
  };
  const pick = (o: Option) => {
    hide();
    if (o.id !== p.value?.id) p.onChange(o);
  };
  const next = () => {
    if (more && !loading) setPage((n) => n + 1);
  };

  const onKey = (e: KeyboardEvent) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!open) return show();
      const d = e.key === "ArrowDown" ? 1 : -1;
      const i = Math.max(0, Math.min(items.length - 1, active + d));
      setActive(i);
      if (i >= items.length - 3) next();
    } else if (e.key === "Enter" && open) {
      e.preventDefault();
      if (items[active]) pick(items[active]);
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
    : items.length
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
        aria-activedescendant={open && items[active] ? `${listId}-${active}` : undefined}
        value={open ? q : p.value?.text ?? ""}
        placeholder={open && p.value ? p.value.text : p.placeholder ?? "Pilih..."}
        disabled={p.disabled}
        required={p.required}
        onClick={show}
        onInput={(e) => {
          if (!open) show();
          setQ(e.currentTarget.value);
          setPage(1);
          setActive(0);
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
          class="select-list"
          onMouseDown={(e) => e.preventDefault()}
          onScroll={(e) => {
            const el = e.currentTarget;
            if (el.scrollTop + el.clientHeight >= el.scrollHeight - 24) next();
          }}
        >
          {items.map((o, i) => (
            <li
              key={o.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={o.id === p.value?.id ? "true" : "false"}
              class={i === active ? "active" : undefined}
              onMouseEnter={() => setActive(i)}
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
