import { useState } from "react";

/**
 * A form's save sequence: `submit(send)` does nothing while `busy`; otherwise the form is busy
 * while `send` runs (the request, then its toast and what follows a success), and a failure
 * goes to `fail` (`useFieldErrors().fail`, or `alertError`).
 */
export function useSubmit(fail: (err: unknown) => unknown) {
  const [busy, setBusy] = useState(false);
  const submit = async (send: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(true);
    try {
      await send();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };
  return { busy, submit };
}
