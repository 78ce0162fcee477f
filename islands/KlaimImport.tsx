import { useRef, useState } from "react";
import { ProgressPanel, useFileImport } from "../components/ui/Progress.tsx";
import { ReconciliationView, StatusImportView } from "../components/claim/Reconciliation.tsx";
import type { Reconciliation } from "../lib/claim/reconciliation.ts";
import type { StatusImport } from "../lib/claim/status_import.ts";
import { CLAIMS_CHANGED } from "../lib/claim/columns.ts";

type Result = { kind: "eklaim"; r: Reconciliation } | { kind: "status"; r: StatusImport };

const KINDS = {
  eklaim: {
    url: "/api/klaim/import-eklaim",
    label: "Impor E-Klaim",
    missing: "Harap pilih file TXT E-Klaim terlebih dahulu.",
  },
  status: {
    url: "/api/klaim/import-status",
    label: "Impor status klaim",
    missing: "Harap pilih file .xlsx terlebih dahulu.",
  },
} as const;

/** The Klaim page's imports: E-Klaim's TXT (then its reconciliation) and statuses from Excel. */
export default function KlaimImport() {
  const { job, send } = useFileImport();
  const [label, setLabel] = useState("");
  const [result, setResult] = useState<Result | null>(null);
  const txt = useRef<HTMLInputElement>(null);
  const xlsx = useRef<HTMLInputElement>(null);
  const run = async (kind: keyof typeof KINDS) => {
    const k = KINDS[kind];
    setLabel(k.label);
    const a = await send(kind === "eklaim" ? txt.current : xlsx.current, k.url, k.missing);
    if (!a) return;
    setResult({ kind, r: a.body as never });
    dispatchEvent(new Event(CLAIMS_CHANGED));
  };
  return (
    <section class="card klaim-import blockable">
      {job.active && <ProgressPanel progress={job.progress} label={label} />}
      <div class="dt-import">
        <label for="klaim-eklaim-file">File TXT E-Klaim</label>
        <input id="klaim-eklaim-file" ref={txt} type="file" accept=".txt,text/plain" />
        <button type="button" class="btn" disabled={job.active} onClick={() => run("eklaim")}>
          Impor E-Klaim
        </button>
      </div>
      <div class="dt-import">
        <label for="klaim-status-file">Status klaim (Excel .xlsx, per SEP)</label>
        <input
          id="klaim-status-file"
          ref={xlsx}
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        />
        <button type="button" class="btn" disabled={job.active} onClick={() => run("status")}>
          Impor Status
        </button>
        <a class="btn btn-light" href="/api/klaim/template" download>Unduh template</a>
      </div>
      {result && (
        <div class="klaim-result">
          <button type="button" class="btn btn-sm btn-light" onClick={() => setResult(null)}>
            Tutup hasil
          </button>
          {result.kind === "eklaim"
            ? <ReconciliationView r={result.r} />
            : <StatusImportView r={result.r} />}
        </div>
      )}
    </section>
  );
}
