import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "react";
import { Blocker } from "./Blocker.tsx";
import { confirmDialog } from "./Dialog.tsx";
import { useFocusTrap } from "./focus_trap.ts";

let seq = 0;

export interface ModalProps {
  open: boolean;
  title: string;
  /** Esc, the close button and a click on the backdrop call this (not while `busy`). */
  onClose: () => void;
  children: ComponentChildren;
  footer?: ComponentChildren;
  /** Shows 'Processing...' over the modal and ignores close requests. */
  busy?: boolean;
  size?: "sm" | "md" | "lg";
  /** Unsaved changes: Esc, × and the backdrop ask 'Buang perubahan?' before `onClose`. */
  dirty?: boolean;
}

/** Asks before changes are thrown away; true when the clerk agrees. */
export const confirmDiscard = (): Promise<boolean> =>
  confirmDialog({
    title: "Buang perubahan?",
    text: "Perubahan pada formulir ini belum disimpan dan akan hilang.",
    confirmText: "Ya, buang perubahan",
    cancelText: "Kembali ke formulir",
    danger: true,
    focusCancel: true,
  });

/** A modal dialog (drawn only while open); its body scrolls between header and footer. */
export function Modal(
  { open, title, onClose, children, footer, busy, size = "md", dirty }: ModalProps,
) {
  const ref = useRef<HTMLDivElement>(null);
  const id = useRef(`modal-${++seq}`).current;
  const asking = useRef(false);
  const close = async () => {
    if (busy || asking.current) return;
    if (dirty) {
      asking.current = true;
      const ok = await confirmDiscard();
      asking.current = false;
      if (!ok) return;
    }
    onClose();
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
        if (e.target === e.currentTarget) void close();
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
          <button type="button" class="modal-close" aria-label="Tutup" onClick={() => void close()}>
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
