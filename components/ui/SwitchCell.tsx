import { useState } from "react";
import { alertError, post } from "./api.ts";
import { toast } from "./Toast.tsx";

/** A row's switch, saved at once (`POST {api}/update/{field}/{id}`); flips back on a failure. */
export function SwitchCell({ api, field, id, value, label }: {
  api: string;
  field: string;
  id: string;
  value: boolean;
  label: string;
}) {
  const [on, setOn] = useState(value);
  const [busy, setBusy] = useState(false);
  const change = async (next: boolean) => {
    setOn(next);
    setBusy(true);
    try {
      const url = `${api}/update/${field}/${encodeURIComponent(id)}`;
      await post(url, new URLSearchParams({ [field]: String(next) }));
      toast({ title: "Success", text: `${label} ${next ? "aktif" : "nonaktif"}` });
    } catch (e) {
      setOn(!next);
      alertError(e);
    }
    setBusy(false);
  };
  return (
    <label class="switch">
      <input
        type="checkbox"
        role="switch"
        checked={on}
        disabled={busy}
        aria-label={label}
        onChange={(e) => change(e.currentTarget.checked)}
      />
      <span class="switch-track" aria-hidden="true" />
    </label>
  );
}
