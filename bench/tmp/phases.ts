import { chromium } from "playwright-core";
import { WATCH } from "../page_bench.ts";
const url = Deno.args[0];
const login = await fetch(url + "/auth/login", {
  method: "POST",
  headers: { origin: url },
  body: new URLSearchParams({
    hospitalCode: "DEMO",
    username: "admin",
    password: "Kuat-Sekali-2026",
  }),
});
await login.text();
const cookie = login.headers.getSetCookie()[0].split(";")[0];
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
for (const path of Deno.args.slice(1)) {
  const rows: Record<string, number>[] = [];
  for (let i = 0; i < 6; i++) {
    const ctx = await browser.newContext({
      viewport: { width: 1366, height: 768 },
      locale: "en-US",
    });
    const [n, v] = cookie.split("=");
    await ctx.addCookies([{ name: n, value: v, url }]);
    await ctx.addInitScript({ content: WATCH });
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
    const usable = page.waitForEvent("console", {
      predicate: (m) => m.text().startsWith("casemix-bench-usable"),
      timeout: 60000,
    });
    await page.goto(url + path, { waitUntil: "commit" });
    const args = await Promise.all((await usable).args().map((a) => a.jsonValue()));
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    const p = await page.evaluate(() => {
      const n: any = performance.getEntriesByType("navigation")[0];
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? -1;
      const res = performance.getEntriesByType("resource") as any[];
      const css = res.find((r) => r.name.endsWith(".css"));
      const js = res.filter((r) => r.name.endsWith(".js"));
      return {
        resEnd: n.responseEnd,
        cssEnd: css?.responseEnd ?? -1,
        jsEnd: Math.max(...js.map((r) => r.responseEnd)),
        nJs: js.length,
        fcp,
        domInt: n.domInteractive,
        dcl: n.domContentLoadedEventEnd,
      };
    });
    if (i) rows.push({ ...p, usable: args[1] as number });
    await ctx.close();
  }
  const keys = Object.keys(rows[0]);
  const med = (k: string) =>
    rows.map((r) => r[k]).sort((a, b) => a - b)[Math.floor(rows.length / 2)];
  console.log(path.padEnd(20), keys.map((k) => `${k}=${Math.round(med(k))}`).join(" "));
}
await browser.close();
