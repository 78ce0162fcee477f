import { createApp } from "../app.ts";
import { loadConfig } from "../lib/config.ts";
const app = createApp({ config: { ...loadConfig(), dbPath: ":memory:" } });
const m = JSON.parse(Deno.readTextFileSync("static/build/manifest.json"));
const r = await app.request("/static/build/" + m.boot);
console.log(r.status, r.headers.get("cache-control"));
