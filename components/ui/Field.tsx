import type { ComponentChildren } from "preact";

/** A form row: the control `id`'s label ('*' if `required`), the control, `error` (`{id}-error`). */
export function Field({ id, label, required, class: extra, error, children }: {
  id: string;
  label: ComponentChildren;
  required?: boolean;
  class?: string;
  error?: string;
  children: ComponentChildren;
}) {
  return (
    <div class={extra ? `field ${extra}` : "field"}>
      <label for={id}>
        {label}
        {required && <span class="req" aria-hidden="true">*</span>}
      </label>
      {children}
      {error && <small class="field-error" id={`${id}-error`} role="alert">{error}</small>}
    </div>
  );
}

/** What a field's state means for later (not a refusal), said under control `id`. */
export const FieldWarning = ({ id, text }: { id: string; text: string }) => (
  <small class="field-warning" id={`${id}-warning`} role="status" data-warning>{text}</small>
);
