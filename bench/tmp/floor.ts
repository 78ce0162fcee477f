import { chromium } from "playwright-core";
const url = Deno.args[0];
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
for (const variant of ["bare", "css"]) {
  const out: number[] = [];
  for (let i = 0; i < 6; i++) {
    const ctx = await browser.newContext({
      viewport: { width: 1366, height: 768 },
      locale: "en-US",
    });
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
    const css = variant === "css" ? `<link rel="stylesheet" href="${url}/static/app.css">` : "";
    await page.route(url + "/floor", (r) =>
      r.fulfill({
        contentType: "text/html",
        body:
          `<!doctype html><html><head>${css}</head><body><main><h1>Halo</h1><p>teks</p></main><script>requestAnimationFrame(()=>setTimeout(()=>console.debug("done", performance.now())))</script></body></html>`,
      }));
    const done = page.waitForEvent("console", { predicate: (m) => m.text().startsWith("done") });
    await page.goto(url + "/floor", { waitUntil: "commit" });
    const a = await Promise.all((await done).args().map((x) => x.jsonValue()));
    if (i) out.push(Math.round(a[1]));
    await ctx.close();
  }
  console.log(variant, out.sort((a, b) => a - b).join(" "));
}
await browser.close();
