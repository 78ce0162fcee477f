/** `casemix-charts` on the server (deno.json; build.ts bundles charts.ts): never loads chart.js. */
import type * as charts from "./charts.ts";

const browserOnly = (): never => {
  throw new Error("Grafik hanya digambar di peramban.");
};

export const drawPie: typeof charts.drawPie = browserOnly;
export const drawBar: typeof charts.drawBar = browserOnly;
