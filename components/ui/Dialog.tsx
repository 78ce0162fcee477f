import { render, type VNode } from "preact";
import { useRef } from "react";
import { useFocusTrap } from "./focus_trap.ts";

export type DialogIcon = "success" | "error" | "warning" | "info" | "question";

export interface DialogOptions {
  title: string;
  /** Body text; each line (`\n`) becomes its own paragraph. */
  text?: string;
  /** The record it acts on ('Budi Santoso · No. ERM 000123'), under the title; lines as `text`. */
  record?: string;
  icon?: DialogIcon;
  /** Confirm button label (default 'OK'). */
  confirmText?: string;
  /** When set, a cancel button is shown too. */
  cancelText?: string;
  /** Styles the confirm button as dangerous (red). */
  danger?: boolean;
  /** Focuses the cancel button first (Enter keeps what is there, e.g. unsaved work). */
  focusCancel?: boolean;
  /** Closes the dialog (as cancelled) when aborted: what it asks about no longer holds. */
  signal?: AbortSignal;
}

const GLYPH: Record<DialogIcon, string> = {
  success: "✓",
  error: "✕",
  warning: "!",
  info: "i",
  question: "?",
};

let seq = 0;

/** `lines` as the paragraphs of a block `id` (none without lines). */
const Lines = ({ id, class: c, lines }: { id: string; class: string; lines: string[] }) =>
  lines.length ? <div id={id} class={c}>{lines.map((l, i) => <p key={i}>{l}</p>)}</div> : null;

function DialogBox({ o, done }: { o: DialogOptions; done: (ok: boolean) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const id = useRef(`dialog-${++seq}`).current;
  useFocusTrap(ref, true, () => done(false));
  const icon = o.icon ?? "info";
  const lines = (o.text ?? "").split("\n").filter((l) => l.trim());
  const record = (o.record ?? "").split("\n").filter((l) => l.trim());
  const described = [record.length && `${id}-r`, lines.length && `${id}-d`].filter(Boolean);
  return (
    <div class="dialog-backdrop">
      <div
        ref={ref}
        class={`dialog dialog-${icon}`}
        role={o.cancelText || icon === "error" || icon === "warning" ? "alertdialog" : "dialog"}
        aria-modal="true"
        aria-labelledby={`${id}-t`}
        aria-describedby={described.length ? described.join(" ") : undefined}
        tabIndex={-1}
      >
        <div class="dialog-icon" aria-hidden="true">{GLYPH[icon]}</div>
        <h2 id={`${id}-t`}>{o.title}</h2>
        <Lines id={`${id}-r`} class="dialog-record" lines={record} />
        <Lines id={`${id}-d`} class="dialog-text" lines={lines} />
        <div class="dialog-actions">
          <button
            type="button"
            class={`btn ${o.danger ? "btn-danger" : "btn-primary"}`}
            data-autofocus={o.focusCancel && o.cancelText ? undefined : true}
            onClick={() => done(true)}
          >
            {o.confirmText ?? "OK"}
          </button>
          {o.cancelText && (
            <button
              type="button"
              class="btn btn-light"
              data-autofocus={o.focusCancel ? true : undefined}
              onClick={() => done(false)}
            >
              {o.cancelText}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

/** Draws `box` over the page until it calls `done` (or `signal` aborts: false); resolves so. */
export function overPage(
  box: (done: (ok: boolean) => void) => VNode,
  signal?: AbortSignal,
): Promise<boolean> {
  return new Promise((resolve) => {
    const host = document.createElement("div");
    host.className = "dialog-host";
    document.body.appendChild(host);
    let closed = false;
    const done = (ok: boolean) => {
      if (closed) return;
      closed = true;
      render(null, host);
      host.remove();
      resolve(ok);
    };
    signal?.addEventListener("abort", () => done(false), { once: true });
    render(box(done), host);
  });
}

/** A SweetAlert-like dialog: true when confirmed, false when cancelled (button or Esc). */
export const showDialog = (o: DialogOptions): Promise<boolean> =>
  overPage((done) => <DialogBox o={o} done={done} />, o.signal);

/** An informational dialog with a single OK button. */
export function alertDialog(title: string, text?: string, icon: DialogIcon = "info") {
  return showDialog({ title, text, icon }).then(() => undefined);
}

/** A confirmation dialog; resolves true only when the confirm button is pressed. */
export function confirmDialog(o: DialogOptions): Promise<boolean> {
  return showDialog({ icon: "warning", cancelText: "Batal", ...o });
}

/** The standard delete confirmation ('Are you sure?' … 'Yes, delete it!') of `record`. */
export const confirmDelete = (
  text = "You won't be able to revert this!",
  record?: string,
): Promise<boolean> =>
  confirmDialog({
    title: "Are you sure?",
    text,
    record,
    confirmText: "Yes, delete it!",
    danger: true,
  });

/** The standard message after a delete. */
export const alertDeleted = () => alertDialog("Deleted!", "Your file has been deleted.", "success");
