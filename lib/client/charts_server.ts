/**
 * What the server sees for `casemix-charts` (deno.json): islands draw their charts only in the
 * browser (in effects, which server rendering never runs), so the server, and a compiled binary,
 * never load chart.js. build.ts points esbuild at the real `charts.ts`.
 */
import type * as charts from "./charts.ts";

const browserOnly = (): never => {
  throw new Error("Grafik hanya digambar di peramban.");
};

export const drawPie: typeof charts.drawPie = browserOnly;
export const drawBar: typeof charts.drawBar = browserOnly;
