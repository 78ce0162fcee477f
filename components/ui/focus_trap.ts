import type { RefObject } from "preact";
import { useLayoutEffect, useRef } from "react";

const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), " +
  "select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";

/** Active traps, innermost last: only the topmost one handles keys. */
const traps: HTMLElement[] = [];

/** Keeps Tab inside `ref` while `active` (from `[data-autofocus]`); Esc calls `onEscape`. */
export function useFocusTrap(
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  onEscape?: () => void,
) {
  const esc = useRef(onEscape);
  esc.current = onEscape;
  useLayoutEffect(() => {
    const el = ref.current;
    if (!active || !el) return;
    const before = document.activeElement as HTMLElement | null;
    const items = () =>
      [...el.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((x) => x.offsetParent !== null);
    const start = el.querySelector<HTMLElement>("[data-autofocus]") ??
      items().find((x) => !x.classList.contains("modal-close")) ?? el;
    start.focus();
    const onKey = (e: KeyboardEvent) => {
      if (traps[traps.length - 1] !== el) return;
      if (e.key === "Escape" && esc.current) {
        e.preventDefault();
        e.stopImmediatePropagation();
        esc.current();
      } else if (e.key === "Tab") {
        const list = items();
        if (!list.length) return e.preventDefault();
        const first = list[0], last = list[list.length - 1];
        const cur = document.activeElement;
        if (e.shiftKey && (cur === first || !el.contains(cur))) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && (cur === last || !el.contains(cur))) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    traps.push(el);
    document.addEventListener("keydown", onKey);
    return () => {
      traps.splice(traps.indexOf(el), 1);
      document.removeEventListener("keydown", onKey);
      if (before?.isConnected) before.focus();
    };
  }, [active]);
}
