import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { hospitalDay, readWallClock, wallClockProblem } from "../../lib/hospital_time.ts";
import { MONTHS } from "../../lib/format.ts";

const WEEKDAYS = ["Sen", "Sel", "Rab", "Kam", "Jum", "Sab", "Min"];
const pad = (n: number) => String(n).padStart(2, "0");
const shown = (d: string, m: string, y: string, hh?: string, mm?: string) =>
  `${d}-${m}-${y}` + (hh ? ` ${hh}:${mm}` : "");

/** `YYYY-MM-DD[THH:mm]` → `DD-MM-YYYY[ HH:mm]`, as the field shows it. */
export function showValue(value: string): string {
  const m = value.match(/^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/);
  return m ? shown(m[3], m[2], m[1], m[4], m[5]) : value;
}

/** Typed text in a date format: digits only, as typed on a keypad (DDMMYYYY[HHmm]), spaced. */
function spelled(text: string): string {
  const t = text.trim();
  const m = t.match(/^(\d{2})(\d{2})(\d{4})(?:\s*(\d{2})(\d{2}))?$/);
  return m ? shown(m[1], m[2], m[3], m[4], m[5]) : t;
}

/** Typed text as the value (`YYYY-MM-DD[THH:mm]`, a bare date at 00:00), null if invalid. */
export function readValue(text: string, withTime: boolean): string | null {
  const w = readWallClock(spelled(text));
  if (!w) return null;
  const day = `${w.year}-${pad(w.month)}-${pad(w.day)}`;
  return withTime ? `${day}T${pad(w.hour)}:${pad(w.minute)}` : day;
}

const PROBLEMS = {
  calendar: "Tanggal tidak ada di kalender",
  time: "Jam tidak valid (00:00 sampai 23:59)",
  year: "Tahun harus antara 1900 dan 2999",
};

/** Why typed text is refused, in the clerk's words ('' when it is not). */
export function dateProblem(text: string, format: string): string {
  const problem = text.trim() ? wallClockProblem(spelled(text)) : null;
  return problem === "format" ? `Format tanggal: ${format}` : problem ? PROBLEMS[problem] : "";
}

export interface DateInputProps {
  id: string;
  /** `YYYY-MM-DD` (date) or `YYYY-MM-DDTHH:mm` (with `time`), '' when empty. */
  value: string;
  onChange: (value: string) => void;
  /** A date-time field (`DD-MM-YYYY HH:mm`, 24 h) instead of a date (`DD-MM-YYYY`). */
  time?: boolean;
  /** Form name: the field then submits what it shows (`DD-MM-YYYY`; the server reads both). */
  name?: string;
  required?: boolean;
}

/** A date (time) field as Indonesians write it, typed or picked; a refusal said once left. */
export function DateInput(p: DateInputProps) {
  const format = p.time ? "DD-MM-YYYY HH:mm" : "DD-MM-YYYY";
  const [text, setText] = useState(showValue(p.value));
  const [open, setOpen] = useState(false);
  const [told, setTold] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const problem = dateProblem(text, format);
  const bad = problem !== "";
  useEffect(() => {
    if (readValue(text, !!p.time) !== p.value) setText(showValue(p.value));
  }, [p.value]);
  useEffect(() => {
    input.current?.setCustomValidity(problem);
  }, [problem]);

  const typed = (t: string) => {
    // said at once, not after the render: Enter right after the last digit (a slow PC renders
    // later) would find the field still refusing a partial date and silently not submit
    input.current?.setCustomValidity(dateProblem(t, format));
    setText(t);
    const v = readValue(t, !!p.time);
    if (v != null) p.onChange(v);
    else if (t.trim() === "") p.onChange("");
  };
  const pick = (day: string) => {
    const time = p.time ? `T${p.value.slice(11, 16) || "08:00"}` : "";
    const v = day + time;
    setText(showValue(v));
    p.onChange(v);
    setOpen(false);
    input.current?.focus();
  };
  const said = told && bad ? `${p.id}-problem` : undefined;
  return (
    <>
      <div class="date-input">
        <input
          ref={input}
          id={p.id}
          name={p.name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={format}
          title={`Format ${format}${p.time ? " (24 jam)" : ""}`}
          value={text}
          required={p.required}
          aria-invalid={bad || undefined}
          aria-describedby={said}
          onInput={(e) => typed(e.currentTarget.value)}
          onInvalid={() => setTold(true)}
          onBlur={() => {
            setTold(true);
            if (!bad && text) setText(showValue(readValue(text, !!p.time) ?? text));
          }}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown" && e.altKey) {
              e.preventDefault();
              setOpen(true);
            }
          }}
        />
        <button
          type="button"
          class="date-input-btn"
          aria-label="Pilih tanggal dari kalender"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          <span class="cal-icon" aria-hidden="true" />
        </button>
        {open && (
          <Calendar
            value={p.value.slice(0, 10)}
            onPick={pick}
            onClose={() => {
              setOpen(false);
              input.current?.focus();
            }}
          />
        )}
      </div>
      {said && <small class="field-error" id={said} role="alert">{problem}</small>}
    </>
  );
}

const dayText = (y: number, m: number, d: number) => `${y}-${pad(m + 1)}-${pad(d)}`;
const todayText = () => hospitalDay(new Date());

/** A month grid (Monday first) with keyboard moves. */
function Calendar({ value, onPick, onClose }: {
  value: string;
  onPick: (day: string) => void;
  onClose: () => void;
}) {
  const start = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : todayText();
  const [focus, setFocusState] = useState(start);
  // the day keys act on, ahead of the next render (keys can come faster than renders)
  const current = useRef(start);
  const setFocus = (d: string) => {
    current.current = d;
    setFocusState(d);
  };
  const grid = useRef<HTMLDivElement>(null);
  const [y, m] = [+focus.slice(0, 4), +focus.slice(5, 7) - 1];
  // focus moves in the same commit as the render, so a key pressed right after opening lands on the day
  useLayoutEffect(() => {
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focus}"]`)?.focus();
  }, [focus]);
  const move = (days: number, months = 0) => {
    const f = current.current;
    const day = +f.slice(8, 10);
    const d = new Date(Date.UTC(+f.slice(0, 4), +f.slice(5, 7) - 1 + months, day + days));
    if (months && d.getUTCDate() !== day) d.setUTCDate(0);
    setFocus(d.toISOString().slice(0, 10));
  };
  const first = (new Date(Date.UTC(y, m, 1)).getUTCDay() + 6) % 7;
  const count = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const cells: (number | null)[] = Array(first).fill(null);
  for (let d = 1; d <= count; d++) cells.push(d);
  const today = todayText();
  return (
    <div
      class="calendar"
      role="dialog"
      aria-label="Kalender"
      onKeyDown={(e) => {
        const keys: Record<string, () => void> = {
          ArrowLeft: () => move(-1),
          ArrowRight: () => move(1),
          ArrowUp: () => move(-7),
          ArrowDown: () => move(7),
          PageUp: () => move(0, -1),
          PageDown: () => move(0, 1),
          Enter: () => onPick(current.current),
          " ": () => onPick(current.current),
          Escape: onClose,
        };
        const f = keys[e.key];
        if (f) {
          e.preventDefault();
          e.stopPropagation();
          f();
        }
      }}
    >
      <div class="calendar-head">
        <button type="button" aria-label="Bulan sebelumnya" onClick={() => move(0, -1)}>‹</button>
        <span aria-live="polite">{`${MONTHS[m]} ${y}`}</span>
        <button type="button" aria-label="Bulan berikutnya" onClick={() => move(0, 1)}>›</button>
      </div>
      <div class="calendar-grid" ref={grid} role="grid">
        {WEEKDAYS.map((w) => <span key={w} class="calendar-wd" role="columnheader">{w}</span>)}
        {cells.map((d, i) => {
          if (d == null) return <span key={`e${i}`} />;
          const day = dayText(y, m, d);
          return (
            <button
              key={day}
              type="button"
              data-day={day}
              tabIndex={day === focus ? 0 : -1}
              aria-pressed={day === value}
              class={day === today ? "calendar-today" : undefined}
              onClick={() => onPick(day)}
            >
              {d}
            </button>
          );
        })}
      </div>
    </div>
  );
}
