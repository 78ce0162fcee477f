import { lazyPart } from "../ui/lazy.tsx";

/** One stay's E-Klaim panel (EklaimPanel), its code fetched when it is first opened. */
export const LazyPanel = lazyPart(
  "E-Klaim",
  () => import("./EklaimPanel.tsx").then((m) => m.EklaimPanel),
);
