import { h, hydrate } from "preact";
import { isZone, setZoneProvider } from "../hospital_time.ts";

// dates shown and typed in the browser follow the hospital's zone the page was rendered in
const tz = document.documentElement.dataset.tz;
setZoneProvider(() => isZone(tz) ? tz : undefined);

type Data = { chunks: Record<string, string>; props: [string, Record<string, unknown>][] };

const el = document.getElementById("__islands");
if (el) {
  const data: Data = JSON.parse(el.textContent ?? "{}");
  for (const root of document.querySelectorAll<HTMLElement>("[data-island-id]")) {
    const [name, props] = data.props[Number(root.dataset.islandId)];
    import(data.chunks[name]).then((mod) => {
      hydrate(h(mod.default, props), root);
      root.dataset.hydrated = "true";
    });
  }
}
