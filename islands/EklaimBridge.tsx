import { useEffect, useState } from "react";
import { EklaimPanel } from "../components/eklaim/EklaimPanel.tsx";
import { MonthSend } from "../components/eklaim/MonthSend.tsx";
import { Modal } from "../components/ui/Modal.tsx";
import { CLAIMS_CHANGED, EKLAIM_OPEN } from "../lib/claim/columns.ts";

/**
 * E-Klaim 5.10 on a page, for casemix staff and the administrator: on the stay page (`ipdId`)
 * the stay's claim; on the Klaim page (`today`) the month's send, and a row's claim in a dialog
 * when its 'E-Klaim' button asks (`EKLAIM_OPEN`).
 */
export default function EklaimBridge(
  { ipdId, today }: { ipdId?: string; today?: string },
) {
  const [row, setRow] = useState<{ id: string; name: string } | null>(null);
  useEffect(() => {
    if (ipdId) return;
    const openRow = (e: Event) => setRow((e as CustomEvent<{ id: string; name: string }>).detail);
    addEventListener(EKLAIM_OPEN, openRow);
    return () => removeEventListener(EKLAIM_OPEN, openRow);
  }, [ipdId]);
  if (ipdId) {
    return (
      <section class="card eklaim-stay" aria-labelledby="eklaim-stay-t">
        <h2 id="eklaim-stay-t">E-Klaim 5.10</h2>
        <EklaimPanel ipdId={ipdId} onChanged={() => dispatchEvent(new Event(CLAIMS_CHANGED))} />
      </section>
    );
  }
  return (
    <>
      <MonthSend today={today ?? ""} />
      <Modal
        open={!!row}
        title={`E-Klaim ${row?.name ?? ""}`}
        onClose={() => setRow(null)}
        size="lg"
      >
        {row && (
          <EklaimPanel
            ipdId={row.id}
            onChanged={() => dispatchEvent(new Event(CLAIMS_CHANGED))}
          />
        )}
      </Modal>
    </>
  );
}
