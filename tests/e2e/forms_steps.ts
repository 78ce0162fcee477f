/** The steps of the form browser test (tests/e2e/forms_test.ts): what a clerk's keyboard does. */
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";

/** Saves a screenshot of a form point as `{SCREENSHOTS}/forms-{name}.png` when that is set. */
export async function shot(page: Page, name: string) {
  const dir = Deno.env.get("SCREENSHOTS");
  if (dir) await page.screenshot({ path: `${dir}/forms-${name}.png` });
}

/** The focused element's id. */
export const focused = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");

/** Whether `el` lies wholly inside the window and inside its modal's scrolling body. */
export const inView = (el: Locator) =>
  el.evaluate((e) => {
    const r = e.getBoundingClientRect();
    const body = e.closest(".modal-body")?.getBoundingClientRect();
    const within = (o: { top: number; bottom: number }) => r.top >= o.top && r.bottom <= o.bottom;
    return within({ top: 0, bottom: innerHeight }) && (!body || within(body));
  });

/** Whether `el` lies wholly inside the window. */
export const onScreen = (el: Locator) =>
  el.evaluate((e) => {
    const r = e.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight;
  });

/** A CSS colour as computed (`rgb(…)`/`rgba(…)`), as [r, g, b, alpha]. */
export function rgba(css: string): [number, number, number, number] {
  const n = css.match(/[\d.]+/g)!.map(Number);
  return [n[0], n[1], n[2], n[3] ?? 1];
}

/** `top` laid over `under` (an opaque colour), as an opaque colour. */
export function over(top: number[], under: number[]): number[] {
  const a = top[3] ?? 1;
  return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a));
}

/** WCAG 2.2's relative luminance of an sRGB colour (0-255 channels). */
function luminance([r, g, b]: number[]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2.2's contrast ratio of two opaque colours, (L1 + 0.05) / (L2 + 0.05), lighter first. */
export function contrast(a: number[], b: number[]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The focused element's ring colours as computed: its outline (when drawn) and each of its
 * box-shadow rings (spread, no blur), inner first.
 */
export const ringColours = (page: Page) =>
  page.evaluate(() => {
    const s = getComputedStyle(document.activeElement!);
    const out: string[] = [];
    if (s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 2) out.push(s.outlineColor);
    for (const m of s.boxShadow.matchAll(/(rgba?\([^)]*\))\s+0px\s+0px\s+0px\s+([\d.]+)px/g)) {
      if (parseFloat(m[2]) > 0) out.push(m[1]);
    }
    return out;
  });

/** The opaque background behind `el`: its own and its ancestors' laid over each other. */
export async function backgroundOf(el: Locator): Promise<number[]> {
  const layers = await el.evaluate((e) => {
    const out: string[] = [];
    for (let n: Element | null = e; n; n = n.parentElement) {
      out.push(getComputedStyle(n).backgroundColor);
    }
    return out;
  });
  let bg = [255, 255, 255];
  for (const c of layers.reverse()) bg = over(rgba(c), bg);
  return bg;
}

/** Asserts the focused element's ring stands out 3:1 from `bg` (WCAG 2.2 focus appearance). */
export async function ringStandsOut(page: Page, bg: number[], where: string) {
  const rings = await ringColours(page);
  assert.ok(rings.length > 0, `${where}: no focus ring`);
  const best = Math.max(...rings.map((c) => contrast(over(rgba(c), bg), bg)));
  assert.ok(best >= 3, `${where}: ring ${rings.join(" / ")} is ${best.toFixed(2)}:1`);
}

/** Presses Tab until the focused element matches `selector` (at most `max` presses). */
export async function tabTo(page: Page, selector: string, max = 12) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((s) => document.activeElement?.matches(s), selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}
