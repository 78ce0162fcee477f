import { h, hydrate } from "preact";

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
