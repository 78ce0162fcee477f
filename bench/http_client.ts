/**
 * A separate HTTP client for the benches (bench/measure.ts `overHttp`): reads
 * `{ base, cookie, urls }` as JSON on stdin, GETs each URL in turn (body read) and prints
 * `{ times }` (ms).
 */
const { base, cookie, urls } = JSON.parse(await new Response(Deno.stdin.readable).text()) as {
  base: string;
  cookie: string;
  urls: string[];
};
const times: number[] = [];
for (const u of urls) {
  const t0 = performance.now();
  const r = await fetch(base + u, { headers: { cookie } });
  await r.arrayBuffer();
  if (r.status !== 200) throw new Error(`${u}: ${r.status}`);
  times.push(performance.now() - t0);
}
console.log(JSON.stringify({ times }));
