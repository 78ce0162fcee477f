import { useEffect, useState } from "react";
import { LazyPanel } from "../components/eklaim/LazyPanel.tsx";
import { MonthSend } from "../components/eklaim/MonthSend.tsx";
import { Modal } from "../components/ui/Modal.tsx";
import { EKLAIM_OPEN } from "../lib/claim/columns.ts";

/** E-Klaim on the Klaim page: the month's send, and a row's claim at `EKLAIM_OPEN`. */
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
