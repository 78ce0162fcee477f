import { useLayoutEffect, useRef, useState } from "react";
import { type Option, OptionList, useEmptyReason, useRemoteRows } from "./SelectList.tsx";
import type { EmptyReason } from "../../lib/resource/resource.ts";

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
  /** Ask once when shown whether the list is empty, to say the server's reason before opening. */
  checkEmpty?: boolean;
}

/** The static options whose text holds `q` (case-insensitive). */
const filtered = (choices: Option[] | undefined, q: string) => {
  const needle = q.trim().toLowerCase();
  return (choices ?? []).filter((o) => o.text.toLowerCase().includes(needle));
};

/** A select's state (`active` -1 until typed, an arrow or a pointer; `unchosen` text), keys. */
function useSelect(p: SelectProps) {
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const [active, setActive] = useState(-1);
  const activeAt = useRef(-1);
  const [unchosen, setUnchosen] = useState("");
  /** The query an early Enter waits for. */
  const waiting = useRef<string | null>(null);
  const props = useRef(p);
  props.current = p;
  const paramKey = JSON.stringify(p.params ?? {});
  const keyOf = (text: string) => `${p.url ?? ""}\n${paramKey}\n${text}`;
  const moveTo = (i: number) => (activeAt.current = i, setActive(i));
  const empty = useEmptyReason(p, !!p.checkEmpty);
  const r = useRemoteRows(p, { open, q, page, key: keyOf(q) }, (key, rows, reason) => {
    if (reason !== undefined) empty.told(reason);
    const i = activeAt.current < 0 ? -1 : Math.max(0, Math.min(rows.length - 1, activeAt.current));
    if (i !== activeAt.current) moveTo(i);
    if (waiting.current === key) {
      waiting.current = null;
      if (i >= 0 && rows[i]) pick(rows[i]);
    }
  }, (key) => {
    if (waiting.current === key) waiting.current = null;
  });
  // static options are filtered as typed: always the rows of the current text
  const rows = p.url ? r.items : filtered(p.choices, q);
  const fresh = !p.url || r.shownFor === keyOf(q);
  const current = fresh && rows.length && active >= 0 ? Math.min(active, rows.length - 1) : -1;
  /** The rows of `typed`, when they are the ones shown (null while they are on their way). */
  const rowsOf = (typed: string) =>
    !p.url
      ? filtered(p.choices, typed)
      : r.shown.current.key === keyOf(typed)
      ? r.shown.current.items
      : null;

  /** Opens the list: on the text left unchosen, if any (its first match highlighted). */
  const show = () => {
    if (p.disabled || open) return;
    setQ(unchosen);
    setPage(1);
    r.showRows(null, []);
    moveTo(unchosen ? 0 : -1);
    setOpen(true);
  };
  const hide = () => {
    r.stop();
    waiting.current = null;
    setOpen(false);
    setQ("");
  };
  /** Leaving the field: typed text not chosen stays, marked; `drop` (Escape, ×) drops it. */
  const leave = (drop = false) => {
    if (drop) setUnchosen("");
    else if (open) setUnchosen(q.trim());
    hide();
  };
  function pick(o: Option) {
    setUnchosen("");
    hide();
    if (o.id !== props.current.value?.id) props.current.onChange(o);
  }
  const next = () => r.more && !r.loading && setPage((n) => n + 1);
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
      if (!open) return (show(), moveTo(0));
      waiting.current = null;
      const d = e.key === "ArrowDown" ? 1 : -1;
      if (!list) return moveTo(Math.max(0, activeAt.current + d)); // kept for the rows on their way
      const i = Math.max(0, Math.min(list.length - 1, activeAt.current + d));
      moveTo(i);
      if (i >= list.length - 3) next();
    } else if (e.key === "Enter" && open) {
      // a choice: a row the clerk highlighted, or the first match of the text typed
      e.preventDefault();
      if (activeAt.current < 0) return;
      if (!list) waiting.current = keyOf(typed);
      else if (list.length) pick(list[Math.min(activeAt.current, list.length - 1)]);
    } else if (e.key === "Escape" && open) {
      e.preventDefault();
      e.stopPropagation();
      leave(true);
    }
  };
  const acts = { show, leave, pick, next, type, onKey, moveTo };
  return { open, q, rows, fresh, current, r, reason: empty.reason, unchosen, ...acts };
}

/** What a field left with text typed and not chosen says ('pilih dari daftar'). */
export const unchosenText = (typed: string) =>
  `"${typed}" belum dipilih: pilih dari daftar (atau hapus teksnya).`;

/** What a required select with nothing chosen says when its form is sent. */
export const PICK_ONE = "Pilih salah satu dari daftar.";

/**
 * A select2-like combobox loading its options page by page. Only a choice picks: an Enter on
 * rows still of an earlier text waits for the typed text's rows and takes the highlighted one.
 * Text left unchosen stays, marked 'pilih dari daftar', and blocks a required field's form.
 */
export function Select(p: SelectProps) {
  const s = useSelect(p);
  // why the list is empty (set-up missing), under the field: its link is a Tab stop
  const why = s.reason && !p.disabled ? s.reason : null;
  const left = !s.open && s.unchosen ? s.unchosen : "";
  return (
    <>
      <SelectBox p={p} s={s} why={why} left={left} />
      {left && (
        <small
          class={p.required ? "field-error" : "field-warning"}
          id={`${p.id}-unchosen`}
          role="alert"
          data-unchosen
        >
          {unchosenText(left)}
        </small>
      )}
      {why && (
        <small class="field-hint-empty" id={`${p.id}-empty`} data-empty-reason>
          {why.text} <a href={why.href}>{why.link}</a>
        </small>
      )}
    </>
  );
}

/** The combobox: its input, the clear button and the open list. */
function SelectBox({ p, s, why, left }: {
  p: SelectProps;
  s: ReturnType<typeof useSelect>;
  why: EmptyReason | null;
  /** Text left typed and not chosen ('' when none). */
  left: string;
}) {
  const { open, current } = s;
  const listId = `${p.id}-list`;
  const input = useRef<HTMLInputElement>(null);
  const invalid = p.required
    ? (s.unchosen ? unchosenText(s.unchosen) : p.value ? "" : PICK_ONE)
    : "";
  useLayoutEffect(() => input.current?.setCustomValidity(invalid), [invalid]);
  const described = [why && `${p.id}-empty`, left && `${p.id}-unchosen`].filter(Boolean).join(" ");
  return (
    <div class={`select${open ? " open" : ""}${p.disabled ? " disabled" : ""}`}>
      <input
        id={p.id}
        ref={input}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open ? "true" : "false"}
        aria-controls={listId}
        aria-activedescendant={open && current >= 0 ? `${listId}-${current}` : undefined}
        aria-describedby={described || undefined}
        aria-invalid={left ? true : undefined}
        value={open ? s.q : left || (p.value?.text ?? "")}
        placeholder={open && p.value ? p.value.text : p.placeholder ?? "Pilih..."}
        disabled={p.disabled}
        required={p.required}
        onClick={s.show}
        onInput={(e) => s.type(e.currentTarget.value)}
        onKeyDown={(e) => {
          // the × is out of the Tab order: Backspace or Delete clears a chosen value
          const clears = e.key === "Backspace" || e.key === "Delete";
          if (clears && p.value && !p.disabled && !(open && s.q) && !left) {
            e.preventDefault();
            return p.onChange(null);
          }
          s.onKey(e);
        }}
        onBlur={() => s.leave()}
      />
      {p.name && <input type="hidden" name={p.name} value={p.value?.id ?? ""} />}
      {p.value && !p.disabled && (
        <button
          type="button"
          class="select-clear"
          aria-label="Kosongkan pilihan"
          tabIndex={-1}
          onClick={() => (s.leave(true), p.onChange(null))}
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
