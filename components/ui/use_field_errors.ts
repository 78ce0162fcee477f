import { useLayoutEffect, useRef, useState } from "react";
import { alertError, ApiError, type Say } from "./api.ts";

/** Form input name → the server's message said under it. */
export type FieldErrors = Record<string, string>;

/** What marking a control added, so that clearing takes back only that. */
interface Mark {
  el: HTMLElement;
  invalid: boolean;
  describedBy: string | null;
}

function unmark(m: Mark) {
  if (m.invalid) m.el.removeAttribute("aria-invalid");
  if (m.describedBy === null) m.el.removeAttribute("aria-describedby");
  else m.el.setAttribute("aria-describedby", m.describedBy);
}

/** Marks control `el` invalid and described by its message (`{id}-error`, see `Field`). */
function mark(el: HTMLElement): Mark {
  const m = {
    el,
    invalid: !el.hasAttribute("aria-invalid"),
    describedBy: el.getAttribute("aria-describedby"),
  };
  el.setAttribute("aria-invalid", "true");
  const by = `${el.id}-error`;
  const list = (m.describedBy ?? "").split(/\s+/).filter(Boolean);
  if (!list.includes(by)) el.setAttribute("aria-describedby", [...list, by].join(" "));
  return m;
}

/** A form's refusals at their fields (`fail`: `ApiError.fields`, else 'Error!'), for `<Field>`. */
export function useFieldErrors(
  /** The id of the control of a field (the one its `<Field id>` labels). */
  idOf: (name: string) => string,
  /** The server's input names where they differ from the form's (`pasienId` → `pasien`). */
  names: Record<string, string> = {},
) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const marks = useRef(new Map<string, Mark>());
  const focus = useRef<string | null>(null);
  const idRef = useRef(idOf);
  idRef.current = idOf;
  const control = (name: string) => document.getElementById(idRef.current(name));

  // marked after the render that shows the messages; taken back in the handler that clears
  useLayoutEffect(() => {
    for (const name of Object.keys(errors)) {
      const el = control(name);
      if (el && !marks.current.has(name)) marks.current.set(name, mark(el));
    }
    const first = focus.current && control(focus.current);
    focus.current = null;
    if (first) {
      first.scrollIntoView({ block: "center" });
      first.focus();
    }
  }, [errors]);
  useLayoutEffect(() => () => marks.current.forEach(unmark), []);

  const clear = (name: string) => {
    const m = marks.current.get(name);
    if (m) unmark(m);
    marks.current.delete(name);
    setErrors((x) => {
      if (!(name in x)) return x;
      const { [name]: _gone, ...rest } = x;
      return rest;
    });
  };
  /** Says `message` at field `name` (a check made before saving) without moving focus. */
  const tell = (name: string, message: string) =>
    setErrors((x) => x[name] === message ? x : { ...x, [name]: message });
  const reset = () => {
    marks.current.forEach(unmark);
    marks.current.clear();
    setErrors((x) => Object.keys(x).length ? {} : x);
  };
  const fail = (e: unknown, say?: Say) => {
    reset();
    const named = Object.entries(e instanceof ApiError ? e.fields : {})
      .map(([k, msg]) => [names[k] ?? k, msg] as const)
      .filter(([k]) => control(k));
    setErrors(Object.fromEntries(named));
    if (!named.length) return void alertError(e, say);
    focus.current = named[0][0];
  };
  return { errors, fail, clear, reset, tell };
}
