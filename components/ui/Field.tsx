import type { ComponentChildren } from "preact";

/**
 * A form row: the label of the control `id` (marked '*' when `required`) above the control,
 * then whatever follows it (hints, messages). `class` adds to `field` (e.g. `span-2`).
 */
export function Field({ id, label, required, class: extra, children }: {
  id: string;
  label: ComponentChildren;
  required?: boolean;
  class?: string;
  children: ComponentChildren;
}) {
  return (
    <div class={extra ? `field ${extra}` : "field"}>
      <label for={id}>
        {label}
        {required && <span class="req" aria-hidden="true">*</span>}
      </label>
      {children}
    </div>
  );
}
