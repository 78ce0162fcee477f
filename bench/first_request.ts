/**
 * The first request after a restart, in its own process (bench/measure.ts
 * `firstRequestAfterRestart`): reads `{ file, dataDir, url }` as JSON on stdin, starts as
 * main.ts does (bundle checked, store opened and readied), then times one GET of `url` with an
 * admin session and prints `{ ms }`.
 */
import { createApp, prepareStore } from "../app.ts";
import { ensureBuilt } from "../build.ts";
import { createSession, users } from "../lib/auth/auth.ts";
import { loadConfig } from "../lib/config.ts";
import { Store } from "../lib/db/store.ts";

const { file, dataDir, url } = JSON.parse(await new Response(Deno.stdin.readable).text()) as {
  file: string;
  dataDir: string;
  url: string;
};
await ensureBuilt();
const config = {
  ...loadConfig({ get: () => undefined }),
  dataDir,
  adminPassword: "Uji-Casemix-2026!",
};
const store = await Store.open(file);
await prepareStore(store, config);
const app = createApp({ config, store });
const admin = (await users(store).index()).rows()[0].value;
const cookie = `sid=${await createSession(store, {
  userId: admin._id,
  username: "admin",
  fullname: "Bench",
  hospitalCode: "BENCH",
})}`;
const t0 = performance.now();
const res = await app.request(url, { headers: { cookie } });
await res.arrayBuffer();
const ms = performance.now() - t0;
if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
store.close();
console.log(JSON.stringify({ ms }));
