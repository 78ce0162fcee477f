import { accepted, alertError } from "./api.ts";
import { alertDialog } from "./Dialog.tsx";
import { useProgress } from "./Progress.tsx";

/**
 * An island's file import: `send(input, url, missing)` posts the file chosen in `input` as the
 * form field `file` to `url` with its progress shown (`job`), clears the input once accepted and
 * resolves with the answer; null after the warning `missing` (no file chosen) or a refusal shown.
 */
export function useFileImport() {
  const job = useProgress();
  const send = async (input: HTMLInputElement | null, url: string, missing: string) => {
    const file = input?.files?.[0];
    if (!file) {
      alertDialog("Stop!", missing, "warning");
      return null;
    }
    const body = new FormData();
    body.append("file", file);
    try {
      const a = accepted(await job.run(url, { method: "POST", body }));
      if (input) input.value = "";
      return a;
    } catch (e) {
      alertError(e, "status");
      return null;
    }
  };
  return { job, send };
}
