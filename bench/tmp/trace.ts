import { chromium } from "playwright-core";
import { WATCH } from "/work/main/bench/page_bench.ts";
const url = Deno.args[0], path = Deno.args[1];
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
for (let i = 0; i < 3; i++) {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: "en-US" });
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
  if (i == 2) {
    await browser.startTracing(page, {
      categories: [
        "devtools.timeline",
        "v8.execute",
        "disabled-by-default-devtools.timeline",
        "blink.user_timing",
        "loading",
        "netlog",
      ],
    });
  }
  await page.goto(url + path, { waitUntil: "commit" });
  const args = await Promise.all((await usable).args().map((a) => a.jsonValue()));
  console.log("usable", args[1], "rows", args[2]);
  if (i == 2) {
    const buf = await browser.stopTracing();
    await Deno.writeFile("/tmp/s/trace.json", buf);
    const res = await page.evaluate(() =>
      performance.getEntriesByType("resource").map((
        e: any,
      ) => [
        e.name.replace(location.origin, ""),
        Math.round(e.startTime),
        Math.round(e.responseEnd),
        e.transferSize,
        e.encodedBodySize,
      ])
    );
    const nav = await page.evaluate(() => {
      const n: any = performance.getEntriesByType("navigation")[0];
      return [
        n.responseStart,
        n.responseEnd,
        n.domInteractive,
        n.domContentLoadedEventEnd,
        n.encodedBodySize,
        n.decodedBodySize,
      ].map(Math.round);
    });
    console.log("nav", nav);
    for (const r of res) console.log(r.join("\t"));
  }
  await ctx.close();
}
await browser.close();
