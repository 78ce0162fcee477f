/** The dashboard's chart.js drawing: only the pie and bar parts, so the bundle has no more. */
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

/** The link at an event, by where elements rest (a pie still growing opens the resting slice). */
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

/** Each element's tooltip: its `tip` (never the chart's title, as chart.js would), else label. */
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
 * On the canvas: `data-points` (each element's label and resting centre, CSS px), `data-ready`
 * once the animation is over, and `data-tip`, the tooltip shown (lines joined by ' / ').
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

/** Options of both kinds: no animation with reduced motion (the canvas says when at rest). */
function baseOptions(canvas: HTMLCanvasElement, slices: Slice[]) {
  const links = linkOptions(slices.map((s) => s.href));
  const base = { responsive: true, maintainAspectRatio: false, ...links };
  if (reducedMotion()) {
    canvas.dataset.ready = "true";
    return { ...base, animation: false as const };
  }
  delete canvas.dataset.ready;
  return { ...base, animation: { onComplete: () => void (canvas.dataset.ready = "true") } };
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
      ...baseOptions(canvas, slices),
      plugins: { legend: { position: "bottom" }, tooltip: tooltipOptions(slices) },
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
      ...baseOptions(canvas, bars),
      scales: {
        x: { beginAtZero: true, max: barMax(bars.map((b) => b.value)), ticks: { precision: 0 } },
      },
      plugins: { legend: { display: false }, tooltip: tooltipOptions(bars) },
    },
  });
}
