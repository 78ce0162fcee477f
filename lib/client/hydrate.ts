import { h, hydrate } from "preact";
import { isZone, setZoneProvider } from "../hospital_time.ts";

// dates shown and typed in the browser follow the hospital's zone the page was rendered in
const tz = document.documentElement.dataset.tz;
setZoneProvider(() => isZone(tz) ? tz : undefined);

/** Hydrates one island's chunk onto `root` (`globalThis.__casemixHydrating` true meanwhile). */
export async function hydrateIsland(
  chunk: string,
  props: Record<string, unknown>,
  root: HTMLElement,
): Promise<void> {
  const mod = await import(chunk);
  // read by components while they render (components/ui/ServerTable.tsx `hydrating`)
  const g = globalThis as { __casemixHydrating?: boolean };
  g.__casemixHydrating = true;
  try {
    hydrate(h(mod.default, props), root);
  } finally {
    g.__casemixHydrating = false;
  }
  root.dataset.hydrated = "true";
}
