/**
 * The dashboard's chart.js drawing. Only the pie and bar parts are registered (and imported by
 * name), so the bundle carries nothing else of chart.js.
 */
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  PieController,
  Tooltip,
} from "chart.js";
import { barMax, PALETTE, type Slice } from "../report/dashboard.ts";

Chart.register(
  PieController,
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
);

/** Clicking an element opens its link; the pointer shows which ones have one. */
function linkOptions(hrefs: (string | null)[]) {
  return {
    onClick: (_e: unknown, els: { index: number }[]) => {
      const href = els.length ? hrefs[els[0].index] : null;
      if (href) location.assign(href);
    },
    onHover: (e: { native: Event | null }, els: { index: number }[]) => {
      const target = e.native?.target as HTMLElement | undefined;
      if (target) target.style.cursor = els.length && hrefs[els[0].index] ? "pointer" : "";
    },
  };
}

/** A pie of slices, coloured from the 8-colour palette in order. */
export function drawPie(canvas: HTMLCanvasElement, slices: Slice[], label: string): Chart {
  return new Chart(canvas, {
    type: "pie",
    data: {
      labels: slices.map((s) => s.label),
      datasets: [{
        label,
        data: slices.map((s) => s.value),
        backgroundColor: slices.map((_, i) => PALETTE[i % PALETTE.length]),
      }],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      plugins: { legend: { position: "bottom" } },
      ...linkOptions(slices.map((s) => s.href)),
    },
  });
}

/** A horizontal bar chart whose axis ends at twice the largest value. */
export function drawBar(canvas: HTMLCanvasElement, bars: Slice[], label: string): Chart {
  return new Chart(canvas, {
    type: "bar",
    data: {
      labels: bars.map((b) => b.label),
      datasets: [{ label, data: bars.map((b) => b.value), backgroundColor: PALETTE[0] }],
    },
    options: {
      indexAxis: "y",
      responsive: true,
      maintainAspectRatio: false,
      scales: {
        x: { beginAtZero: true, max: barMax(bars.map((b) => b.value)), ticks: { precision: 0 } },
      },
      plugins: { legend: { display: false } },
      ...linkOptions(bars.map((b) => b.href)),
    },
  });
}
