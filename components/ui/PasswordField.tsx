import { Field } from "./Field.tsx";

/** A password input `name` in its form row, labelled `label` (control id `id`). */
export function PasswordField({ label, autofocus, ...input }: {
  id: string;
  label: string;
  name: string;
  autoComplete: "current-password" | "new-password" | "off";
  required?: boolean;
  minLength?: number;
  disabled?: boolean;
  /** Focused when its dialog opens (`data-autofocus`, see `useFocusTrap`). */
  autofocus?: boolean;
}) {
  return (
    <Field id={input.id} label={label}>
      <input type="password" {...input} data-autofocus={autofocus || undefined} />
    </Field>
  );
}
