/**
 * The page bench's scripts run inside each page (bench/page_bench.ts): they tell the bench, by
 * console messages, when the page was usable and hydrated, and note when a letter was typed and
 * when the rows answering it were painted.
 */
export const USABLE = "casemix-bench-usable";
export const HYDRATED = "casemix-bench-hydrated";
export const FOCUSED = "casemix-bench-focused";

/**
 * Tells, from the page, when it is usable (ms since navigation start): its rows painted (the
 * first contentful paint; they are rendered on the server) and every island armed, so a click
 * or a keystroke is answered (held and replayed if it comes before hydration; see
 * lib/client/boot.ts). Also when every island has hydrated. One console message each, so
 * nothing is evaluated in the page while it loads (Playwright's own page scripts would cost a
 * throttled CPU tens of ms).
 */
export const WATCH = `(() => {
  let paint = 0, armed = 0, told = false;
  const all = (attr) => {
    const els = document.querySelectorAll("[data-island-id]");
    if (!els.length) return false;
    for (const el of els) if (el.dataset[attr] !== "true") return false;
    return true;
  };
  const tell = () => {
    if (told || !paint || !armed) return;
    told = true;
    console.debug("${USABLE}", Math.max(paint, armed),
      document.querySelectorAll("main tbody tr").length, paint, armed);
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.name === "first-contentful-paint") {
        paint = e.startTime;
        tell();
      }
    }
  }).observe({ type: "paint", buffered: true });
  const obs = new MutationObserver(() => {
    if (!armed && all("ready")) { armed = performance.now(); tell(); }
    if (all("hydrated")) {
      obs.disconnect();
      console.debug("${HYDRATED}", performance.now());
    }
  });
  // attributes only: the parser's own insertions would wake a childList observer hundreds of times
  obs.observe(document, { subtree: true, attributes: true,
    attributeFilter: ["data-ready", "data-hydrated"] });
  // a letter typed (the first keydown), and each time a table stops being busy, when the frame
  // showing its new rows was painted: a one-character mark is added in that frame (in the
  // microtask after the table's change) and the browser tells when it painted it (Element
  // Timing), whatever the page does next; read by typedAtPaint
  globalThis.__typed = 0;
  globalThis.__shown = [];
  addEventListener("keydown", (e) => { globalThis.__typed ||= e.timeStamp; }, true);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.identifier === "casemix-shown") globalThis.__shown.push(e.renderTime || e.startTime);
    }
  }).observe({ type: "element", buffered: true });
  new MutationObserver((list) => {
    if (list.some((m) => m.oldValue === "true" && !m.target.hasAttribute("aria-busy"))) {
      const mark = document.createElement("span");
      mark.setAttribute("elementtiming", "casemix-shown");
      mark.textContent = ".";
      mark.style.cssText = "position:fixed;left:0;bottom:0;font-size:2px;pointer-events:none";
      document.body.append(mark);
    }
  }).observe(document, { subtree: true, attributes: true, attributeOldValue: true,
    attributeFilter: ["aria-busy"] });
})();`;

/**
 * For the typed runs: at the first contentful paint, the page's search box takes the focus, as
 * when a clerk clicks it the moment it shows (a focus starts hydration, as a click does, see
 * lib/client/boot.ts), and the bench is told whether there was one; the letter is then typed at
 * once, without the driver's own checks of the box (each a round trip into a throttled page).
 */
export const FOCUS_AT_PAINT = `new PerformanceObserver((list, obs) => {
  if (!list.getEntries().some((e) => e.name === "first-contentful-paint")) return;
  obs.disconnect();
  const box = document.querySelector("main input[type=search]");
  box?.focus();
  console.debug("${FOCUSED}", !!box && document.activeElement === box);
}).observe({ type: "paint", buffered: true });`;
