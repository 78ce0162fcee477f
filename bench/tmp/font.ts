import { chromium } from "playwright-core";
import { WATCH } from "../page_bench.ts";
const url = Deno.args[0], path = Deno.args[1], mode = Deno.args[2];
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
const out: number[] = [];
for (let i = 0; i < 7; i++) {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: "en-US" });
  const [n, v] = cookie.split("=");
  await ctx.addCookies([{ name: n, value: v, url }]);
  await ctx.addInitScript({ content: WATCH });
  await ctx.route("**/*.css", async (route) => {
    const r = await route.fetch();
    let body = await r.text();
    if (mode === "sans") {
      body = body.replace(/font: 14px\/1.45 [^;]*;/, "font: 14px/1.45 sans-serif;");
    }
    if (mode === "arial") {
      body = body.replace(/font: 14px\/1.45 [^;]*;/, "font: 14px/1.45 Arial, sans-serif;");
    }
    await route.fulfill({ response: r, body });
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
  if (i) out.push(Math.round(args[1]));
  await ctx.close();
}
console.log(mode, path, out.sort((a, b) => a - b).join(" "));
await browser.close();
