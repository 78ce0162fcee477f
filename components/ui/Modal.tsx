import type { ComponentChildren, RefObject } from "preact";
import { useEffect, useLayoutEffect, useRef } from "react";
import { Blocker } from "./Blocker.tsx";

const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), " +
  "select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";

/** Active traps, innermost last: only the topmost one handles keys. */
const traps: HTMLElement[] = [];

/**
 * Keeps Tab focus inside `ref` while `active`, focuses its `[data-autofocus]` element (or the
 * first focusable one) on activation, calls `onEscape` on Esc and gives focus back on release.
 */
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

let seq = 0;

export interface ModalProps {
  open: boolean;
  title: string;
  /** Esc, the close button and a click on the backdrop call this (not while `busy`). */
  onClose: () => void;
  children: ComponentChildren;
  /** Buttons under the body. */
  footer?: ComponentChildren;
  /** Shows 'Processing...' over the modal and ignores close requests. */
  busy?: boolean;
  size?: "sm" | "md" | "lg";
}

/** An accessible modal dialog (rendered only while open). */
export function Modal({ open, title, onClose, children, footer, busy, size = "md" }: ModalProps) {
  const ref = useRef<HTMLDivElement>(null);
  const id = useRef(`modal-${++seq}`).current;
  const close = () => {
    if (!busy) onClose();
  };
  useFocusTrap(ref, open, close);
  useEffect(() => {
    if (!open) return;
    document.body.classList.add("modal-open");
    return () => document.body.classList.remove("modal-open");
  }, [open]);
  if (!open) return null;
  return (
    <div
      class="modal-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) close();
      }}
    >
      <div
        ref={ref}
        class={`modal modal-${size} blockable`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={id}
        aria-busy={busy ? "true" : undefined}
        tabIndex={-1}
      >
        <div class="modal-header">
          <h2 id={id}>{title}</h2>
          <button type="button" class="modal-close" aria-label="Tutup" onClick={close}>
            ×
          </button>
        </div>
        <div class="modal-body">{children}</div>
        {footer && <div class="modal-footer">{footer}</div>}
        <Blocker active={!!busy} />
      </div>
    </div>
  );
}

/** A modal holding one form, with 'Batal' and 'Simpan' (which submits the form) below it. */
export function FormModal({ formId, formClass = "form", onSubmit, children, ...modal }:
  & Omit<ModalProps, "footer">
  & { formId: string; formClass?: string; onSubmit: (e: Event) => void }) {
  return (
    <Modal
      {...modal}
      footer={
        <>
          <button type="button" class="btn btn-light" onClick={modal.onClose}>Batal</button>
          <button type="submit" form={formId} class="btn btn-primary">Simpan</button>
        </>
      }
    >
      <form id={formId} class={formClass} onSubmit={onSubmit}>{children}</form>
    </Modal>
  );
}
