import { useEffect, useState } from "react";
import { LazyPanel } from "../components/eklaim/LazyPanel.tsx";
import { MonthSend } from "../components/eklaim/MonthSend.tsx";
import { Modal } from "../components/ui/Modal.tsx";
import { EKLAIM_OPEN } from "../lib/claim/columns.ts";

/**
 * E-Klaim 5.10 on the Klaim page, for casemix staff and the administrator: the month's send, and
 * a row's claim in a dialog when its 'E-Klaim' button asks (`EKLAIM_OPEN`). The stay page has
 * its own island (EklaimStay).
 */
export default function EklaimBridge({ today }: { today: string }) {
  const [row, setRow] = useState<{ id: string; name: string } | null>(null);
  useEffect(() => {
    const openRow = (e: Event) => setRow((e as CustomEvent<{ id: string; name: string }>).detail);
    addEventListener(EKLAIM_OPEN, openRow);
    return () => removeEventListener(EKLAIM_OPEN, openRow);
  }, []);
  return (
    <>
      <MonthSend today={today} />
      <Modal
        open={!!row}
        title={`E-Klaim ${row?.name ?? ""}`}
        onClose={() => setRow(null)}
        size="lg"
      >
        {row && <LazyPanel ipdId={row.id} />}
      </Modal>
    </>
  );
}
