/** axe-core run in the page (tests/e2e/a11y_test.ts and the screens' own browser tests). */
import type { Page } from "playwright-core";

/** axe-core's own bundle (the npm package's `axe.min.js`), injected into each page. */
const AXE = await Deno.readTextFile(
  new URL(import.meta.resolve("axe-core").replace(/axe\.js$/, "axe.min.js")),
);

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * The serious and critical violations axe finds in `scope` (the whole page by default). The
 * page's CSP refuses inline scripts: its context needs `bypassCSP` for the bundle.
 */
export async function violations(page: Page, scope = "html"): Promise<string[]> {
  if (!await page.evaluate(() => "axe" in globalThis)) await page.addScriptTag({ content: AXE });
  const found = await page.evaluate(async (scope) => {
    const axe = (globalThis as unknown as {
      axe: { run: (c: unknown, o: unknown) => Promise<{ violations: Violation[] }> };
    }).axe;
    const r = await axe.run(document.querySelector(scope), { resultTypes: ["violations"] });
    return r.violations;
  }, scope);
  return found.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) =>
    `${v.impact} ${v.id} (${v.help}): ${
      v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)).join(", ")
    }`
  );
}
