/**
 * The app served for the page bench in its own process, as it runs in a hospital (the browser
 * and its driver elsewhere): `deno run -A --unstable-kv bench/page_server.ts DIR FILE` opens the
 * bench data set's KV file, imports the official region set (for `/kelurahan`), listens on a free
 * loopback port once its indexes are warm (as `main.ts` warms them after a start) and prints
 * `{ url, cookie }` as one JSON line; it stops when stdin closes.
 */
import { join } from "node:path";
import type { Hono } from "hono";
import { Store } from "../lib/db/store.ts";
import { SHARED_DATA } from "./shared_data.ts";
import { appOf } from "./ipd_file.ts";
import { warmIndexes } from "../lib/warm/warm.ts";
import { registry } from "../resources/mod.ts";

const WILAYAH = join(SHARED_DATA, "wilayah");

async function upload(app: Hono<any>, cookie: string, res: string, file: string) {
  const fd = new FormData();
  fd.append("file", new File([await Deno.readFile(join(WILAYAH, file))], file));
  const r = await app.request(`/api/${res}/import`, {
    method: "POST",
    body: fd,
    headers: { cookie },
  });
  if (r.status !== 200) throw new Error(`${file}: ${await r.text()}`);
}

const [dir, file] = Deno.args;
const store = await Store.open(file);
const { app, cookie } = await appOf(store, dir);
for (
  const [res, csv] of [
    ["province", "provinces.csv"],
    ["regency", "regencies.csv"],
    ["district", "districts.csv"],
    ["village", "villages.csv"],
  ]
) await upload(app, cookie, res, csv);
await warmIndexes(store, registry); // as the server does right after it starts (main.ts)
const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, app.fetch);
console.log(JSON.stringify({ url: `http://127.0.0.1:${server.addr.port}`, cookie }));
for await (const _ of Deno.stdin.readable) { /* until the bench closes stdin */ }
await server.shutdown();
store.close();
