import { useState } from "react";
import { LazyPanel } from "../components/eklaim/LazyPanel.tsx";

/**
 * E-Klaim 5.10 on the stay page, for casemix staff and the administrator: a button that opens
 * the stay's claim. The panel's code is fetched when the clerk points at or focuses the button,
 * not with the page.
 */
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
