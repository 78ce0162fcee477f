import { useEffect, useRef, useState } from "react";
import type { Progress } from "../../lib/progress/progress.ts";
import { formatBytes, formatNumber } from "../../lib/format.ts";
import { accepted, alertError, type Answer, get, request } from "./api.ts";
import { alertDialog } from "./Dialog.tsx";

// sizes as the backup list and its messages write them (one formatter: 3,61 MB)
const amount = (n: number, unit: Progress["unit"]) =>
  unit === "byte" ? formatBytes(n) : formatNumber(n);

/** A long job's phase, bar and count, over its positioned ancestor; `start` until a phase comes. */
export function ProgressPanel(
  { progress: p, label, start = "Mengunggah berkas" }: {
    progress: Progress | null;
    label: string;
    start?: string;
  },
) {
  const pct = p && p.total > 0 ? Math.min(100, Math.round((p.done / p.total) * 100)) : null;
  return (
    <div class="blocker" role="status" aria-live="polite">
      <div class="progress-panel">
        <strong>{p?.label ?? label}</strong>
        <span class="progress-phase">{p ? p.phase : start}…</span>
        <div
          class="progress-track"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={pct ?? undefined}
        >
          <div
            class={`progress-fill${pct === null ? " indeterminate" : ""}`}
            style={{ width: `${pct ?? 30}%` }}
          />
        </div>
        <span class="progress-count">
          {p && p.total > 0
            ? `${amount(p.done, p.unit)} dari ${amount(p.total, p.unit)} ${
              p.unit === "byte" ? "" : p.unit
            }`
            : ""}
        </span>
      </div>
    </div>
  );
}

/** `run(url, init)` sends a long job's request with an `X-Progress-Id` and polls its progress. */
export function useProgress() {
  const [progress, setProgress] = useState<Progress | null>(null);
  const [active, setActive] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => clearInterval(timer.current), []);
  const run = async (url: string, init: RequestInit): Promise<Answer> => {
    const id = crypto.randomUUID();
    setProgress(null);
    setActive(true);
    timer.current = setInterval(async () => {
      try {
        setProgress(await get<Progress>(`/api/progress/${id}`));
      } catch { /* next tick */ }
    }, 250) as unknown as number;
    try {
      return await request(url, {
        ...init,
        headers: { ...init.headers as Record<string, string>, "x-progress-id": id },
      });
    } finally {
      clearInterval(timer.current);
      setActive(false);
    }
  };
  return { progress, active, run };
}

/** `send(input, url, missing)`: posts `input`'s file with its progress; null if none or refused. */
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
