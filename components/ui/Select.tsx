import { useRef, useState } from "react";
import {
  type EmptyReason,
  type Option,
  OptionList,
  useEmptyReason,
  useRemoteRows,
} from "./SelectList.tsx";

export type { Option };

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
  /**
   * Ask once when shown whether the list is empty, so the server's reason (set-up missing, with
   * the link to the fix) is said under the field before it is opened.
   */
  checkEmpty?: boolean;
}

/** The static options whose text holds `q` (case-insensitive). */
const filtered = (choices: Option[] | undefined, q: string) => {
  const needle = q.trim().toLowerCase();
  return (choices ?? []).filter((o) => o.text.toLowerCase().includes(needle));
};

/** The state of a select: open, typed text, highlighted row, and what the keys do. */
function useSelect(p: SelectProps) {
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const [active, setActive] = useState(0);
  const activeAt = useRef(0);
  /** The query an early Enter waits for. */
  const waiting = useRef<string | null>(null);
  const props = useRef(p);
  props.current = p;
  const paramKey = JSON.stringify(p.params ?? {});
  const keyOf = (text: string) => `${p.url ?? ""}\n${paramKey}\n${text}`;
  const moveTo = (i: number) => {
    activeAt.current = i;
    setActive(i);
  };
  const empty = useEmptyReason(p, !!p.checkEmpty);
  const r = useRemoteRows(p, { open, q, page, key: keyOf(q) }, (key, rows, reason) => {
    if (reason !== undefined) empty.told(reason);
    const i = Math.max(0, Math.min(rows.length - 1, activeAt.current));
    if (i !== activeAt.current) moveTo(i);
    if (waiting.current === key) {
      waiting.current = null;
      if (rows[i]) pick(rows[i]);
    }
  }, (key) => {
    if (waiting.current === key) waiting.current = null;
  });
  // static options are filtered as typed: always the rows of the current text
  const rows = p.url ? r.items : filtered(p.choices, q);
  const fresh = !p.url || r.shownFor === keyOf(q);
  const current = fresh && rows.length ? Math.min(active, rows.length - 1) : -1;
  /** The rows of `typed`, when they are the ones shown (null while they are on their way). */
  const rowsOf = (typed: string) =>
    !p.url
      ? filtered(p.choices, typed)
      : r.shown.current.key === keyOf(typed)
      ? r.shown.current.items
      : null;

  const show = () => {
    if (p.disabled || open) return;
    setQ("");
    setPage(1);
    r.showRows(null, []);
    moveTo(0);
    setOpen(true);
  };
  const hide = () => {
    r.stop();
    waiting.current = null;
    setOpen(false);
    setQ("");
  };
  function pick(o: Option) {
    hide();
    if (o.id !== props.current.value?.id) props.current.onChange(o);
  }
  const next = () => {
    if (r.more && !r.loading) setPage((n) => n + 1);
  };
  const type = (text: string) => {
    if (!open) show();
    waiting.current = null;
    setQ(text);
    setPage(1);
    moveTo(0);
  };
  const onKey = (e: KeyboardEvent) => {
    const typed = (e.currentTarget as HTMLInputElement).value;
    const list = rowsOf(typed);
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!open) return show();
      waiting.current = null;
      const d = e.key === "ArrowDown" ? 1 : -1;
      if (!list) return moveTo(Math.max(0, activeAt.current + d)); // kept for the rows on their way
      const i = Math.max(0, Math.min(list.length - 1, activeAt.current + d));
      moveTo(i);
      if (i >= list.length - 3) next();
    } else if (e.key === "Enter" && open) {
      e.preventDefault();
      if (!list) waiting.current = keyOf(typed);
      else if (list[Math.min(activeAt.current, list.length - 1)]) {
        pick(list[Math.min(activeAt.current, list.length - 1)]);
      }
    } else if (e.key === "Escape" && open) {
      e.preventDefault();
      e.stopPropagation();
      hide();
    }
  };
  const reason = empty.reason;
  return { open, q, rows, fresh, current, r, reason, show, hide, pick, next, type, onKey, moveTo };
}

/**
 * A searchable select that loads its options page by page (select2-like combobox).
 *
 * The list shown may still be the answer for an earlier text (debounce pending, request in
 * flight): then no row is highlighted and Enter waits. Once the rows for exactly the typed text
 * arrive, it takes the highlighted one (the first, unless the arrows moved it meanwhile); if
 * there are none, nothing is chosen. Typing, Escape or leaving the field drop a waiting Enter.
 */
export function Select(p: SelectProps) {
  const s = useSelect(p);
  // why the list is empty (set-up missing), under the field: its link is a Tab stop
  const why = s.reason && !p.disabled ? s.reason : null;
  return (
    <>
      <SelectBox p={p} s={s} why={why} />
      {why && (
        <small class="field-hint-empty" id={`${p.id}-empty`} data-empty-reason>
          {why.text} <a href={why.href}>{why.link}</a>
        </small>
      )}
    </>
  );
}

/** The combobox: its input, the clear button and the open list. */
function SelectBox({ p, s, why }: {
  p: SelectProps;
  s: ReturnType<typeof useSelect>;
  why: EmptyReason | null;
}) {
  const { open, current } = s;
  const listId = `${p.id}-list`;
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
        aria-describedby={why ? `${p.id}-empty` : undefined}
        value={open ? s.q : p.value?.text ?? ""}
        placeholder={open && p.value ? p.value.text : p.placeholder ?? "Pilih..."}
        disabled={p.disabled}
        required={p.required}
        onClick={s.show}
        onInput={(e) => s.type(e.currentTarget.value)}
        onKeyDown={(e) => {
          // the × is out of the Tab order: Backspace or Delete clears a chosen value
          const clears = e.key === "Backspace" || e.key === "Delete";
          if (clears && p.value && !p.disabled && !(open && s.q)) {
            e.preventDefault();
            return p.onChange(null);
          }
          s.onKey(e);
        }}
        onBlur={s.hide}
      />
      {p.name && <input type="hidden" name={p.name} value={p.value?.id ?? ""} />}
      {p.value && !p.disabled && (
        <button
          type="button"
          class="select-clear"
          aria-label="Kosongkan pilihan"
          tabIndex={-1}
          onClick={() => p.onChange(null)}
        >
          ×
        </button>
      )}
      {open && (
        <OptionList
          listId={listId}
          rows={s.rows}
          current={current}
          fresh={s.fresh}
          value={p.value}
          loading={s.r.loading}
          failed={s.r.failed}
          reason={why}
          onHover={s.moveTo}
          onPick={s.pick}
          onEnd={s.next}
        />
      )}
    </div>
  );
}
