import { chromium } from "playwright-core";
import { WATCH } from "../page_bench.ts";
const url = Deno.args[0], path = Deno.args[1], variants = Deno.args.slice(2);
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
const css = await (await fetch(url + "/static/app.css")).text();
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
const res: Record<string, { u: number[]; d: number[] }> = {};
function transform(v: string, html: string) {
  if (v.includes("noexpect")) html = html.replace(/<link rel="expect"[^>]*>/, "");
  if (v.includes("prehead")) {
    const pre = html.match(/<link rel="modulepreload"[^>]*>/g)!.join("");
    html = html.replace(/<link rel="modulepreload"[^>]*>/g, "").replace("</head>", pre + "</head>");
  }
  if (v.includes("inlinecss")) {
    html = html.replace(/<link rel="stylesheet"[^>]*>/, `<style>${css}</style>`);
  }
  if (v.includes("sans")) {
    html = html.replace("</head>", "<style>body{font-family:sans-serif}</style></head>");
  }
  if (v.includes("nosidebar")) html = html.replace(/<nav id="sidebar".*?<\/nav>/s, "");
  return html;
}
for (let i = 0; i < 8; i++) {
  for (const v of variants) {
    const ctx = await browser.newContext({
      viewport: { width: 1366, height: 768 },
      locale: "en-US",
    });
    const [n, val] = cookie.split("=");
    await ctx.addCookies([{ name: n, value: val, url }]);
    await ctx.addInitScript({ content: WATCH });
    await ctx.route(url + path, async (route) => {
      const r = await route.fetch();
      await route.fulfill({ response: r, body: transform(v, await r.text()) });
    });
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
    const d = await page.evaluate(() =>
      (performance.getEntriesByType("navigation")[0] as any).domInteractive
    );
    if (i) {
      (res[v] ??= { u: [], d: [] }).u.push(Math.round(args[1]));
      res[v].d.push(Math.round(d));
    }
    await ctx.close();
  }
}
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const [v, r] of Object.entries(res)) {
  console.log(
    path,
    v.padEnd(24),
    "usable",
    med(r.u),
    "domInt",
    med(r.d),
    " ",
    r.u.sort((a, b) => a - b).join(" "),
  );
}
await browser.close();
