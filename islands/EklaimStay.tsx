import { useState } from "react";
import { LazyPanel } from "../components/eklaim/LazyPanel.tsx";

/** E-Klaim on the stay page: a button opening the claim (its code fetched at hover or focus). */
export default function EklaimStay({ ipdId }: { ipdId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <section class="card eklaim-stay" aria-labelledby="eklaim-stay-t">
      <div class="eklaim-stay-head">
        <h2 id="eklaim-stay-t">E-Klaim 5.10</h2>
        <button
          type="button"
          class="btn btn-light"
          data-eklaim-open
          aria-expanded={open}
          aria-controls="eklaim-stay-panel"
          onPointerEnter={LazyPanel.prefetch}
          onFocus={LazyPanel.prefetch}
          onClick={() => setOpen(!open)}
        >
          {open ? "Tutup E-Klaim" : "Buka E-Klaim"}
        </button>
      </div>
      <div id="eklaim-stay-panel" hidden={!open}>{open && <LazyPanel ipdId={ipdId} />}</div>
    </section>
  );
}
