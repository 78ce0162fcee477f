import { useEffect, useState } from "react";
import { CLAIMS_CHANGED } from "../../lib/claim/columns.ts";
import type { EklaimView } from "../../lib/eklaim/view.ts";
import { formatDateTime } from "../../lib/format.ts";
import { get } from "../ui/api.ts";
import { confirmDialog } from "../ui/Dialog.tsx";
import { ProgressPanel, useProgress } from "../ui/Progress.tsx";
import { toast } from "../ui/Toast.tsx";
import { type CodeEdits, EklaimCoding } from "./EklaimCoding.tsx";
import { EklaimResults, type FinalChoice } from "./EklaimResults.tsx";
import { StepLine } from "./StepLine.tsx";

type Step = "group" | "final" | "send" | "reedit";

const LABEL: Record<Step, string> = {
  group: "Grouping E-Klaim",
  final: "Final",
  send: "Kirim",
  reedit: "Edit ulang",
};

/** What a step asks before it changes E-Klaim (none for a grouping). */
const ASK: Partial<Record<Step, string>> = {
  final: "Finalkan klaim ini di E-Klaim (INA-CBG dan klaim final)?",
  send: "Kirim klaim ini ke BPJS Kesehatan lewat E-Klaim?",
  reedit: "Buka lagi klaim final ini di E-Klaim agar data dan kodenya bisa diubah?",
};

/** One stay's claim through E-Klaim: status, the steps it may take now, results, codes. */
export function EklaimPanel({ ipdId }: { ipdId: string }) {
  const [view, setView] = useState<EklaimView | null>(null);
  const [error, setError] = useState("");
  const [edits, setEdits] = useState<CodeEdits>({});
  const [choice, setChoice] = useState<FinalChoice>({ special: {}, topup: [] });
  const { progress, active, run } = useProgress();
  const path = `/api/eklaim/${encodeURIComponent(ipdId)}`;
  useEffect(() => {
    setView(null);
    get<{ data: EklaimView }>(`${path}?live=0`).then((b) => setView(b.data))
      .catch((e) => setError(e instanceof Error ? e.message : String(e)));
  }, [ipdId]);

  const act = async (step: Step) => {
    if (ASK[step] && !await confirmDialog({ title: LABEL[step], text: ASK[step] })) return;
    const body = new URLSearchParams();
    if (step === "group") {
      for (const [f, codes] of Object.entries(edits)) body.set(f, codes.join("#"));
    }
    if (step === "final") {
      body.set("special_cmg", Object.values(choice.special).filter(Boolean).join("#"));
      body.set("topup", choice.topup.join("#"));
    }
    try {
      const a = await run(`${path}/${step}`, { method: "POST", body });
      const data = a.body?.data as EklaimView | undefined;
      if (data?.ipdId) setView(data);
      if (a.ok && a.body?.success) {
        setError("");
        if (step === "group") setEdits({});
        if (step !== "final") setChoice({ special: {}, topup: [] });
        toast({ title: a.message });
        dispatchEvent(new Event(CLAIMS_CHANGED));
      } else setError(a.message || `Status ${a.status}`);
    } catch (e) {
      setError(`E-Klaim tidak terjangkau: ${e instanceof Error ? e.message : String(e)}`);
    }
  };

  if (!view) {
    return (
      <p class={error ? "alert alert-danger" : "hint"} role={error ? "alert" : undefined}>
        {error || "Memuat data E-Klaim…"}
      </p>
    );
  }
  const can = view.can;
  return (
    <div class="eklaim-panel blockable">
      <p class="eklaim-status">
        {"Status klaim: "}
        <strong data-eklaim-status>{view.statusText}</strong>
        {view.sep && ` · SEP ${view.sep}`}
        {view.groupedAt &&
          ` · grouping ${formatDateTime(view.groupedAt)}${
            view.duringStay ? " (selama dirawat)" : ""
          }`}
        {view.sentAt && ` · terkirim ${view.sentAt}`}
      </p>
      <div class="eklaim-actions" role="group" aria-label="Langkah E-Klaim">
        {(["group", "final", "send", "reedit"] as const).filter((s) => can[s]).map((s) => (
          <button
            key={s}
            type="button"
            class={`btn ${s === "group" || s === "final" ? "btn-primary" : "btn-light"}`}
            data-eklaim={s}
            disabled={active}
            onClick={() => act(s)}
          >
            {LABEL[s]}
          </button>
        ))}
        {can.print && (
          <a class="btn btn-light" data-eklaim="print" href={`${path}/print`} target="_blank">
            Cetak
          </a>
        )}
      </div>
      {error && <p class="alert alert-danger" role="alert" data-eklaim-error>{error}</p>}
      <StepLine steps={view.steps} />
      <EklaimResults view={view} choice={choice} onChoice={setChoice} />
      <EklaimCoding view={view} edits={edits} onEdits={setEdits} />
      {active && <ProgressPanel progress={progress} label="E-Klaim" start="Menghubungi E-Klaim" />}
    </div>
  );
}
