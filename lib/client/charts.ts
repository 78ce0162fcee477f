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
  type ChartEvent,
  Legend,
  LinearScale,
  PieController,
  type Plugin,
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

/**
 * The element at an event, by where the elements end up (not where the opening animation has
 * them now): a slice clicked while the pie still grows opens the slice drawn there at rest.
 */
function hrefAt(chart: Chart, e: ChartEvent, hrefs: (string | null)[]): string | null {
  const els = chart.getElementsAtEventForMode(e as never, "nearest", { intersect: true }, true);
  return els.length ? hrefs[els[0].index] : null;
}

/** Clicking an element opens its link; the pointer shows which ones have one. */
function linkOptions(hrefs: (string | null)[]) {
  return {
    onClick: (e: ChartEvent, _els: unknown, chart: Chart) => {
      const href = hrefAt(chart, e, hrefs);
      if (href) location.assign(href);
    },
    onHover: (e: ChartEvent, _els: unknown, chart: Chart) => {
      const target = e.native?.target as HTMLElement | undefined;
      if (target) target.style.cursor = hrefAt(chart, e, hrefs) ? "pointer" : "";
    },
  };
}

/** Text cut into lines of at most 40 characters at spaces (a long ICD name in a tooltip). */
export function wrapText(text: string): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > 40) lines.push(line), line = word;
    else line = line ? `${line} ${word}` : word;
  }
  return line ? [...lines, line] : lines;
}

/**
 * Each element's tooltip: its `tip` (a code and its name over its figures, never the chart's
 * title: chart.js would say '10 Diagnosis (ICD-10) Terbanyak: 5'), else its label and value.
 */
function tooltipOptions(slices: Slice[]) {
  return {
    callbacks: {
      title: (items: { dataIndex: number }[]) => {
        const s = slices[items[0]?.dataIndex];
        return s ? wrapText(s.tip?.title ?? s.label) : "";
      },
      label: (item: { dataIndex: number }) => {
        const s = slices[item.dataIndex];
        return s ? s.tip?.body ?? String(s.value) : "";
      },
    },
  };
}

/** True when the user asked the system for less motion: charts are then drawn at once. */
const reducedMotion = () => globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

/**
 * What a chart tells the page about itself, on its canvas: `data-points` (each element's label
 * and resting centre in CSS pixels from the canvas's top left, kept current on every layout),
 * `data-ready="true"` once the opening animation is over (at once with reduced motion) and
 * `data-tip`, the tooltip shown (its lines joined by ' / '; empty when none is).
 */
const statePlugin: Plugin = {
  id: "casemixState",
  afterDraw(chart) {
    const t = chart.tooltip;
    const lines = t && t.opacity > 0 ? [...t.title, ...t.body.flatMap((b) => b.lines)] : [];
    chart.canvas.dataset.tip = lines.join(" / ");
  },
  afterUpdate(chart) {
    const labels = chart.data.labels ?? [];
    const points = chart.getDatasetMeta(0).data.map((el, i) => {
      const { x, y } = (el as unknown as ArcElement | BarElement).getCenterPoint(true);
      return { label: String(labels[i]), x: Math.round(x ?? 0), y: Math.round(y ?? 0) };
    });
    chart.canvas.dataset.points = JSON.stringify(points);
  },
};

/** Animation off when the user prefers reduced motion; the canvas says when it is at rest. */
function motionOptions(canvas: HTMLCanvasElement) {
  if (reducedMotion()) {
    canvas.dataset.ready = "true";
    return { animation: false as const };
  }
  delete canvas.dataset.ready;
  return { animation: { onComplete: () => void (canvas.dataset.ready = "true") } };
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
    plugins: [statePlugin],
    options: {
      responsive: true,
      maintainAspectRatio: false,
      ...motionOptions(canvas),
      plugins: { legend: { position: "bottom" }, tooltip: tooltipOptions(slices) },
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
    plugins: [statePlugin],
    options: {
      indexAxis: "y",
      responsive: true,
      maintainAspectRatio: false,
      ...motionOptions(canvas),
      scales: {
        x: { beginAtZero: true, max: barMax(bars.map((b) => b.value)), ticks: { precision: 0 } },
      },
      plugins: { legend: { display: false }, tooltip: tooltipOptions(bars) },
      ...linkOptions(bars.map((b) => b.href)),
    },
  });
}
